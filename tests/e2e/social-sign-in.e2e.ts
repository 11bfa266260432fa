// Signing in with GitHub against a real (local) authorization server: the whole redirect dance in Chromium.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  removeDataDir,
  type ServerProcess,
  startServerProcess,
} from '../../scripts/server-process';
import { type FakeOAuthProvider, startFakeOAuthProvider } from '../support/oauth-provider';
import { codeSentTo, newIdentity } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

let browser: Browser;
let provider: FakeOAuthProvider;
let server: ServerProcess;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeOAuthProvider();
  const port = await freePort();
  server = await startServerProcess({ ...provider.env(), PUBLIC_URL: `http://127.0.0.1:${port}` }, { port });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  await provider?.close();
});

describe('social sign-in', () => {
  it('signs a new user up with GitHub, verifies the phone and marks GitHub as last used', async () => {
    const me = newIdentity('Octavia Gatete');
    provider.setNextUser({
      subject: `gh-${randomUUID()}`,
      email: me.email,
      name: me.name,
      emailVerified: true,
    });
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.waitForURL('**/auth/verify-phone');
    // PKCE and state were asked for.
    const asked = provider.lastAuthorization();
    expect(asked?.get('code_challenge_method')).toBe('S256');
    expect(asked?.get('state')).toBeTruthy();

    const since = Date.now() - 1000;
    await page.getByRole('textbox', { name: /^Phone number/ }).fill(me.phone);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByLabel('Code').fill(await codeSentTo(server.url, `+250${me.phone.slice(1)}`, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/overview');

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByRole('button', { name: /Continue with GitHub.*Last used/ }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('says so in plain words when the person cancels at GitHub', async () => {
    provider.denyNext();
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.waitForURL('**/auth/callback**');
    await page.getByText('Signing in with GitHub was cancelled.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/auth/login');
    await context.close();
  });

  it('refuses a replayed callback: the state is single use and bound to the browser that started it', async () => {
    const first = await openPage(browser, server.url);
    let callbackUrl = '';
    first.page.on('request', (request) => {
      if (request.url().includes('/auth/callback?')) callbackUrl = request.url();
    });
    await first.page.goto('/auth/login');
    await first.page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await first.page.waitForURL(/\/(overview|auth\/verify-phone)/);
    expect(callbackUrl).toContain('state=');
    await first.context.close();

    const replay = await openPage(browser, server.url);
    await replay.page.goto(callbackUrl);
    await replay.page.getByRole('alert').waitFor();
    expect(await replay.page.getByRole('alert').textContent()).toMatch(/expired|already used|start again/i);
    expect(await replay.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await replay.context.close();
  });
});
