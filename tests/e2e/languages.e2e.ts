// The console in French and in Kinyarwanda (issue 30), at a phone's width, on a team with something on every
// page (tests/e2e/seeded-team.ts): every page speaks the language chosen — no English word left, no message
// id instead of words, `<html lang>` set — fits 390 px and passes axe, the landing and sign-in pages as the
// signed-in ones. French strings are the longest: what fits in French fits in English.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALE_NAMES, type Locale } from '@/i18n/locales';
import { asAccount, useAccount } from './accounts';
import { type ConsolePage, expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { englishLeft, sidewaysScroll } from './page-checks';
import { type SeededTeam, seedTeam } from './seeded-team';

const baseUrl = inject('baseUrl');
const FIRST_PAGES = ['/', '/auth/login', '/auth/signup'];

/** Every message id, so a page showing one instead of its words is caught. */
const messageIds = new Set(
  [
    'src/i18n/catalogs/first-pages/en.json',
    'src/i18n/catalogs/console/en.json',
    'server/i18n/catalogs/en.json',
  ].flatMap((file) => Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)),
);

let browser: Browser;
let team: SeededTeam;

beforeAll(async () => {
  browser = await launchBrowser();
  team = await seedTeam(baseUrl, 'Pascaline Ururimi');
});
afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page whose browser has chosen `locale` (as the chooser before sign-in remembers it). */
async function phoneIn(locale: Locale): Promise<ConsolePage> {
  const opened = await openPage(browser, baseUrl);
  await opened.page.setViewportSize({ width: 390, height: 844 });
  await opened.page.addInitScript((chosen) => localStorage.setItem('locale', JSON.stringify(chosen)), locale);
  return opened;
}

/** What is wrong with the page now shown, or nothing. */
async function checkPage(opened: ConsolePage, locale: Locale, theirs: string[] = []): Promise<string[]> {
  const found = [
    ...(await sidewaysScroll(opened)),
    ...(await englishLeft(opened, messageIds, theirs)).map((text) => `not in ${locale}: ${text}`),
  ];
  const lang = await opened.page.evaluate(() => document.documentElement.lang);
  if (lang !== locale) found.push(`<html lang="${lang}">`);
  try {
    await expectNoAxeViolations(opened.page);
  } catch (error) {
    found.push((error as Error).message.split('\n').slice(0, 6).join(' '));
  }
  return found;
}

for (const locale of ['fr', 'rw'] as const) {
  describe(`in ${LOCALE_NAMES[locale]}`, () => {
    it('shows the landing and sign-in pages in it', async () => {
      const anonymous = await phoneIn(locale);
      const failures: Record<string, string[]> = {};
      for (const path of FIRST_PAGES) {
        await anonymous.page.goto(path);
        await anonymous.page.locator('#main h1, main h1').first().waitFor();
        const found = await checkPage(anonymous, locale);
        if (found.length > 0) failures[path] = found;
      }
      await anonymous.context.close();
      expect(failures).toEqual({});
    });

    it('shows every signed-in page in it, at a phone’s width, and each passes axe', async () => {
      // The account's language: what the server says (problems, history) follows it too.
      await asAccount(baseUrl, team.account, 'PATCH', '/users/me', { locale });
      const signedIn = await phoneIn(locale);
      await useAccount(signedIn.page, team.account);
      const failures: Record<string, string[]> = {};
      for (const path of team.paths) {
        await signedIn.page.goto(path);
        await signedIn.page.locator('main h1').first().waitFor();
        const found = await checkPage(signedIn, locale, team.theirWords);
        if (found.length > 0) failures[path] = found;
      }
      await signedIn.context.close();
      expect(failures).toEqual({});
    }, 300_000);
  });
}
