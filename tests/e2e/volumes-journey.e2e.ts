// Volumes as a person uses them, in Chromium on the simulator (a step of `npm run test:systems`, not of
// `npm test`): the Volumes page by the sidebar; a volume too large refused beside its size with what was
// typed kept, then made after its monthly price was confirmed; one made from another browser arriving
// without a reload; a volume's page by its link, attached to a running compute, detached from another
// browser and seen live; the compute's Volumes tab; deleted.
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

describe('volumes in Chromium', () => {
  it('makes, attaches, detaches and deletes a volume, with changes from elsewhere arriving live', async () => {
    const account = await createAccount(baseUrl, newIdentity('Vera Volumes'));
    await topUp(baseUrl, account);
    const api = elsewhere(baseUrl, account);
    const teamId = await api.teamId();
    const created = await api.createCompute(teamId, 'vol-web');
    const computeId = (created.body as { compute: { id: string } }).compute.id;
    await until(
      'running',
      () => api.compute(teamId, computeId),
      (answer) => (answer.body as { status: string }).status === 'running',
    );
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}/resource-manager/api/v1/teams/${teamId}/volumes${path}`, {
        method,
        headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as {
          volumes?: { id: string; name: string }[];
        } | null,
      };
    };

    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/overview');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Volumes' }).click();
    await page.getByRole('heading', { name: 'Volumes', exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // Too large: the server's reason beside the size, the name kept.
    await page.getByRole('button', { name: 'Create a volume' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('pg-data');
    await dialog.getByLabel('Size (GB)').fill('20000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Create the volume' }).click();
    await dialog.getByText('A volume holds at most 16,384 GB.').waitFor();
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('pg-data');
    await expectNoAxeViolations(page);
    // The price is shown before anything is made.
    await dialog.getByLabel('Size (GB)').fill('20');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(/pg-data: 20 GB in Kigali 1, .* a month while it exists/).waitFor();
    await dialog.getByRole('button', { name: 'Create the volume' }).click();
    await page.getByText('“pg-data” is ready: open it to attach it to a compute.').waitFor();

    // Another browser makes one: it arrives without a reload.
    expect((await call('POST', '', { name: 'from-elsewhere', sizeGb: 5, locationId: 'kgl1' })).status).toBe(
      201,
    );
    await page.getByRole('link', { name: 'from-elsewhere' }).waitFor();

    // Its page by the link; attached to the running compute.
    await page.getByRole('link', { name: 'pg-data' }).click();
    await page.getByRole('heading', { name: 'pg-data', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Compute' }).click();
    await page.getByRole('option', { name: /vol-web/ }).click();
    await page.getByRole('button', { name: 'Attach', exact: true }).click();
    await page.getByText(/The running guest sees a new disk at once/).waitFor();
    await page.getByRole('button', { name: 'Attach the volume' }).click();
    await page.getByText('“pg-data” is attached to vol-web.').waitFor();
    await page.getByRole('link', { name: 'vol-web' }).waitFor();
    await expectNoAxeViolations(page);

    // Detached from elsewhere: the page follows live.
    const volumeId = (await call('GET', '')).body?.volumes?.find((v) => v.name === 'pg-data')?.id;
    expect(volumeId).toBeTruthy();
    expect((await call('POST', `/${volumeId}/detach`)).status).toBe(200);
    await page.getByRole('combobox', { name: 'Compute' }).waitFor();

    // Attached again, then seen on the compute's Volumes tab.
    expect((await call('POST', `/${volumeId}/attach`, { computeId })).status).toBe(200);
    await page.getByRole('link', { name: 'vol-web' }).click();
    await page.getByRole('heading', { name: 'Volumes', exact: true }).waitFor();
    await page.getByRole('link', { name: 'pg-data' }).click();
    await page.getByRole('button', { name: 'Detach' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Detach' }).click();
    await page.getByText('“pg-data” is detached.').waitFor();
    await page.getByRole('button', { name: 'Delete the volume' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete the volume' }).click();
    await page.getByRole('heading', { name: 'Volumes', exact: true }).waitFor();
    await until(
      'the volume gone from the list',
      async () => page.getByRole('link', { name: 'pg-data' }).count(),
      (count) => count === 0,
    );
    // The refused size's 422 is the browser's only complaint: the page showed it beside the field.
    expect(problems).toEqual([
      'console error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });
});
