// One journey in Kinyarwanda by clicking (issue 30, item 5), in Chromium against the real server: the
// language chosen on the landing page before sign-in, sign-up with the e-mail and phone codes (both written
// in Kinyarwanda), a compute created after a top-up through the sandbox checkout and seen running, a domain
// and a DNS record, and the balance after the compute's first hour. Every element is found by its
// Kinyarwanda name, looked up in the catalogs by id; every page reached says `lang="rw"` and shows no English
// (word or catalog sentence); money is in RWF without decimals and times in the Kigali zone where shown.
import { randomUUID } from 'node:crypto';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import consoleEn from '@/i18n/catalogs/console/en.json' with { type: 'json' };
import consoleRw from '@/i18n/catalogs/console/rw.json' with { type: 'json' };
import firstEn from '@/i18n/catalogs/first-pages/en.json' with { type: 'json' };
import firstRw from '@/i18n/catalogs/first-pages/rw.json' with { type: 'json' };
import { LOCALE_NAMES, numberLocale } from '@/i18n/locales';
import serverEn from '../../server/i18n/catalogs/en.json' with { type: 'json' };
import serverRw from '../../server/i18n/catalogs/rw.json' with { type: 'json' };
import { newIdentity } from './accounts';
import { type ConsolePage, launchBrowser, openPage } from './browser';
import { queryUdp } from './dns-client';
import { englishLeft } from './page-checks';

const baseUrl = inject('baseUrl');
const dnsPort = inject('dnsPort');
const ZONE = 'Africa/Kigali';

type Id = keyof typeof firstEn | keyof typeof consoleEn | keyof typeof serverEn;
const runtime = setupI18n();
runtime.loadAndActivate({
  locale: 'rw',
  locales: numberLocale('rw'),
  messages: Object.fromEntries(
    [firstRw, consoleRw, serverRw].flatMap((catalog) =>
      Object.entries(catalog).map(([id, message]) => [id, compileMessage(message)]),
    ),
  ),
});
/** The Kinyarwanda words of a message, as the console (or the server) writes them. */
const rw = (id: Id, values?: Record<string, string | number>) => runtime._(id, values);

const english: Record<string, string> = { ...firstEn, ...consoleEn, ...serverEn };
const kinyarwanda: Record<string, string> = { ...firstRw, ...consoleRw, ...serverRw };
const messageIds = new Set(Object.keys(english));
/** English sentences of the catalogs (two words or more, no placeholder) that Kinyarwanda words otherwise. */
const englishSentences = Object.entries(english)
  .filter(([id, text]) => text !== kinyarwanda[id] && !/[{}]/.test(text) && /\S\s+\S/.test(text.trim()))
  .map(([, text]) => text.trim());

/** Money as Kinyarwanda pages write it: "RWF 10,000", never with decimals. */
const RWF = /^RWF \d{1,3}(,\d{3})*$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Mail {
  channel: 'email' | 'sms';
  subject: string | null;
  text: string;
  code: string | null;
  createdAt: string;
}

/** The newest message with a code sent to `to` since `since`, as the development mailbox lists it. */
async function messageTo(to: string, since: number): Promise<Mail & { code: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: Mail[] };
    const latest = messages.find((message) => message.code && Date.parse(message.createdAt) >= since);
    if (latest?.code) return { ...latest, code: latest.code };
    if (Date.now() > deadline) throw new Error(`No code reached ${to} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its label, which a required field follows with "*". */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escaped(label)}\\s*\\*?$`));

/** The hour and minute `date` reads in Kigali, as "14:05". */
const kigaliTime = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: ZONE }).format(
    new Date(date),
  );

