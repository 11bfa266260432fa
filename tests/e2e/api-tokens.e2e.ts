// API tokens as a person makes and uses them: account menu → Account settings → API tokens; a form missing
// its team and access says so beside the fields; the token made for one team with computes read-write is
// shown once, used by a script (fetch from the test) to make and list computes, refused billing, listed
// with its last use, and revoked — after which it no longer works.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asAccount, createAccount, newIdentity, openAccountSettings, topUp, useAccount } from './accounts';
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

function withToken(secret: string, method: string, path: string, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('API tokens in Chromium', () => {
  it('makes a token for one team and area, uses it from a script, sees its last use and revokes it', async () => {
    const account = await createAccount(baseUrl, newIdentity('Toni Token'));
    await topUp(baseUrl, account);
    const { teams } = await asAccount<{ teams: Array<{ id: string; name: string }> }>(
      baseUrl,
      account,
      'GET',
      '/teams',
    );
    const team = teams[0]!;
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await openAccountSettings(page, 'API tokens');
    await page.getByText('You have no API tokens.').waitFor();
    await expectNoAxeViolations(page);

    // Named, but no team and no access: nothing is sent, each field says what it needs, the name stays.
    await page.getByLabel('Name').fill('deploy script');
    await page.getByRole('button', { name: 'Make the token' }).click();
    await page.getByText('Choose at least one team for the token to act for.').waitFor();
    await page.getByText('Give it read or write access to at least one area').waitFor();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('deploy script');

    await page.getByRole('checkbox', { name: team.name }).check();
    await page.getByRole('combobox', { name: 'Computes' }).click();
    await page.getByRole('option', { name: 'Read and write' }).click();
    await page.getByRole('button', { name: 'Make the token' }).click();
    const shown = page.getByTestId('new-token-secret');
    await shown.waitFor();
    const secret = (await shown.textContent())!.trim();
    expect(secret).toMatch(/^ikt_[A-Za-z0-9_-]{43}$/);
    await page.getByText('this is the only time it is shown').waitFor();
    await expectNoAxeViolations(page);

    // A script with the token: computes yes, billing no.
    const created = await withToken(secret, 'POST', `/resource-manager/api/v1/teams/${team.id}/computes`, {
      hostname: `token-${randomUUID().slice(0, 6)}`,
      locationId: 'kgl1',
      operatingSystemId: 'ubuntu-24-04',
      instanceTypeId: 's-1vcpu-1gb',
      authentication: { method: 'ssh-key', publicKey: sshPublicKey('toni@ci') },
      tags: [],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const listed = await withToken(secret, 'GET', `/resource-manager/api/v1/teams/${team.id}/computes`);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { computes: unknown[] }).computes).toHaveLength(1);
    const billing = await withToken(secret, 'GET', `/payment/api/v1/teams/${team.id}/balance`);
    expect(billing.status).toBe(403);
    expect(((await billing.json()) as { detail: string }).detail).toMatch(/^This token cannot read billing/);

    // Dismissed, the secret is gone from the page; the list shows what it may do and its last use.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: 'Make the token' }).waitFor();
    await expect(page.getByText(secret).count()).resolves.toBe(0);
    const row = page.getByRole('row').filter({ hasText: 'deploy script' });
    await row.filter({ hasText: 'Computes: Read and write' }).waitFor();
    await row.filter({ hasText: `For ${team.name}` }).waitFor();
    await page.reload();
    await row.filter({ hasText: /from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/ }).waitFor();
    await expect(row.getByText('Never').count()).resolves.toBe(0);

    await row.getByRole('button', { name: 'Revoke deploy script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke the token' }).click();
    await page.getByText('“deploy script” is revoked: it no longer works.').waitFor();
    await page.getByText('You have no API tokens.').waitFor();
    const after = await withToken(secret, 'GET', `/resource-manager/api/v1/teams/${team.id}/computes`);
    expect(after.status).toBe(401);
    expect(problems).toEqual([]);
  });
});
