// Billing as a new owner would first meet it: add money through the sandbox payment page, come back to the
// console and see the balance change; a declined payment changes nothing and says why.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('billing in Chromium', () => {
  it('tops up in the sandbox and sees the balance change; a declined payment adds nothing', async () => {
    const account = await createAccount(baseUrl, newIdentity('Bella Billing'));
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);

    await page.goto('/settings/billing');
    await page.getByTestId('balance-amount').filter({ hasText: 'RWF 0' }).waitFor();
    await page.getByText('no real money moves').first().waitFor();
    await expectNoAxeViolations(page);

    // A bad amount is refused beside the field and kept.
    const amount = page.getByLabel('Amount (RWF)');
    await amount.fill('12.50');
    await page.getByRole('button', { name: 'Add money' }).click();
    await page.getByText('Enter a whole number of francs').waitFor();
    await expect(amount.inputValue()).resolves.toBe('12.50');

    await amount.fill('10000');
    await page.getByRole('button', { name: 'Add money' }).click();
    await page.getByRole('heading', { name: 'Top up your Ikirere balance' }).waitFor();
    await page.getByText('Sandbox — no real money moves.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Approve payment of/ }).click();

    await page.waitForURL(/\/settings\/billing\?topup=/);
    await page.getByText('RWF 10,000 was added to the balance.').waitFor();
    await page.getByTestId('balance-amount').filter({ hasText: 'RWF 10,000' }).waitFor();

    // Declined: nothing is added, and the reason is shown.
    await page.getByLabel('Amount (RWF)').fill('5000');
    await page.getByRole('button', { name: 'Add money' }).click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/settings\/billing\?topup=/);
    await page.getByText(/The payment of RWF 5,000 was declined/).waitFor();
    await expect(page.getByTestId('balance-amount').textContent()).resolves.toBe('RWF 10,000');

    expect(problems).toEqual([]);
  });
});
