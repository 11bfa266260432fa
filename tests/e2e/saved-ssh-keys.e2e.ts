// Saved SSH keys as a person uses them: account menu → Account settings → SSH keys; a private key pasted by
// mistake is refused beside the field and kept; a public key saved with its fingerprint; then, by the
// sidebar, a compute created with that saved key picked instead of pasting one — and its page names the key.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, openAccountSettings, topUp, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { sshPublicKey } from './ssh-keys';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('saved SSH keys in Chromium', () => {
  it('saves a key once and creates a compute with it picked', async () => {
    const account = await createAccount(baseUrl, newIdentity('Kayla Keys'));
    await topUp(baseUrl, account);
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await openAccountSettings(page, 'SSH keys');
    await page.getByText('No saved SSH keys yet.').waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Name').fill('Laptop');
    const field = page.getByLabel('Public key');
    await field.fill('-----BEGIN OPENSSH PRIVATE KEY-----');
    await page.getByRole('button', { name: 'Save the key' }).click();
    await page
      .getByText(/Paste one public key/)
      .first()
      .waitFor();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Laptop');

    await field.fill(sshPublicKey('kayla@laptop'));
    await page.getByRole('button', { name: 'Save the key' }).click();
    const saved = page.getByText(/^“Laptop” is saved \(SHA256:[A-Za-z0-9+/]{43}\)\.$/);
    await saved.waitFor();
    const fingerprint = /\((SHA256:[^)]+)\)/.exec((await saved.textContent())!)![1]!;
    await page.getByRole('row').filter({ hasText: 'Laptop' }).filter({ hasText: fingerprint }).waitFor();
    await expectNoAxeViolations(page);

    // Back in the team: Computes → create, the saved key picked instead of a pasted one.
    await page.getByRole('link', { name: '← Back to the console' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Computes' }).click();
    await page
      .getByRole('link', { name: /create (a|your first) compute/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Create a compute', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: /Laptop/ }).check();
    await page.getByLabel('Another SSH public key (optional)').waitFor();
    await page.getByLabel('Hostname').fill('with-saved-key');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create compute' }).click();
    await page.waitForURL(/\/computes\/[0-9a-f-]{36}$/);
    await page.getByText(`Signs in with your SSH key (${fingerprint}).`).waitFor();
    expect(problems).toEqual([]);
  });
});
