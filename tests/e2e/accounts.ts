// Real accounts for end-to-end tests: codes are read from the server's development mailbox, exactly as
// a developer signing up locally would read them.
import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

export interface TestAccount {
  name: string;
  email: string;
  /** The national number typed into the phone field (Rwanda). */
  phone: string;
  token: string;
  user: { id: string; name: string; email: string; phoneVerified: boolean };
}

/** A fresh identity: a unique address and a valid, unused Rwandan mobile number. */
export function newIdentity(name = 'Ada Nkusi') {
  const email = `${name.split(' ')[0]?.toLowerCase()}.${randomUUID().slice(0, 8)}@example.rw`;
  const phone = `078${String(randomInt(1_000_000, 9_999_999))}`;
  return { name, email, phone };
}

interface MailboxMessage {
  to: string;
  code: string | null;
  createdAt: string;
}

/** The newest code sent to `to` after `since`; waits for it (mail goes out just after the answer). */
export async function codeSentTo(baseUrl: string, to: string, since = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: MailboxMessage[] };
    const latest = messages.find((message) => message.code && Date.parse(message.createdAt) >= since);
    if (latest?.code) return latest.code;
    if (Date.now() > deadline) throw new Error(`No code reached ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/user/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs up through the API (e-mail code, then phone code) and returns a fully verified account. */
export async function createAccount(baseUrl: string, identity = newIdentity()): Promise<TestAccount> {
  const since = Date.now() - 1000;
  const { challengeId } = await api<{ challengeId: string }>(baseUrl, '/auth/signup', {
    name: identity.name,
    email: identity.email,
  });
  const signedIn = await api<{ token: string }>(baseUrl, '/auth/email-code/verify', {
    challengeId,
    code: await codeSentTo(baseUrl, identity.email, since),
  });
  const phoneChallenge = await api<{ challengeId: string; destination: string }>(
    baseUrl,
    '/auth/phone-code',
    { country: 'RW', phoneNumber: identity.phone },
    signedIn.token,
  );
  const verified = await api<{ user: TestAccount['user'] }>(
    baseUrl,
    '/auth/phone-code/verify',
    {
      challengeId: phoneChallenge.challengeId,
      code: await codeSentTo(baseUrl, phoneChallenge.destination, since),
    },
    signedIn.token,
  );
  return { ...identity, token: signedIn.token, user: verified.user };
}

/** Opens the console in `page` already signed in as `account` (as if they had signed in before). */
export async function useAccount(page: Page, account: TestAccount) {
  await page.addInitScript(
    ({ token, user }) => {
      // Once per tab: after a sign-out the tab must stay signed out.
      if (sessionStorage.getItem('e2e-account-seeded')) return;
      sessionStorage.setItem('e2e-account-seeded', '1');
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: account.token, user: account.user },
  );
}

/**
 * From the overview, as a person gets there: account menu → Account settings → the `tab` page, waiting for
 * each page's own heading.
 */
export async function openAccountSettings(page: Page, tab: string) {
  await page.goto('/overview');
  await page.locator('#main').getByRole('heading', { name: 'Overview' }).waitFor();
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await page.getByRole('heading', { name: 'General' }).waitFor();
  await page
    .getByRole('navigation', { name: 'Account settings pages' })
    .getByRole('link', { name: tab })
    .click();
  await page.locator('#main').getByRole('heading', { name: tab, exact: true }).waitFor();
}

/** The newest link to a console page (e.g. /invitation/…) in a message sent to `to`. */
export async function linkSentTo(
  baseUrl: string,
  to: string,
  pathPrefix: string,
  since = 0,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  const pattern = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replaceAll('/', '\\/')}[^\\s"'<>]*`);
  for (;;) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: Array<MailboxMessage & { text: string }> };
    for (const message of messages) {
      if (Date.parse(message.createdAt) < since) continue;
      const link = pattern.exec(message.text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`No ${pathPrefix} link reached ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls the user service as `account`. */
export async function asAccount<T>(
  baseUrl: string,
  account: TestAccount,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/user/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${account.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * Adds money to the account's first team the way a person does: a top-up through the payment service,
 * approved on the sandbox provider's checkout page. Computes are charged by the hour from the moment they
 * exist, so a journey that starts and stops computes tops up first, as a new user would.
 */
export async function topUp(baseUrl: string, account: TestAccount, amountMinor = 100_000): Promise<void> {
  const { teams } = await asAccount<{ teams: Array<{ id: string }> }>(baseUrl, account, 'GET', '/teams');
  const response = await fetch(`${baseUrl}/payment/api/v1/teams/${teams[0]!.id}/top-ups`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${account.token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({ amountMinor }),
  });
  if (response.status !== 201)
    throw new Error(`The top-up answered ${response.status}: ${await response.text()}`);
  const { topUp } = (await response.json()) as { topUp: { checkoutUrl: string } };
  const approved = await fetch(new URL(`${topUp.checkoutUrl}/approve`, baseUrl), {
    method: 'POST',
    // What the checkout page's own button sends: posts from other sites are refused.
    headers: { Origin: new URL(baseUrl).origin },
    redirect: 'manual',
  });
  if (approved.status !== 303) throw new Error(`The sandbox approval answered ${approved.status}`);
}

/**
 * Signs out by the account menu, then signs in again as `account` by e-mail code, as a person does; the
 * page is left wherever that leads (the overview, or /auth/two-factor for someone with a second factor).
 */
export async function signOutAndInByEmailCode(page: Page, baseUrl: string, account: TestAccount) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/auth/login');
  const since = Date.now() - 1000;
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.waitForURL('**/auth/verify-otp');
  await page.getByLabel('Code').fill(await codeSentTo(baseUrl, account.email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
}
