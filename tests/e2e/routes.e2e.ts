import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, useAccount } from './accounts';
import { type ConsolePage, expectNoAxeViolations, launchBrowser, openPage } from './browser';

const baseUrl = inject('baseUrl');

/** Every route of SPEC §2, at the spec's address, with the heading its page shows. */
const routes: Array<{
  path: string;
  heading: string;
  finalPath?: string;
  section?: boolean;
  anonymous?: boolean;
}> = [
  { path: '/', heading: 'Your computes, domains and bills in one calm console', anonymous: true },
  { path: '/auth', heading: 'Sign in to your console', finalPath: '/auth/login', anonymous: true },
  { path: '/auth/login', heading: 'Sign in to your console', anonymous: true },
  { path: '/auth/signup', heading: 'Create your Ikirere account', anonymous: true },
  { path: '/auth/verify-otp', heading: 'Enter the code we sent you', anonymous: true },
  // Without a new account's session there is no phone to verify: sign in first.
  {
    path: '/auth/verify-phone',
    heading: 'Sign in to your console',
    finalPath: '/auth/login',
    anonymous: true,
  },
  { path: '/auth/callback', heading: 'Finishing sign-in', anonymous: true },
  // Without a sign-in waiting for its second step: back to signing in.
  {
    path: '/auth/two-factor',
    heading: 'Sign in to your console',
    finalPath: '/auth/login',
    anonymous: true,
  },
  { path: '/overview', heading: 'Overview', section: true },
  { path: '/computes', heading: 'Computes', section: true },
  { path: '/computes/c-1', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/power', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/resize', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/tags', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/reverse-dns', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/history', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/monitoring', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/rebuild', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/rescue', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/image', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/networks', heading: 'Compute not found', section: true },
  { path: '/computes/c-1/destroy', heading: 'Compute not found', section: true },
  { path: '/computes/terminal/c-1', heading: 'Compute not found', section: true },
  { path: '/images', heading: 'Images', section: true },
  { path: '/networks', heading: 'Networks', section: true },
  { path: '/networks/new', heading: 'New network', section: true },
  { path: '/networks/n-1', heading: 'Network not found', section: true },
  { path: '/domains', heading: 'Domains', section: true },
  { path: '/domains/example.rw', heading: 'Domain not found', section: true },
  { path: '/domains/example.rw/MX', heading: 'Domain not found', section: true },
  { path: '/domains/example.rw/srv', heading: 'Domain not found', section: true },
  { path: '/invitation/inv-1', heading: 'Invitation', section: true },
  // Where a team requiring two-factor sign-in sends a member without it; for anyone else it says the team is open.
  { path: '/two-factor-required', heading: 'Two-factor sign-in required', section: true },
  { path: '/settings', heading: 'General', finalPath: '/settings/general', section: true },
  { path: '/settings/general', heading: 'General', section: true },
  { path: '/settings/billing', heading: 'Billing', section: true },
  { path: '/settings/invoices', heading: 'Invoices', section: true },
  {
    path: '/settings/members',
    heading: 'Active members',
    finalPath: '/settings/members/active',
    section: true,
  },
  { path: '/settings/members/active', heading: 'Active members', section: true },
  { path: '/settings/members/pending', heading: 'Pending invitations', section: true },
  { path: '/account-settings', heading: 'General', finalPath: '/account-settings/general' },
  { path: '/account-settings/general', heading: 'General' },
  {
    path: '/account-settings/teams',
    heading: 'Teams you belong to',
    finalPath: '/account-settings/teams/joined',
  },
  { path: '/account-settings/teams/joined', heading: 'Teams you belong to' },
  { path: '/account-settings/teams/pending', heading: 'Invitations to you' },
  { path: '/account-settings/api-tokens', heading: 'API tokens' },
  { path: '/account-settings/ssh-keys', heading: 'SSH keys' },
  { path: '/account-settings/security', heading: 'Security' },
  { path: '/new-compute', heading: 'Create a compute' },
  { path: '/register-domain', heading: 'Add a domain' },
  // No such domain here, whatever the type (tests/e2e/domains.e2e.ts checks an unknown type of a real one).
  { path: '/domains/example.rw/XYZ', heading: 'Domain not found', section: true },
  { path: '/computes/c-1/power/extra', heading: 'Page not found' },
];

let browser: Browser;
let signedIn: ConsolePage;
let anonymous: ConsolePage;

beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await openPage(browser, baseUrl);
  anonymous = await openPage(browser, baseUrl);
  await useAccount(signedIn.page, await createAccount(baseUrl));
});
afterAll(async () => {
  await browser?.close();
});

describe('every route of the spec resolves to its page', () => {
  for (const route of routes) {
    it(`${route.path} shows “${route.heading}”${route.section ? ' inside the section layout' : ''}`, async () => {
      const { page } = route.anonymous ? anonymous : signedIn;
      await page.goto(route.path);
      // The page's heading (in #main), not index.html's first paint of it, which React replaces.
      await page
        .locator('#main')
        .getByRole('heading', { name: route.heading, exact: true })
        .first()
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(route.finalPath ?? route.path);
      const sidebar = page.getByRole('navigation', { name: 'Console' });
      expect(await sidebar.count()).toBe(route.section ? 1 : 0);
      await expectNoAxeViolations(page);
    });
  }

  it('loaded nothing from outside the console and logged no errors', () => {
    // Made-up ids (c-1, inv-1) are refused by the API; the browser logs those 404s, nothing else may fail.
    expect(signedIn.problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    // The callback page without a sign-in in progress is the one expected refusal.
    expect(anonymous.problems.filter((problem) => !problem.includes('status of 4'))).toEqual([]);
  });
});
