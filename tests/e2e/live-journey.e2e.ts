// The console as a person uses it: one address typed (the overview), then only links and buttons, while
// changes arrive from elsewhere (another browser of the team, an operator). Every section must show each
// change without a reload, with no error page and nothing logged as an error.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, type TestAccount, topUp, useAccount } from './accounts';
import { launchBrowser, openPage } from './browser';
import { decideVerification, elsewhere, until } from './elsewhere';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How long a change may take to show: generous for a busy machine; no reload happens meanwhile. */
const LIVE = { timeout: 45_000 };

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Console' });
const tabs = (page: Page, name: string) => page.getByRole('navigation', { name });

/** A page that records every full load, so a test can prove the console never reloaded. */
async function consoleOf(account: TestAccount) {
  const { page, problems, context } = await openPage(browser, baseUrl);
  // biome-ignore lint/correctness/useHookAtTopLevel: a test helper named like a hook, not a React hook
  await useAccount(page, account);
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/overview');
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  return {
    page,
    context,
    /** Fails with what went wrong: an error page, a logged error, a reload. */
    async expectHealthy() {
      expect(await page.getByText('Something went wrong on this page').count()).toBe(0);
      expect(problems).toEqual([]);
      expect(loads).toBe(1);
    },
  };
}

async function expectText(scope: Locator | Page, text: string | RegExp) {
  await scope.getByText(text).first().waitFor(LIVE);
}

