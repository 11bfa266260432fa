// Signing up and in as a new user would: e-mail code from the development mailbox, phone code by SMS,
// sign out, sign in again, a wrong code, and a session revoked from elsewhere.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, createAccount, newIdentity } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function signInWithCode(page: Page, email: string) {
  const since = Date.now() - 1000;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.waitForURL('**/auth/verify-otp');
  // The Code field is ready to type into: no click needed after the e-mail step.
  await page.waitForFunction(
    () => (document.activeElement as HTMLInputElement | null)?.name === 'code',
    undefined,
    { timeout: 3000 },
  );
  await enterCode(page, await codeSentTo(baseUrl, email, since));
}

describe('identity in Chromium', () => {
  it('signs up, verifies e-mail and phone, lands on the overview, signs out and back in', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl);
    const me = newIdentity('Ada Nkusi');

    await page.goto('/auth/signup');
    await page.getByLabel('Name').fill(me.name);
    await page.getByLabel('E-mail address').fill(me.email);
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/auth/verify-otp');
    await page.getByText(me.email).first().waitFor();
    await page.waitForFunction(
      () => (document.activeElement as HTMLInputElement | null)?.name === 'code',
      undefined,
      { timeout: 3000 },
    );
    await expectNoAxeViolations(page);

    // The code arrives in the development mailbox, as a newcomer running the console locally sees it.
    const mailbox = await context.newPage();
    await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(me.email)}`);
    const code = await codeSentTo(baseUrl, me.email, since);
    await mailbox.getByText(code).first().waitFor();
    await mailbox.close();

    await enterCode(page, code);
    await page.waitForURL('**/auth/verify-phone');
    await page.getByRole('textbox', { name: /^Phone number/ }).fill(me.phone);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('Enter the code we texted you.').waitFor();
    // The embedded outbox never delivers: the text's state says sent, honestly, and no more.
    await page
      .getByRole('status')
      .filter({ hasText: /^Text message: Sent to / })
      .waitFor();
    await expectNoAxeViolations(page);
    await enterCode(page, await codeSentTo(baseUrl, `+250${me.phone.slice(1)}`, since));

    await page.waitForURL('**/overview');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Live updates: Live' }).waitFor();

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByText('You are signed out.').waitFor();

    await signInWithCode(page, me.email);
    await page.waitForURL('**/overview');
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });

  it('keeps the form and explains when the code is wrong', async () => {
    const account = await createAccount(baseUrl);
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/auth/login');
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.waitForURL('**/auth/verify-otp');
    const real = await codeSentTo(baseUrl, account.email, Date.now() - 5000);
    const wrong = real === '000000' ? '111111' : '000000';
    await enterCode(page, wrong);
    await page.getByText(/That code is not right/).waitFor();
    expect(await page.getByLabel('Code').inputValue()).toBe(wrong);
    expect(await page.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await enterCode(page, real);
    await page.waitForURL('**/overview');
    await context.close();
  });

  it('sends a revoked session back to sign in, then returns to the page that was asked for', async () => {
    const account = await createAccount(baseUrl);
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/auth/login');
    await signInWithCode(page, account.email);
    await page.waitForURL('**/overview');

    // Elsewhere (the account's other session), "sign out everywhere else".
    const revoked = await fetch(`${baseUrl}/user/api/v1/auth/sessions/sign-out-others`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(revoked.status).toBe(200);

    await page.goto('/settings/members/pending');
    await page.waitForURL('**/auth/login');
    const intended = await page.evaluate(() => localStorage.getItem('intendedPath'));
    expect(JSON.parse(intended ?? 'null')).toBe('/settings/members/pending');

    await signInWithCode(page, account.email);
    await page.waitForURL('**/settings/members/pending');
    await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
    await context.close();
  });

  it('lists sessions in account settings and signs out everywhere else', async () => {
    const account = await createAccount(baseUrl);
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/auth/login');
    await signInWithCode(page, account.email);
    await page.waitForURL('**/overview');
    await page.goto('/account-settings/general');
    const sessions = page.getByRole('table', { name: 'Your sessions' });
    await sessions.waitFor();
    expect(await sessions.getByRole('row').count()).toBe(3); // header, this browser, the API's session
    await sessions.getByText('This browser').waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('Signed out of 1 other session.').waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await sessions.getByRole('row').count()).toBe(2);
    await expectNoAxeViolations(page);
    const old = await fetch(`${baseUrl}/user/api/v1/auth/session`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(old.status).toBe(401);
    await context.close();
  });
});