describe('the journey in Kinyarwanda', () => {
  it('signs up, creates a compute, adds a DNS record and tops up, all in Kinyarwanda', async () => {
    const opened = await openPage(browser, baseUrl);
    const { page, problems } = opened;
    const me = newIdentity('Uwimana Kalisa');
    const hostname = `urubuga-${randomUUID().slice(0, 6)}`;
    const zone = `iduka-${randomUUID().slice(0, 8)}.rw`;
    /** Their own words: names they gave and typed, shown as they are in every language. */
    const theirs = [me.name, me.email, hostname, zone];
    const visited: string[] = [];

    /** The page now shown speaks Kinyarwanda: its `lang`, no English word nor catalog sentence left. */
    async function inKinyarwanda(checked: ConsolePage = opened) {
      const where = new URL(checked.page.url()).pathname;
      visited.push(where);
      await expect.poll(() => checked.page.evaluate(() => document.documentElement.lang)).toBe('rw');
      const words = await checked.page.evaluate(() =>
        [
          document.body.innerText,
          document.title,
          ...[...document.querySelectorAll('[aria-label], [placeholder], [alt], [title]')].flatMap(
            (element) =>
              ['aria-label', 'placeholder', 'alt', 'title'].map((name) => element.getAttribute(name)),
          ),
        ].join('\n'),
      );
      expect({
        page: where,
        words: await englishLeft(checked, messageIds, theirs),
        sentences: englishSentences.filter((sentence) => words.includes(sentence)),
      }).toEqual({ page: where, words: [], sentences: [] });
    }
    const main = page.locator('#main');
    const heading = (id: Id, values?: Record<string, string | number>) =>
      main.getByRole('heading', { name: rw(id, values), exact: true });

    // The landing page, in English until the chooser (named in English, the page's language) says otherwise.
    await page.goto('/');
    await page
      .getByRole('combobox', { name: english['language.label'] })
      .selectOption({ label: LOCALE_NAMES.rw });
    await heading('landing.title').waitFor();
    await inKinyarwanda();

    // Sign-up: the e-mail code's message is written in Kinyarwanda.
    await main.getByRole('link', { name: rw('landing.getStarted'), exact: true }).click();
    await page.waitForURL('**/auth/signup');
    await heading('auth.signup.title').waitFor();
    await inKinyarwanda();
    await field(page, rw('auth.name')).fill(me.name);
    await field(page, rw('auth.email')).fill(me.email);
    const since = Date.now() - 1000;
    await main.getByRole('button', { name: rw('auth.signup.submit'), exact: true }).click();
    await page.waitForURL('**/auth/verify-otp');
    await heading('auth.otp.title').waitFor();
    await inKinyarwanda();
    const mail = await messageTo(me.email, since);
    expect(mail.subject).toBe(rw('mail.signUpCode.subject'));
    expect(mail.text).toContain(rw('mail.signUpCode.text', { name: me.name, code: mail.code, minutes: 10 }));
    await field(page, rw('auth.code')).fill(mail.code);
    await main.getByRole('button', { name: rw('auth.verify'), exact: true }).click();

    // The phone: its code comes by text, in Kinyarwanda too.
    await page.waitForURL('**/auth/verify-phone');
    await heading('auth.phone.title').waitFor();
    await inKinyarwanda();
    await page.getByRole('textbox', { name: new RegExp(`^${rw('auth.phone.label')}`) }).fill(me.phone);
    await main.getByRole('button', { name: rw('auth.phone.send'), exact: true }).click();
    await page.getByText(rw('auth.phone.enterCode'), { exact: true }).waitFor();
    await inKinyarwanda();
    const text = await messageTo(`+250${me.phone.slice(1)}`, since);
    expect(text.channel).toBe('sms');
    // The text, then the line that lets the browser offer the code (WebOTP).
    expect(text.text.split('\n')[0]).toBe(rw('sms.phoneCode', { code: text.code, minutes: 10 }));
    await field(page, rw('auth.code')).fill(text.code);
    await main.getByRole('button', { name: rw('auth.verify'), exact: true }).click();

    // The overview of the team the sign-up made (no team to create first).
    await page.waitForURL('**/overview');
    await heading('nav.overview').waitFor();
    await inKinyarwanda();

    // A compute: none yet, and the balance is empty, so the page says to add money first.
    const nav = page.getByRole('navigation', { name: rw('nav.label'), exact: true });
    await nav.getByRole('link', { name: rw('nav.computes'), exact: true }).click();
    await heading('computes.list.title').waitFor();
    await inKinyarwanda();
    await main.getByRole('link', { name: rw('computes.list.createFirst'), exact: true }).click();
    await page.waitForURL('**/new-compute');
    await heading('computes.create.title').waitFor();
    await page.getByText(rw('computes.prepaid.addFirst'), { exact: true }).waitFor();
    await inKinyarwanda();

    // Its link to Settings → Billing: top up there through the sandbox checkout.
    await main.getByRole('link', { name: rw('computes.prepaid.addMoney'), exact: true }).click();
    await page.waitForURL('**/settings/billing');
    const balance = page.getByTestId('balance-amount');
    await balance.filter({ hasText: 'RWF 0' }).waitFor();
    await inKinyarwanda();
    await field(page, rw('billing.topUp.amount', { currency: 'RWF' })).fill('10000');
    await main.getByRole('button', { name: rw('billing.topUp.submit'), exact: true }).click();
    // The sandbox checkout stands in for the payment provider: a page of the server's, opened without a
    // session, in the language the top-up was asked in (Chromium's own Accept-Language is English).
    await page.waitForURL(/\/checkout\//);
    await inKinyarwanda();
    await expect(page.locator('.amount').textContent()).resolves.toBe('RWF 10,000');
    await page.locator('form[action$="/approve"] button').click();
    await page.waitForURL(/\/settings\/billing\?topup=/);
    await page.getByText(rw('billing.topUp.added', { amount: 'RWF 10,000' }), { exact: true }).waitFor();
    await balance.filter({ hasText: 'RWF 10,000' }).waitFor();
    await inKinyarwanda();

    // Back to a new compute: location, image and plan chosen by their Kinyarwanda labels.
    await page
      .getByRole('banner')
      .getByRole('link', { name: rw('nav.newCompute'), exact: true })
      .click();
    await heading('computes.create.title').waitFor();
    await page
      .getByText(rw('computes.prepaid.balance', { balance: 'RWF 10,000' }), { exact: false })
      .waitFor();
    await inKinyarwanda();
    const locations = page.getByRole('group', { name: rw('computes.list.location') });
    await locations.getByRole('radio', { name: 'Kigali 1' }).check();
    await page
      .getByRole('group', { name: rw('computes.overview.image') })
      .getByRole('radio', { name: 'Debian 12' })
      .check();
    const plan = rw('computes.plan.size', {
      vcpus: 1,
      memory: rw('money.memory.gigabytes', { amount: '1' }),
      disk: 25,
    });
    await page
      .getByRole('group', { name: rw('computes.create.plan') })
      .getByRole('radio', { name: plan })
      .check();
    await page
      .getByRole('group', { name: rw('computes.signIn.legend') })
      .getByRole('radio', { name: rw('computes.signIn.password') })
      .check();
    await field(page, rw('computes.create.hostname')).fill(hostname);
    await main.getByRole('button', { name: rw('computes.create.submit'), exact: true }).click();
    // The root password, shown once; then the compute's page, which the socket turns to running.
    await heading('computes.create.savePassword').waitFor();
    await inKinyarwanda();
    await main.getByRole('button', { name: rw('computes.create.saved'), exact: true }).click();
    await page.waitForURL(/\/computes\/[0-9a-f-]{36}$/);
    await main.getByRole('heading', { name: hostname, exact: true }).waitFor();
    await main.locator('[data-status="running"]').first().waitFor({ timeout: 120_000 });
    await page.getByText(rw('computes.create.running', { hostname }), { exact: true }).waitFor();
    await main.getByText(rw('computes.status.running'), { exact: true }).first().waitFor();
    await inKinyarwanda();

    // Domains: add one, then an A record pointing at the compute's address, which our DNS server answers.
    const address = (await main.getByText(/^ssh root@\d+\.\d+\.\d+\.\d+$/).textContent())!.slice(
      'ssh root@'.length,
    );
    await nav.getByRole('link', { name: rw('nav.domains'), exact: true }).click();
    await heading('nav.domains').waitFor();
    await inKinyarwanda();
    await main.getByRole('link', { name: rw('domains.list.addFirst'), exact: true }).click();
    await page.waitForURL('**/register-domain');
    await heading('domains.list.add').waitFor();
    await inKinyarwanda();
    await field(page, rw('domains.list.searchPlaceholder')).fill(zone);
    await main.getByRole('button', { name: rw('domains.register.submit'), exact: true }).click();
    await heading('domains.delegation.title').waitFor();
    await inKinyarwanda();
    await main
      .getByRole('link', { name: rw('domains.register.goToRecords', { domain: zone }), exact: true })
      .click();
    await heading('domains.records.title').waitFor();
    await inKinyarwanda();
    await page
      .getByRole('navigation', { name: rw('domains.tabs.label'), exact: true })
      .getByRole('link', { name: 'A', exact: true })
      .click();
    const form = page.getByRole('form', { name: rw('domains.recordForm.add', { type: 'A' }), exact: true });
    await form.waitFor();
    await inKinyarwanda();
    await field(form, rw('dns.field.hostname')).fill('api');
    await field(form, rw('dns.field.value')).fill(address);
    // TTL is the protocol's own name, the same label in every language.
    await field(form, 'TTL').fill('3600');
    await form
      .getByRole('button', { name: rw('domains.recordForm.add', { type: 'A' }), exact: true })
      .click();
    // The toast names the record as the server keeps it (its name in full, or as typed).
    const [before, after] = rw('domains.record.added', { type: 'A', name: '\u0000' }).split('\u0000');
    await page
      .getByText(new RegExp(`^${escaped(before!)}.*api.*${escaped(after!)}$`))
      .first()
      .waitFor();
    await main.getByRole('cell', { name: address, exact: true }).first().waitFor();
    await inKinyarwanda();
    const answer = await queryUdp(dnsPort, `api.${zone}`, 'A');
    expect(answer.answers?.map((record) => record.data)).toContain(address);

    // Settings → Billing again: the compute's first hour taken from the balance, in whole francs, and the
    // history's times in Kigali's zone, named in its header.
    await nav.getByRole('link', { name: rw('nav.settings'), exact: true }).click();
    await page
      .getByRole('navigation', { name: rw('teamSettings.tabs'), exact: true })
      .getByRole('link', { name: rw('teamSettings.tab.billing'), exact: true })
      .click();
    await page.waitForURL('**/settings/billing');
    await expect.poll(() => balance.textContent(), { timeout: 60_000 }).not.toBe('RWF 10,000');
    const left = (await balance.textContent())!;
    expect(left).toMatch(RWF);
    expect(Number(left.replace(/\D/g, ''))).toBeLessThan(10_000);
    const history = page.getByRole('region', { name: rw('billing.ledger.title') });
    await history.getByRole('columnheader', { name: rw('billing.ledger.date', { zone: ZONE }) }).waitFor();
    const topUpRow = history.getByRole('row').filter({ hasText: rw('billing.ledger.kind.topUp') });
    await topUpRow.first().waitFor();
    for (const cell of await history.locator('td').allTextContents()) {
      if (cell.startsWith('RWF') || cell.startsWith('-RWF')) expect(cell.replace(/^-/, '')).toMatch(RWF);
    }
    // The top-up's row reads the hour it was credited at in Kigali (UTC+2), not in UTC.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const headers = { Authorization: `Bearer ${token}` };
    const { teams } = (await (await fetch(`${baseUrl}/user/api/v1/teams`, { headers })).json()) as {
      teams: Array<{ id: string }>;
    };
    const ledger = (await (
      await fetch(`${baseUrl}/payment/api/v1/teams/${teams[0]!.id}/ledger`, { headers })
    ).json()) as { entries: Array<{ kind: string; createdAt: string }> };
    const credited = ledger.entries.find((entry) => entry.kind === 'top_up')!;
    await expect(topUpRow.first().textContent()).resolves.toContain(kigaliTime(credited.createdAt));
    await expect(topUpRow.first().textContent()).resolves.toContain('RWF 10,000');
    await inKinyarwanda();

    expect(problems).toEqual([]);
    expect(visited.length).toBeGreaterThan(12);
  }, 600_000);
});
