// Billing as a new owner would first meet it: add money through the sandbox payment page, come back to the
// console and see the balance change; a declined payment changes nothing and says why. Then a compute run
// through a month the sandbox lets one end at once, its invoice opened and downloaded as a PDF.
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asAccount, createAccount, newIdentity, useAccount } from './accounts';
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

describe('billing in Chromium', () => {
  it('tops up in the sandbox and sees the balance change; a declined payment adds nothing', async () => {
    const account = await createAccount(baseUrl, newIdentity('Bella Billing'));
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);

    await page.goto('/settings/billing');
    await page.getByTestId('balance-amount').filter({ hasText: 'RWF 0' }).waitFor();
    await page.getByText('no real money moves').first().waitFor();
    // A new team has no money yet: nothing ran low, and no alert is claimed to have gone out.
    await page.getByText('No money yet', { exact: true }).waitFor();
    await expect(page.getByText('Running low').count()).resolves.toBe(0);
    await expect(page.getByText(/were e-mailed/).count()).resolves.toBe(0);
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

    // The history lists the credited top-up (not the declined one), and downloads as CSV.
    const history = page.getByRole('region', { name: 'History' });
    const credited = history.getByRole('row').filter({ hasText: 'Top-up' });
    await credited.first().waitFor();
    await expect(credited.count()).resolves.toBe(1);
    await expect(credited.first().textContent()).resolves.toContain('RWF 10,000');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('ledger.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[1]).toMatch(/,top_up,.*,10000,RWF,10000,/);

    expect(problems).toEqual([]);
  });

  it('switches a new team to US dollars with the $5.00 alert, not 5000 francs read as dollars', async () => {
    const account = await createAccount(baseUrl, newIdentity('Uma Usd'));
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/settings/billing');
    const form = page.getByRole('form', { name: 'Billing details' });
    await expect(form.getByLabel('Low-balance alert (RWF)').inputValue()).resolves.toBe('5000');

    await form.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'US dollar (USD)' }).click();
    // The amount starts again at the dollar default before anything is saved.
    await expect(form.getByLabel('Low-balance alert (USD)').inputValue()).resolves.toBe('5');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await form.getByText('Billing details saved.').waitFor();
    await page.getByTestId('balance-amount').filter({ hasText: '$0.00' }).waitFor();
    await expect(form.getByLabel('Low-balance alert (USD)').inputValue()).resolves.toBe('5');

    // What the server keeps: 500 cents.
    const { teams } = await asAccount<{ teams: { id: string }[] }>(baseUrl, account, 'GET', '/teams');
    const profile = await fetch(`${baseUrl}/payment/api/v1/teams/${teams[0]!.id}/billing-profile`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    await expect(profile.json()).resolves.toMatchObject({ currency: 'USD', lowBalanceThresholdMinor: 500 });
    expect(problems).toEqual([]);
  });

  it('runs a compute through a simulated month, opens the invoice and downloads its PDF', async () => {
    const account = await createAccount(baseUrl, newIdentity('Ivan Invoice'));
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);

    // Computes are prepaid: before any money, /new-compute says so before the form is filled, with the way out.
    await page.goto('/new-compute');
    await page.getByText('Add money before creating a compute.').waitFor();
    await page.getByText(/The balance is RWF 0; the smallest plan needs RWF 10\./).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Add money' }).click();
    await page.waitForURL(/\/settings\/billing$/);
    await topUpInSandbox(page, '50000');
    await page.getByTestId('balance-amount').filter({ hasText: 'RWF 50,000' }).waitFor();

    await page.goto('/new-compute');
    await page.getByText(/The balance is RWF 50,000\./).waitFor();
    await expect(page.getByText('Add money before creating a compute.').count()).resolves.toBe(0);
    await page.getByLabel('SSH public key').fill(sshPublicKey('ivan@laptop'));
    await page.getByLabel('Hostname').fill('billed-1');
    await page.getByRole('button', { name: 'Create compute' }).click();
    await page.waitForURL(/\/computes\/[0-9a-f-]{36}$/);
    await page.locator('[data-status="running"]').first().waitFor();

    // Its first hour comes off the balance as it starts, shown on top of the history until the month ends.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'General' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Settings pages' })
      .getByRole('link', { name: 'Billing' })
      .click();
    const accruing = page
      .getByRole('region', { name: 'History' })
      .getByRole('row')
      .filter({ hasText: 'Usage so far' });
    await accruing.filter({ hasText: '1 compute since' }).waitFor();
    await expect(accruing.getByRole('cell').nth(2).textContent()).resolves.toBe('-RWF 10');
    await expect(accruing.getByRole('cell').nth(3).textContent()).resolves.toBe('RWF 49,990');
    await page.getByTestId('balance-amount').filter({ hasText: 'RWF 49,990' }).waitFor();
    await expectNoAxeViolations(page);

    // No invoice yet: the sandbox ends the month now.
    await page.goto('/settings/invoices');
    await page.getByText('No invoices yet').waitFor();
    await page.getByRole('button', { name: 'Simulate the month’s end' }).click();
    const open = page.getByRole('link', { name: /^Open invoice IK-\d{4}-\d{6}$/ });
    await open.waitFor();
    const number = (await open.textContent())!.replace('Open invoice ', '');
    await page.getByRole('link', { name: number, exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await open.click();
    await page.waitForURL(/\/settings\/invoices\?invoice=/);
    await page.getByRole('heading', { name: new RegExp(`^Invoice ${number} · `) }).waitFor();
    await page.getByRole('cell', { name: 'billed-1' }).waitFor();
    const total = (await page.getByTestId('invoice-total').textContent())!;
    expect(total).toMatch(/^RWF [1-9][\d,]*$/);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = await readFile((await download.path())!);
    const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('\n');
    expect(text).toContain(number);
    expect(text).toContain('billed-1');
    expect(text).toContain(total);

    // The balance paid for it, and the history has the compute's month as one charge, nothing still accruing.
    await page.goto('/settings/billing');
    const left = (await page.getByTestId('balance-amount').textContent())!;
    expect(Number(left.replace(/\D/g, ''))).toBe(50_000 - Number(total.replace(/\D/g, '')));
    const history = page.getByRole('region', { name: 'History' });
    const month = history
      .getByRole('row')
      .filter({ hasText: /Charge: billed-1 \(.+\), \d+ hours in [A-Z][a-z]+ \d{4}/ });
    await month.waitFor();
    await expect(month.getByRole('cell').nth(2).textContent()).resolves.toBe(`-${total}`);
    await expect(month.getByRole('cell').nth(3).textContent()).resolves.toBe(left);
    await expect(history.getByText('Usage so far').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
  });
});

async function topUpInSandbox(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Amount (RWF)').fill(amount);
  await page.getByRole('button', { name: 'Add money' }).click();
  await page.getByRole('button', { name: /^Approve payment of/ }).click();
  await page.waitForURL(/\/settings\/billing\?topup=/);
}
