// Account settings in Kinyarwanda and French (issue 30), as a person gets there: the language chosen in
// Account settings → General switches every tab at once, and no English sentence of the console's catalogs
// is left on any of them — not in the text, nor in labels, placeholders or alternative texts.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, useAccount } from './accounts';
import { launchBrowser, openPage } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Catalog = Record<string, string>;
const catalog = (part: string, locale: string) =>
  JSON.parse(readFileSync(`src/i18n/catalogs/${part}/${locale}.json`, 'utf8')) as Catalog;

/**
 * The English sentences and labels a page in `locale` must not show: every message of both console parts
 * that the language words differently, of two words or more, without placeholders (whose values may be
 * anything).
 */
function englishOnly(locale: 'rw' | 'fr'): string[] {
  return ['first-pages', 'console'].flatMap((part) => {
    const english = catalog(part, 'en');
    const other = catalog(part, locale);
    return Object.entries(english)
      .filter(([id, text]) => text !== other[id] && !/[{}]/.test(text) && /\S\s+\S/.test(text.trim()))
      .map(([, text]) => text.trim());
  });
}

/** What the page (or one part of it) says, to the eye and to assistive technology. */
async function wordsOn(page: Page, selector = 'body'): Promise<string> {
  return page.evaluate((where) => {
    const root = document.querySelector<HTMLElement>(where);
    if (!root) return '';
    const labelled = [root, ...root.querySelectorAll('[aria-label], [placeholder], [alt], [title]')];
    const attributes = labelled.flatMap((element) =>
      ['aria-label', 'placeholder', 'alt', 'title'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [root.innerText, root.textContent ?? '', ...attributes, document.title].join('\n');
  }, selector);
}

const tabs: Record<'rw' | 'fr', Array<{ path: string; heading: string }>> = {
  rw: [
    { path: '/account-settings/general', heading: 'Rusange' },
    { path: '/account-settings/security', heading: 'Umutekano' },
    { path: '/account-settings/ssh-keys', heading: 'Imfunguzo za SSH' },
    { path: '/account-settings/api-tokens', heading: 'Imfunguzo za API' },
    { path: '/account-settings/teams/joined', heading: 'Amatsinda urimo' },
    { path: '/account-settings/teams/pending', heading: 'Ubutumire wohererejwe' },
  ],
  fr: [
    { path: '/account-settings/general', heading: 'Général' },
    { path: '/account-settings/security', heading: 'Sécurité' },
    { path: '/account-settings/ssh-keys', heading: 'Clés SSH' },
    { path: '/account-settings/api-tokens', heading: "Jetons d'API" },
    { path: '/account-settings/teams/joined', heading: 'Équipes dont vous êtes membre' },
    { path: '/account-settings/teams/pending', heading: 'Vos invitations' },
  ],
};

describe('Account settings in Kinyarwanda and French', () => {
  it('switches every tab to the language chosen, with no English left', async () => {
    const account = await createAccount(baseUrl, newIdentity('Uwase Mukamana'));
    const { page } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/account-settings/general');
    await page.locator('#main').getByRole('heading', { name: 'General', exact: true }).waitFor();
    // The scan sees English where there is some: the page in English shows many of those sentences.
    const onEnglishPage = await wordsOn(page);
    expect(englishOnly('rw').filter((text) => onEnglishPage.includes(text)).length).toBeGreaterThan(10);

    for (const locale of ['rw', 'fr'] as const) {
      await page.locator('#main select[name=language]').selectOption(locale);
      await page
        .locator('#main')
        .getByRole('heading', { name: tabs[locale][0]!.heading, exact: true })
        .waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      const english = englishOnly(locale);
      for (const tab of tabs[locale]) {
        await page.goto(tab.path);
        await page.locator('#main').getByRole('heading', { name: tab.heading, exact: true }).waitFor();
        const words = await wordsOn(page);
        expect({ page: tab.path, english: english.filter((text) => words.includes(text)) }).toEqual({
          page: tab.path,
          english: [],
        });
      }
      // The console's header around every section page, its team menu and its New team dialog.
      await page.goto('/overview');
      const header = page.locator('header').first();
      await header.getByRole('button', { name: /^(Itsinda|Équipe)/ }).click();
      await page
        .getByRole('menuitem', { name: locale === 'rw' ? 'Kora itsinda…' : 'Créer une équipe…' })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('heading', { name: locale === 'rw' ? 'Kora itsinda' : 'Créer une équipe' })
        .waitFor();
      for (const part of ['header', '[role=dialog]']) {
        const words = await wordsOn(page, part);
        expect({ part, english: english.filter((text) => words.includes(text)) }).toEqual({
          part,
          english: [],
        });
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto('/account-settings/general');
      await page
        .locator('#main')
        .getByRole('heading', { name: tabs[locale][0]!.heading, exact: true })
        .waitFor();
    }
  });
});
