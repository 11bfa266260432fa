// Firewalls as a person uses them, in Chromium on the simulator (a step of `npm run test:systems`, not of
// `npm test`): the Firewalls page by the sidebar; a new firewall whose bad rule (a prefix with host bits, a
// TCP rule without ports) is refused beside its fields and whose taken name is refused by the server, with
// everything typed kept; made, applied to a compute and a tag; its page open in a second browser, where an
// edit from the first arrives live; deleted, which the second browser learns too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, topUp, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { elsewhere } from './elsewhere';

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

describe('firewalls in Chromium', () => {
  it('makes, applies, edits and deletes a firewall, a second browser following live', async () => {
    const account = await createAccount(baseUrl, newIdentity('Fatuma Firewall'));
    await topUp(baseUrl, account);
    const api = elsewhere(baseUrl, account);
    const teamId = await api.teamId();
    expect((await api.createCompute(teamId, 'fw-web')).status).toBe(201);
    // A firewall made elsewhere already has the name the person will try first.
    const taken = await fetch(`${baseUrl}/resource-manager/api/v1/teams/${teamId}/firewalls`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'web', rules: [] }),
    });
    expect(taken.status).toBe(201);

    const first = await openPage(browser, baseUrl);
    const { page } = first;
    await useAccount(page, account);
    await page.goto('/overview');
    const sidebarLink = (p: typeof page) =>
      p.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Firewalls' });
    await sidebarLink(page).click();
    await page.getByRole('heading', { name: 'Firewalls', exact: true }).waitFor();
    await page.getByRole('link', { name: 'web', exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Create a firewall' }).first().click();
    await page.getByRole('heading', { name: 'New firewall' }).waitFor();

    // Refused beside the fields, by the contract's own rules, nothing sent and nothing lost.
    await page.getByLabel('Name').fill('web');
    const rule1 = page.getByRole('group', { name: 'Rule 1' });
    await rule1.getByLabel('Sources').fill('10.1.2.3/8, 192.0.2.0/24');
    await page.getByRole('button', { name: 'Create the firewall' }).click();
    await rule1.getByText('10.1.2.3/8 has bits set after its prefix: write 10.0.0.0/8.').waitFor();
    await rule1.getByText('TCP and UDP rules need a port or range; ICMP rules have none.').waitFor();
    expect(await rule1.getByLabel('Sources').inputValue()).toBe('10.1.2.3/8, 192.0.2.0/24');
    await expectNoAxeViolations(page);
    await rule1.getByLabel('Ports').fill('22');
    await rule1.getByLabel('Sources').fill('10.0.0.0/8, 192.0.2.0/24');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const rule2 = page.getByRole('group', { name: 'Rule 2' });
    await rule2.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('option', { name: 'ICMP' }).click();
    await expect(rule2.getByLabel('Ports').count()).resolves.toBe(0);
    await page.getByRole('checkbox', { name: 'fw-web' }).check();
    await page.getByLabel('Tags').fill('web');
    await page.getByLabel('Tags').press('Enter');
    // The server's reason: the name is taken. It shows beside the name; the rules stay as typed.
    await page.getByRole('button', { name: 'Create the firewall' }).click();
    await page.getByText('This team already has a firewall named web.').waitFor();
    expect(await rule1.getByLabel('Ports').inputValue()).toBe('22');
    await page.getByLabel('Name').fill('web-in');
    await page.getByRole('button', { name: 'Create the firewall' }).click();
    await page.getByRole('heading', { name: 'web-in', exact: true }).waitFor();
    await page.getByRole('row', { name: 'TCP 22 from 10.0.0.0/8, 192.0.2.0/24' }).waitFor();
    await page.getByRole('row', { name: 'ICMP from 0.0.0.0/0, ::/0' }).waitFor();
    await page.getByRole('region', { name: 'Applies to' }).getByRole('link', { name: 'fw-web' }).waitFor();
    await expectNoAxeViolations(page);

    // A second browser of the team, on a phone (390 px: no page scrolls sideways), on the same page, reached
    // by links.
    const second = await openPage(browser, baseUrl);
    await second.page.setViewportSize({ width: 390, height: 844 });
    await useAccount(second.page, account);
    await second.page.goto('/overview');
    await sidebarLink(second.page).click();
    await second.page.getByRole('heading', { name: 'Firewalls', exact: true }).waitFor();
    await expectFits(second.page);
    await second.page.getByRole('link', { name: 'Create a firewall' }).first().click();
    await second.page.getByRole('heading', { name: 'New firewall' }).waitFor();
    await expectFits(second.page);
    await sidebarLink(second.page).click();
    await second.page.getByRole('link', { name: 'web-in', exact: true }).click();
    await second.page.getByRole('heading', { name: 'web-in', exact: true }).waitFor();
    await expectFits(second.page);

    // An edit here arrives there without a reload.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const rule3 = page.getByRole('group', { name: 'Rule 3' });
    await rule3.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('option', { name: 'UDP' }).click();
    await rule3.getByLabel('Ports').fill('53');
    await rule3.getByLabel('Sources').fill('198.51.100.0/24');
    await page.getByRole('button', { name: 'Save the firewall' }).click();
    await page.getByText('“web-in” is saved and applied.').waitFor();
    await second.page.getByRole('row', { name: 'UDP 53 from 198.51.100.0/24' }).waitFor();
    await second.page.getByText(/Changed to 3 rules/).waitFor();

    // Deleted here: this browser goes back to the list, the other one says so.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete the firewall' }).click();
    await page.getByRole('heading', { name: 'Firewalls', exact: true }).waitFor();
    await second.page.getByText('This firewall was deleted').waitFor();
    await expect(page.getByRole('link', { name: 'web-in', exact: true }).count()).resolves.toBe(0);
    // The refused name's 409 is shown beside the field; the 404s are the deleted firewall's page reading it
    // again when the socket says it is gone (here on its way back to the list; there to say so).
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
