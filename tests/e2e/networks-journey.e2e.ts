// Private networks as a person uses them, in Chromium on the simulator (a step of `npm run test:systems`,
// not of `npm test`): the Networks page by the sidebar, saying the simulator only keeps networks as data; a
// new network whose public block is refused beside the field by the contract and whose overlapping block is
// refused by the server, the name kept both times; made, two computes added (each with the next address);
// a second browser at phone width on the same page, where a compute removed in the first disappears live;
// a member's link to its compute's Networks tab; deleted, which the second browser learns and leaves by its
// link back to the list.
import type { Browser, Page } from 'playwright-core';
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

/** Nothing reaches past the right edge of the screen. */
async function expectFits(page: Page) {
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0], `${page.url()} is wider than the screen`).toBeLessThanOrEqual(widths[1]!);
}

const sidebarLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Networks' });

async function addCompute(page: Page, hostname: string) {
  await page.getByRole('combobox', { name: 'Compute' }).click();
  await page.getByRole('option', { name: hostname, exact: true }).click();
  await page.getByRole('button', { name: 'Add to the network' }).click();
}

describe('private networks in Chromium', () => {
  it('makes a network, adds and removes computes and deletes it, a second browser following live', async () => {
    const account = await createAccount(baseUrl, newIdentity('Nadia Networks'));
    await topUp(baseUrl, account);
    const api = elsewhere(baseUrl, account);
    const teamId = await api.teamId();
    for (const hostname of ['net-web', 'net-db']) {
      expect((await api.createCompute(teamId, hostname)).status).toBe(201);
    }
    const networks = async (method: string, path = '', body?: unknown) => {
      const response = await fetch(`${baseUrl}/resource-manager/api/v1/teams/${teamId}/networks${path}`, {
        method,
        headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.status;
    };
    // A network made elsewhere already holds the block the person will try second.
    expect(await networks('POST', '', { name: 'legacy', ipv4Block: '10.20.0.0/16' })).toBe(201);

    const first = await openPage(browser, baseUrl);
    const { page } = first;
    await useAccount(page, account);
    await page.goto('/overview');
    await sidebarLink(page).click();
    await page.getByRole('heading', { name: 'Networks', exact: true }).waitFor();
    await page.getByRole('link', { name: 'legacy', exact: true }).waitFor();
    // The simulator says what it does not do.
    await page.getByText('Simulated: kept as data, not isolated').waitFor();
    await page.getByText(/no guest gets a second interface and no traffic flows/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Create a network' }).first().click();
    await page.getByRole('heading', { name: 'New network' }).waitFor();
    // Offered a block apart from legacy's.
    expect(await page.getByLabel('IPv4 block').inputValue()).toBe('10.0.0.0/24');

    // Refused beside the field by the contract's own rule, nothing sent, the name kept.
    await page.getByLabel('Name').fill('backend');
    await page.getByLabel('IPv4 block').fill('8.8.8.0/24');
    await page.getByRole('button', { name: 'Create the network' }).click();
    await page
      .getByText(
        '8.8.8.0/24 is not a private block: choose one inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 (RFC 1918).',
      )
      .waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('backend');
    await expectNoAxeViolations(page);
    // Refused by the server: it overlaps legacy. Beside the block again, the name still kept.
    await page.getByLabel('IPv4 block').fill('10.20.5.0/24');
    await page.getByRole('button', { name: 'Create the network' }).click();
    await page
      .getByText(
        "10.20.5.0/24 overlaps the team's network legacy (10.20.0.0/16): choose a block apart from it.",
      )
      .waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('backend');
    await page.getByLabel('IPv4 block').fill('10.30.0.0/24');
    await page.getByRole('button', { name: 'Create the network' }).click();
    await page.getByRole('heading', { name: 'backend', exact: true }).waitFor();
    await page.getByText('No compute is on it yet: add one below.').waitFor();

    // Two computes join, each with the next free address.
    await addCompute(page, 'net-web');
    await page.getByText('net-web joined backend at 10.30.0.1.').waitFor();
    await addCompute(page, 'net-db');
    await page.getByText('net-db joined backend at 10.30.0.2.').waitFor();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('row', { name: /net-web 10\.30\.0\.1/ }).waitFor();
    await members.getByRole('row', { name: /net-db 10\.30\.0\.2/ }).waitFor();
    // Every compute of the team is on it now: nothing left to offer.
    await page.getByText('Every compute of the team is on it').waitFor();
    await expectNoAxeViolations(page);

    // A second browser of the team, on a phone (390 px: no page scrolls sideways), reached by links.
    const second = await openPage(browser, baseUrl);
    await second.page.setViewportSize({ width: 390, height: 844 });
    await useAccount(second.page, account);
    await second.page.goto('/overview');
    await sidebarLink(second.page).click();
    await second.page.getByRole('heading', { name: 'Networks', exact: true }).waitFor();
    await second.page.getByRole('row', { name: /backend .*10\.30\.0\.0\/24 .*2 computes/ }).waitFor();
    await expectFits(second.page);
    await second.page.getByRole('link', { name: 'backend', exact: true }).click();
    await second.page.getByRole('heading', { name: 'backend', exact: true }).waitFor();
    const secondMembers = second.page.getByRole('region', { name: 'Members' });
    await secondMembers.getByRole('link', { name: 'net-web' }).waitFor();
    await expectFits(second.page);
    await expectNoAxeViolations(second.page);

    // Removed here (after asking): gone there without a reload, and offered again here.
    await members.getByRole('button', { name: 'Remove net-web' }).click();
    await page.getByRole('alertdialog').getByText('It loses its address 10.30.0.1 on this network').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove from the network' }).click();
    await page.getByText('net-web left backend; its address there is free again.').waitFor();
    await until(
      'net-web gone from the second browser',
      () => secondMembers.getByRole('link', { name: 'net-web' }).count(),
      (count) => count === 0,
    );
    await second.page.getByText('Members (1 compute)').waitFor();
    await page.getByRole('combobox', { name: 'Compute' }).click();
    await page.getByRole('option', { name: 'net-web', exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // A member's link leads to its compute's Networks tab, which names its address there.
    await members.getByRole('link', { name: 'net-db' }).click();
    await page.getByRole('heading', { name: 'Private networks', exact: true }).waitFor();
    await page.getByRole('row', { name: /backend 10\.30\.0\.0\/24 10\.30\.0\.2/ }).waitFor();
    await expectNoAxeViolations(page);

    // Deleted here (after asking): this browser goes back to the list, the other one says so.
    await page.getByRole('link', { name: 'backend', exact: true }).click();
    await page.getByRole('heading', { name: 'backend', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByText('net-db leaves it and loses its address on it.', { exact: false })
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete the network' }).click();
    await page.getByRole('heading', { name: 'Networks', exact: true }).waitFor();
    await until(
      'backend gone from the list',
      () => page.getByRole('link', { name: 'backend', exact: true }).count(),
      (count) => count === 0,
    );
    await second.page.getByText('This network was deleted').waitFor();
    await expectFits(second.page);
    await second.page.getByRole('link', { name: 'Back to the networks' }).click();
    await second.page.getByRole('link', { name: 'legacy', exact: true }).waitFor();
    await expect(second.page.getByRole('link', { name: 'backend', exact: true }).count()).resolves.toBe(0);

    // The overlap's 409 is shown beside the field; the 404s are the deleted network's page reading it again
    // when the socket says it is gone (here on its way back to the list; there to say so).
    expect(first.problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([
      'console error: Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    expect(second.problems).toEqual([
      'console error: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await first.context.close();
    await second.context.close();
  });
});
