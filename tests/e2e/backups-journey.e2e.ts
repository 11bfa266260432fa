// Backups as a person uses them, in Chromium on the simulator (a step of `npm run test:systems`, not of
// `npm test`): a compute's Backups tab reached by links; the price shown before backups are turned on;
// "Back up now" becoming available live; a backup made from another browser (the API) arriving without a
// reload; a restore onto the running compute refused with the reason; a restore into a new compute whose
// hostname is taken refused beside the field, what was typed kept, then made and opened by its link.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, topUp, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { elsewhere, until } from './elsewhere';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('backups in Chromium', () => {
  it('turns backups on at the price shown, backs up, and restores into a new compute', async () => {
    const account = await createAccount(baseUrl, newIdentity('Bruno Backups'));
    await topUp(baseUrl, account);
    const api = elsewhere(baseUrl, account);
    const teamId = await api.teamId();
    const created = await api.createCompute(teamId, 'backed-web');
    const computeId = (created.body as { compute: { id: string } }).compute.id;
    await until(
      'running',
      () => api.compute(teamId, computeId),
      (answer) => (answer.body as { status: string }).status === 'running',
    );

    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/computes');
    await page.getByRole('link', { name: 'backed-web', exact: true }).first().click();
    await page.getByRole('heading', { name: 'backed-web', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Backups' }).click();
    await page.getByRole('heading', { name: 'Backups', exact: true }).waitFor();
    await page.getByText(/They add 20 % to the plan’s price/).waitFor();
    await expectNoAxeViolations(page);

    // The price is asked for before anything is sent.
    await page.getByRole('button', { name: 'Turn on backups' }).click();
    await page.getByText(/Turn on daily backups for/).waitFor();
    await page.getByRole('button', { name: /^Turn on for / }).click();
    await page.getByRole('button', { name: 'Turn off backups' }).waitFor();

    await page.getByRole('button', { name: 'Back up now' }).click();
    const rows = page.getByTestId('backup-row');
    await rows.first().getByText('Available').waitFor();

    // Another browser of the team backs it up: the backup arrives here without a reload.
    const response = await fetch(
      `${baseUrl}/resource-manager/api/v1/teams/${teamId}/computes/${computeId}/backups`,
      { method: 'POST', headers: { Authorization: `Bearer ${account.token}` } },
    );
    expect(response.status).toBe(202);
    await until(
      'the second backup shown',
      async () => rows.filter({ hasText: 'Available' }).count(),
      (count) => count >= 2,
    );
    await expectNoAxeViolations(page);

    // Onto the running compute: refused with the reason, nothing changed.
    await rows.first().getByRole('button', { name: 'Onto this compute' }).click();
    await page.getByRole('button', { name: 'Replace the disk' }).click();
    await page
      .getByRole('alert')
      .getByText(/a backup is restored onto a stopped compute/)
      .waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Into a new compute: a hostname taken is refused beside the field, what was typed kept.
    await rows.first().getByRole('button', { name: 'Into a new compute' }).click();
    const hostname = page.getByLabel('Hostname of the new compute');
    await expect(hostname.inputValue()).resolves.toBe('backed-web-restored');
    await hostname.fill('backed-web');
    await page.getByRole('button', { name: 'Create the compute' }).click();
    await page.getByText('This team already has a compute named backed-web.').waitFor();
    await expect(hostname.inputValue()).resolves.toBe('backed-web');
    await expectNoAxeViolations(page);
    await hostname.fill('restored-web');
    await page.getByRole('button', { name: 'Create the compute' }).click();
    await page.getByRole('link', { name: 'Open it' }).click();
    await page.getByRole('heading', { name: 'restored-web', exact: true }).waitFor();

    // The refusals' 409 and 422 are the browser's only complaints: the page showed each with its reason.
    expect(problems).toEqual([
      'console error: Failed to load resource: the server responded with a status of 409 (Conflict)',
      'console error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });
});
