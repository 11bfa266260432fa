// Teams as two people would use them, each in their own browser: an owner invites by e-mail, the invitee
// signs up from the link and accepts, and a member is kept out of billing.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asAccount, codeSentTo, createAccount, linkSentTo, newIdentity, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('teams in Chromium', () => {
  it('an owner invites by e-mail; the invitee signs up from the link, accepts, and is an active admin', async () => {
    const owner = await createAccount(baseUrl, newIdentity('Olive Owner'));
    const invitee = newIdentity('Ian Invitee');

    const ownerSide = await openPage(browser, baseUrl);
    await useAccount(ownerSide.page, owner);
    await ownerSide.page.goto('/settings/members/active');
    await ownerSide.page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = ownerSide.page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel('E-mail address').fill(invitee.email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await ownerSide.page.getByRole('option', { name: /^Admin/ }).click();
    const since = Date.now() - 1000;
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await ownerSide.page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    await ownerSide.page.getByRole('link', { name: 'Pending' }).click();
    await ownerSide.page.getByRole('cell', { name: invitee.email, exact: true }).waitFor();
    await expectNoAxeViolations(ownerSide.page);

    // The invitee has no account: the link leads to sign-up and back to the invitation.
    const link = await linkSentTo(baseUrl, invitee.email, '/invitation/', since);
    const inviteeSide = await openPage(browser, baseUrl);
    const { page } = inviteeSide;
    await page.goto(new URL(link).pathname);
    await page.waitForURL('**/auth/login');
    await page.getByText('You have been invited to a team.').waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill(invitee.name);
    await page.getByLabel('E-mail address').fill(invitee.email);
    const signUpSince = Date.now() - 1000;
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Code').fill(await codeSentTo(baseUrl, invitee.email, signUpSince));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('textbox', { name: /^Phone number/ }).fill(invitee.phone);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page
      .getByLabel('Code')
      .fill(await codeSentTo(baseUrl, `+250${invitee.phone.slice(1)}`, signUpSince));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(`**${new URL(link).pathname}`);
    await page.getByRole('heading', { name: /^Join / }).waitFor();
    await page.getByText('You would join as an admin.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Accept and join' }).click();
    await page.waitForURL('**/overview');
    await page
      .getByRole('button', { name: /^Team: / })
      .filter({ hasText: "Olive's team" })
      .waitFor();

    await ownerSide.page.goto('/settings/members/active');
    const row = ownerSide.page.getByRole('row').filter({ hasText: invitee.email });
    await row.getByText('Admin').waitFor();
    await ownerSide.context.close();
    await inviteeSide.context.close();
  });

  it('keeps a member out of billing, and says why', async () => {
    const owner = await createAccount(baseUrl, newIdentity('Bea Owner'));
    const member = await createAccount(baseUrl, newIdentity('Moses Member'));
    const { teams } = await asAccount<{ teams: Array<{ id: string }> }>(baseUrl, owner, 'GET', '/teams');
    const teamId = teams[0]!.id;
    const invitation = await asAccount<{ id: string }>(
      baseUrl,
      owner,
      'POST',
      `/teams/${teamId}/invitations`,
      {
        email: member.email,
        role: 'MEMBER',
      },
    );
    await asAccount(baseUrl, member, 'POST', `/invitations/${invitation.id}/accept`);

    const { page, context } = await openPage(browser, baseUrl);
    await useAccount(page, member);
    await page.addInitScript((id) => localStorage.setItem('previousTeam', JSON.stringify(id)), teamId);
    await page.goto('/settings/general');
    await page
      .getByRole('button', { name: /^Team: / })
      .filter({ hasText: "Bea's team" })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Billing' }).count()).toBe(0);
    await page.goto('/settings/billing');
    await page.getByText('Billing is not available to you').waitFor();
    await page.getByText("Only the team's owner and admins can see billing.", { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('filters the activity by period in the console’s words, with no browser date format', async () => {
    const owner = await createAccount(baseUrl, newIdentity('Abel Activity'));
    const { page } = await openPage(browser, baseUrl);
    await useAccount(page, owner);
    await page.goto('/settings/activity');
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    expect(await page.locator('input[type=date]').count()).toBe(0);
    await page.getByRole('combobox', { name: 'When' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}/);
    // The team made today is in the last 7 days.
    await page
      .getByRole('cell', { name: /created the team/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
  });
});