describe('the console stays true while moving by links', () => {
  it('shows computes, records, verification, members and money changed elsewhere on every section', async () => {
    const owner = await createAccount(baseUrl, newIdentity('Liliane Live'));
    await topUp(baseUrl, owner);
    const other = elsewhere(baseUrl, owner);
    const teamId = await other.teamId();
    const { page, expectHealthy } = await consoleOf(owner);

    // Overview: a compute made in another browser counts at once.
    const first = await other.createCompute(teamId, 'live-one');
    expect(first.status).toBe(201);
    const computesCard = page.getByRole('region', { name: 'Running computes' });
    await expectText(computesCard, 'of 1 compute');
    await expectText(computesCard, /^1$/);

    // Computes, by the sidebar: the list follows power changes and new and destroyed computes.
    await sidebar(page).getByRole('link', { name: 'Computes' }).click();
    await page.getByRole('heading', { name: 'Computes', level: 1 }).waitFor();
    const row = (hostname: string) => page.getByRole('row').filter({ hasText: hostname });
    await expectText(row('live-one'), 'Running');
    await other.power(teamId, first.body.compute.id, 'power_off');
    await expectText(row('live-one'), 'Stopped');
    await other.power(teamId, first.body.compute.id, 'power_on');
    await expectText(row('live-one'), 'Running');
    const second = await other.createCompute(teamId, 'live-two');
    await expectText(row('live-two'), /Provisioning|Running/);
    await until(
      'live-two running',
      () => other.compute(teamId, second.body.compute.id),
      (answer) => answer.body.status === 'running',
    );
    await other.destroy(teamId, second.body.compute.id, 'live-two');
    await row('live-two').waitFor({ state: 'detached', ...LIVE });

    // A compute's pages, by its link: the header, the history and the power page follow a reboot.
    await page.getByRole('link', { name: 'live-one' }).click();
    await page.getByRole('heading', { name: 'live-one', level: 1 }).waitFor();
    await tabs(page, 'Compute pages').getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await other.power(teamId, first.body.compute.id, 'reboot');
    await expectText(page.getByRole('table'), 'Reboot');
    await tabs(page, 'Compute pages').getByRole('link', { name: 'Power' }).click();
    await expectText(page.getByRole('main'), 'The compute is running');

    // Domains: a zone added elsewhere shows; its records follow; deleted, its page says so.
    await sidebar(page).getByRole('link', { name: 'Domains' }).click();
    await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
    const zone = await other.createDomain(teamId, `live-${Date.now()}.rw`);
    expect(zone.status).toBe(201);
    await page.getByRole('link', { name: zone.body.name }).click({ timeout: LIVE.timeout });
    await page.getByRole('heading', { name: zone.body.name, level: 1 }).waitFor();
    const added = await other.createRecord(teamId, zone.body.id, {
      type: 'TXT',
      name: 'live-check',
      value: 'arrived without a reload',
    });
    expect(added.status).toBe(201);
    await expectText(page.getByRole('table'), 'live-check');
    expect((await other.deleteDomain(teamId, zone.body.id, zone.body.name)).status).toBe(204);
    await expectText(page, 'This domain was deleted');
    await page.getByRole('link', { name: 'Back to the domains' }).click();
    await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();

    // Settings: the verification request and each operator decision show on the open page.
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'General' }).waitFor();
    const verification = page.getByRole('region', { name: 'Team verification' });
    await expectText(verification, 'Verify your team');
    expect((await other.submitVerification(teamId)).status).toBe(200);
    await expectText(verification, 'Verification request submitted');
    await decideVerification(
      baseUrl,
      operatorToken,
      teamId,
      'request-info',
      'Please send the director’s ID.',
    );
    await expectText(verification, 'We need a little more information');
    // The reviewers' message reaches the page, not only the e-mail; the badge says what the overview says.
    await expectText(verification, 'Please send the director’s ID.');
    await expectText(verification, 'More information needed');
    // Updating the request starts from what was sent, not from an empty form.
    await verification.getByRole('button', { name: 'Update your request' }).click();
    await expect(verification.getByLabel('Legal name').inputValue()).resolves.toBe('Live Works Ltd');
    await expect(verification.getByLabel('Registration number').inputValue()).resolves.toBe('RDB-200-1234');
    await verification.getByRole('button', { name: 'Cancel' }).click();
    await other.submitVerification(teamId);
    await expectText(verification, 'Verification request submitted');
    await decideVerification(baseUrl, operatorToken, teamId, 'reject', 'The certificate is unreadable.');
    await expectText(verification, 'was not approved');
    await expectText(verification, 'The certificate is unreadable.');
    await other.submitVerification(teamId);
    await expectText(verification, 'Verification request submitted');
    await decideVerification(baseUrl, operatorToken, teamId, 'approve', 'Welcome aboard.');
    await expectText(verification, 'Your team is verified');
    await expectText(page.getByRole('region', { name: 'Limits' }), 'Verified team: no limit on computes');

    // Members: an invitation sent from another browser is pending here.
    await tabs(page, 'Settings pages').getByRole('link', { name: 'Members' }).click();
    await tabs(page, 'Members').getByRole('link', { name: 'Pending' }).click();
    await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
    const invitee = newIdentity('Ineza Invited');
    await other.invite(teamId, invitee.email);
    await expectText(page.getByRole('table'), invitee.email);

    // Billing: a top-up paid in another browser shows in the balance.
    await tabs(page, 'Settings pages').getByRole('link', { name: 'Billing' }).click();
    const balance = page.getByTestId('balance-amount');
    await balance.waitFor();
    const before = await balance.textContent();
    await topUp(baseUrl, owner, 25_000);
    await page.waitForFunction(
      ({ previous }) => document.querySelector('[data-testid="balance-amount"]')?.textContent !== previous,
      { previous: before },
      LIVE,
    );
    await page
      .getByRole('region', { name: 'History' })
      .getByRole('row')
      .filter({ hasText: 'Top-up' })
      .filter({ hasText: 'RWF 25,000' })
      .first()
      .waitFor(LIVE);

    // Activity: what happened elsewhere is listed.
    await tabs(page, 'Settings pages').getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    const activityBefore = await page.getByRole('row').count();
    await other.createCompute(teamId, 'live-three');
    await page.waitForFunction(
      ({ rows }) => document.querySelectorAll('main tr').length > rows,
      { rows: activityBefore },
      LIVE,
    );

    // And back to the overview by the logo's link: the verification badge and counts are current.
    await page.getByRole('link', { name: 'Ikirere overview' }).click();
    await expectText(page.getByRole('region', { name: 'Team verification' }), 'Verified');
    await expectText(computesCard, 'of 2 computes');
    await expectHealthy();
  });

  it('tells the second browser on a compute’s page that the compute was destroyed', async () => {
    const owner = await createAccount(baseUrl, newIdentity('Dusabe Destroyer'));
    await topUp(baseUrl, owner);
    const other = elsewhere(baseUrl, owner);
    const teamId = await other.teamId();
    const created = await other.createCompute(teamId, 'twin-view');
    await until(
      'twin-view running',
      () => other.compute(teamId, created.body.compute.id),
      (answer) => answer.body.status === 'running',
    );
    const first = await consoleOf(owner);
    const second = await consoleOf(owner);
    for (const { page } of [first, second]) {
      await sidebar(page).getByRole('link', { name: 'Computes' }).click();
      await page.getByRole('link', { name: 'twin-view' }).click();
      await page.getByRole('heading', { name: 'twin-view', level: 1 }).waitFor();
    }
    await expectText(second.page, 'ssh root@');

    // The first browser destroys it, typing the hostname as a person does.
    await tabs(first.page, 'Compute pages').getByRole('link', { name: 'Destroy' }).click();
    await first.page.getByLabel('Type twin-view to confirm').fill('twin-view');
    await first.page.getByRole('button', { name: 'Destroy this compute' }).click();
    await first.page.getByRole('heading', { name: 'Computes', level: 1 }).waitFor(LIVE);

    // The second is told, loses the SSH command, and is led back to the list.
    await expectText(second.page, 'This compute was destroyed');
    expect(await second.page.getByText('ssh root@').count()).toBe(0);
    await second.page.getByRole('link', { name: 'Back to the computes' }).click();
    await second.page.getByRole('heading', { name: 'Computes', level: 1 }).waitFor();
    await first.expectHealthy();
    await second.expectHealthy();
  });

  it('shows a member a role change at once, and moves a removed member on', async () => {
    const owner = await createAccount(baseUrl, newIdentity('Olivier Owner'));
    const member = await createAccount(baseUrl, newIdentity('Mugisha Member'));
    const ownerSide = elsewhere(baseUrl, owner);
    const teamId = await ownerSide.teamId();
    const invitation = await ownerSide.invite(teamId, member.email);
    await elsewhere(baseUrl, member).acceptInvitation(invitation.body.id);

    const memberConsole = await consoleOf(member);
    const { page } = memberConsole;
    // The member switches to the owner's team from the team menu.
    await page.getByRole('button', { name: /Team:/ }).click();
    await page.getByRole('menuitem', { name: /Olivier/ }).click();
    await page.getByRole('button', { name: /Team: Olivier/ }).waitFor();
    await page.getByText("Olivier's team at a glance.").waitFor();
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    const settingsTabs = tabs(page, 'Settings pages');
    await settingsTabs.getByRole('link', { name: 'General' }).waitFor();
    expect(await settingsTabs.getByRole('link', { name: 'Billing' }).count()).toBe(0);

    // Made an admin by the owner: billing and activity appear without a reload.
    const changed = await ownerSide.changeRole(teamId, member.user.id, 'ADMIN');
    expect(changed.status).toBe(200);
    await settingsTabs.getByRole('link', { name: 'Billing' }).waitFor(LIVE);
    await settingsTabs.getByRole('link', { name: 'Activity' }).waitFor(LIVE);

    // Removed: told so, and moved to their own team.
    await ownerSide.removeMember(teamId, member.user.id);
    await expectText(page, /You are no longer a member of/);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor(LIVE);
    await expectText(page.getByRole('button', { name: /Team:/ }), /Mugisha/);
    await memberConsole.expectHealthy();
  });
});
