// A phone code asked for in the console by clicking, through a real SMS gateway: a server of its own on
// SMS_DRIVER=kannel, Debian's Kannel (bearerbox + smsbox, started here on loopback ports) connected over SMPP
// to an SMS centre this file runs (npm's smpp package). The text must reach the centre for the number typed,
// the centre's delivery receipt must come back through Kannel to the server and show on the page, and the
// code the centre received must verify the phone. A number the centre cannot reach shows the failure and
// what to do. Needs Kannel installed, like the gateway tests (it fails saying what to install otherwise).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, type ServerProcess, startServerProcess } from '../../scripts/server-process';
import { type KannelGateway, startKannel } from '../gateways/support/kannel';
import { NpmSmppCentre } from '../gateways/support/npm-smpp-centre';
import type { Submitted } from '../gateways/support/sms-centre';
import { codeSentTo, newIdentity, openAccountSettings } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

/** The number the centre answers with a failed delivery receipt (stat:UNDELIV), as typed and as sent. */
const UNREACHABLE = { typed: '0788 999 001', international: '250788999001' };
const SUPPORT_EMAIL = 'help@ikirere.example.rw';

let centre: NpmSmppCentre;
let kannel: KannelGateway;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  centre = new NpmSmppCentre(new Set([UNREACHABLE.international]));
  await centre.start();
  kannel = await startKannel({ smscPort: centre.port });
  await centre.waitForBinds(1);
  // Delivery reports come back to the address the server listens on (no PUBLIC_URL, no KANNEL_REPORT_URL).
  server = await startServerProcess({
    SMS_DRIVER: 'kannel',
    KANNEL_SENDSMS_URL: kannel.sendsmsUrl,
    KANNEL_USERNAME: kannel.username,
    KANNEL_PASSWORD: kannel.password,
    SUPPORT_EMAIL,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) {
    const code = await server.stop();
    if (code !== 0) console.error(`The Kannel e2e server exited with code ${code}:\n${server.output()}`);
    removeDataDir(server.dataDir);
  }
  await kannel?.remove();
  await centre?.close();
});

const to = (number: string) => (submit: Submitted) => submit.destination === number;

/** Signs up by clicking, with the e-mail code from the development mailbox, up to the phone step. */
async function signUpToPhoneStep(page: Page, me: { name: string; email: string }) {
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill(me.name);
  await page.getByLabel('E-mail address').fill(me.email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/auth/verify-otp');
  await page.getByLabel('Code').fill(await codeSentTo(server.url, me.email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/auth/verify-phone');
}

async function askForPhoneCode(page: Page, typed: string) {
  await page.getByRole('textbox', { name: /^Phone number/ }).fill(typed);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByText('Enter the code we texted you.').waitFor();
}

describe('a phone code through Kannel over SMPP, in Chromium', () => {
  it('reaches the SMS centre for the number typed, shows it delivered, and the code received verifies the phone', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    const me = newIdentity('Aline Uwase');
    const international = `250${me.phone.slice(1)}`;
    await signUpToPhoneStep(page, me);
    await askForPhoneCode(page, me.phone);

    const [submit] = await centre.waitForSubmits(to(international));
    expect(submit).toMatchObject({ source: 'Ikirere', destTon: 1, dataCoding: 0 });
    const code = /^Your Ikirere verification code is (\d{6})\./.exec(submit!.text)?.[1];
    expect(code, submit!.text).toMatch(/^\d{6}$/);

    // The centre's receipt went to Kannel, Kannel called the server's report URL, and the page asked again.
    await page
      .getByRole('status')
      .filter({ hasText: `Text message: Delivered to +${international}.` })
      .waitFor({ timeout: 20_000 });
    // The text left through Kannel only: nothing went to the embedded outbox, and one text reached the centre.
    const mailbox = await fetch(
      `${server.url}/dev/mailbox/messages?to=${encodeURIComponent(`+${international}`)}`,
    );
    expect(((await mailbox.json()) as { messages: unknown[] }).messages).toEqual([]);
    expect(centre.submits.filter(to(international))).toHaveLength(1);

    await page.getByLabel('Code').fill(code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/overview');
    await openAccountSettings(page, 'General');
    await page.getByText(`Your verified number is +${international}.`).waitFor();
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });

  it('says a text the network could not deliver was not delivered, and what to do', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await signUpToPhoneStep(page, newIdentity('Eric Habimana'));
    await askForPhoneCode(page, UNREACHABLE.typed);

    await centre.waitForSubmits(to(UNREACHABLE.international));
    const alert = page.getByRole('alert').filter({ hasText: 'The text could not be delivered' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.innerText()).toContain(
      `The network could not deliver it to +${UNREACHABLE.international}. Check the number, then try again with Send a new code or use a different number. If no text reaches you, e-mail ${SUPPORT_EMAIL}.`,
    );
    // The two ways out it names are there to click.
    await page.getByRole('button', { name: 'Send a new code', disabled: false }).waitFor();
    await page.getByRole('button', { name: 'Use a different number', disabled: false }).waitFor();
    await expectNoAxeViolations(page);
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });
});
