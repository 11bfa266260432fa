// Team images as a person uses them, in Chromium on the simulator (a step of `npm run test:systems`, not of
// `npm test`): a compute powered off elsewhere; its Capture image tab; the Images page by the sidebar, where
// the capture becomes available live; a second capture started from another browser (the API) arriving
// without a reload; an upload of a qcow2 with a backing file refused beside the field, then a good one with
// its progress; rename; delete; and the image offered when creating a compute.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, topUp, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { elsewhere, until } from './elsewhere';

const baseUrl = inject('baseUrl');
let browser: Browser;
const scratch = mkdtempSync(join(tmpdir(), 'ikirere-storage-journey-'));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function stoppedCompute(api: ReturnType<typeof elsewhere>, teamId: string, hostname: string) {
  const created = await api.createCompute(teamId, hostname);
  const id = (created.body as { compute: { id: string } }).compute.id;
  await until(
    'running',
    () => api.compute(teamId, id),
    (answer) => (answer.body as { status: string }).status === 'running',
  );
  await api.power(teamId, id, 'power_off');
  await until(
    'stopped',
    () => api.compute(teamId, id),
    (answer) => (answer.body as { status: string }).status === 'stopped',
  );
  return id;
}

describe('team images in Chromium', () => {
  it('captures, uploads, renames and deletes images, and offers them for a new compute', async () => {
    const account = await createAccount(baseUrl, newIdentity('Ines Images'));
    await topUp(baseUrl, account);
    const api = elsewhere(baseUrl, account);
    const teamId = await api.teamId();
    const computeId = await stoppedCompute(api, teamId, 'golden-web');

    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/computes');
    await page.getByRole('link', { name: 'golden-web', exact: true }).first().click();
    await page.getByRole('heading', { name: 'golden-web', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Capture image' }).click();
    await page.getByLabel('Image name').fill('golden');
    await expectNoAxeViolations(page);
    // What keeping it costs is shown before anything is copied: RWF 70 per GB-month of the file kept.
    await page.getByRole('button', { name: 'Capture image' }).click();
    await page.getByText(/charged RWF 70 per GB-month of the file kept/).waitFor();
    await page.getByRole('button', { name: 'Capture the image' }).click();
    await page.getByText('“golden” is being captured.').waitFor();
    await page.getByRole('link', { name: 'Follow it on the Images page' }).click();
    await page.getByRole('heading', { name: 'Images', exact: true }).waitFor();
    const golden = page.getByRole('row').filter({ hasText: 'golden' });
    await golden.getByText('Available').waitFor();
    await expectNoAxeViolations(page);

    // Another browser of the team captures a second one: it arrives here without a reload.
    const otherId = await stoppedCompute(api, teamId, 'other-web');
    const path = `/resource-manager/api/v1/teams/${teamId}/images`;
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ computeId: otherId, name: 'from-elsewhere' }),
    });
    expect(response.status).toBe(202);
    await page.getByRole('row').filter({ hasText: 'from-elsewhere' }).getByText('Available').waitFor();

    // An upload with a backing file on the host is refused beside the file, what was chosen kept.
    const backed = join(scratch, 'backed.qcow2');
    execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', '-F', 'raw', '-b', '/etc/passwd', backed, '1G']);
    const good = join(scratch, 'good.qcow2');
    execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', good, '2G']);
    await page.getByRole('button', { name: 'Upload an image' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Image file').setInputFiles(backed);
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('backed');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(/RWF 70 a month while it is kept/).waitFor();
    await dialog.getByRole('button', { name: 'Upload the image' }).click();
    await dialog.getByText(/The image has a backing file/).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Image file').setInputFiles(good);
    await dialog.getByLabel('Name').fill('uploaded base');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Upload the image' }).click();
    await page.getByText('“uploaded base” is uploaded and ready for new computes.').waitFor();
    await page.getByRole('row').filter({ hasText: 'uploaded base' }).getByText('2.0 GB disk').waitFor();
    // The list says what each kept image costs a month: its file, under a GB, billed as 1 GB.
    await page.getByRole('row').filter({ hasText: 'uploaded base' }).getByText('RWF 70 a month').waitFor();

    // Rename, then delete.
    await page.getByRole('button', { name: 'Rename from-elsewhere' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('second image');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('row').filter({ hasText: 'second image' }).waitFor();
    await page.getByRole('button', { name: 'Delete second image' }).click();
    await page.getByRole('button', { name: 'Delete the image' }).click();
    await page.getByText('“second image” is deleted.').waitFor();
    await until(
      'the image gone',
      async () => page.getByRole('row').filter({ hasText: 'second image' }).count(),
      (count) => count === 0,
    );

    // Offered when creating a compute.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Computes' }).click();
    await page.getByRole('heading', { name: 'Computes', exact: true }).waitFor();
    await page.goto('/new-compute');
    await page.getByRole('radio', { name: /golden/ }).waitFor();
    expect(computeId).toBeTruthy();
    // The refused upload's 422 is the browser's only complaint: the page showed it beside the field.
    expect(problems).toEqual([
      'console error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });
});
