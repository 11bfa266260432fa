// Two-factor sign-in as a person turns it on and then meets it: account menu → Account settings → Security;
// the key read from the page into a TOTP generator (what an authenticator app does), a wrong code refused
// beside the field, the right one turning it on with ten recovery codes; signed out, signing in by e-mail
// code then asks for the app's code, refuses a wrong one beside the field, and opens the console with the
// right one.
import * as OTPAuth from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createAccount,
  newIdentity,
  openAccountSettings,
  signOutAndInByEmailCode,
  useAccount,
} from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the app shows `stepsAhead` 30-second steps from now. */
function appCode(secret: string, stepsAhead = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

describe('two-factor sign-in in Chromium', () => {
  it('turns on with a code from the app, then signing in asks for it', async () => {
    const account = await createAccount(baseUrl, newIdentity('Tamara Twofa'));
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await openAccountSettings(page, 'Security');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code holding the key for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);

    const right = appCode(secret);
    await page.getByLabel('Code from the app').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page
      .getByText('That code is not right. Check the app’s clock, or scan the QR code again.')
      .waitFor();
    await page.getByLabel('Code from the app').fill(right);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    await expect(codes.count()).resolves.toBe(10);
    await page.getByText('This is the only time they are shown.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText(/^On since .+\. 10 of 10 recovery codes left\.$/).waitFor();

    // Signed out, the e-mail code alone is not enough.
    await signOutAndInByEmailCode(page, baseUrl, account);
    await page.waitForURL('**/auth/two-factor');
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Code').fill('12345');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/^Enter the 6 digits from your authenticator app/).waitFor();
    await expect(page.getByLabel('Code').inputValue()).resolves.toBe('12345');
    await page.getByLabel('Code').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right. You can try 4 more times.').waitFor();

    // The code that turned it on is spent; the app's next one is accepted.
    await page.getByLabel('Code').fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/overview');
    await page.locator('#main').getByRole('heading', { name: 'Overview' }).waitFor();
    // The two wrong codes were refused with 422, which Chromium logs; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes('status of 422'))).toEqual([]);
    expect(problems).toHaveLength(2);
  });
});
