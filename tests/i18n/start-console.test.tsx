// public/start-console.js starts the console's scripts and preloads the first pages' catalog of the language
// the console will show: the one it picks must be the console's own choice (src/i18n/preferences.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES, negotiateLocale } from '@/i18n/locales';

const source = readFileSync(join(process.cwd(), 'public/start-console.js'), 'utf8');

function startConsole(stored: string | null, languages: readonly string[]) {
  document.head.innerHTML = '';
  document.body.innerHTML = `<template id="console-scripts">
    <link rel="modulepreload" href="/assets/framework.js">
    ${LOCALES.map((locale) => `<link rel="modulepreload" href="/assets/messages-${locale}.js" data-locale="${locale}">`).join('')}
  </template>`;
  const windowLike = { localStorage: { getItem: (key: string) => (key === 'locale' ? stored : null) } };
  const now = (run: () => void) => run();
  new Function('window', 'navigator', 'requestAnimationFrame', 'setTimeout', source)(
    windowLike,
    { languages },
    now,
    now,
  );
  const preloaded = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
  return {
    scripts: preloaded.filter((link) => !link.hasAttribute('data-locale')).length,
    catalogs: preloaded.flatMap((link) => (link instanceof HTMLLinkElement && link.dataset.locale) || []),
  };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('public/start-console.js', () => {
  it('puts the console scripts in the page with the catalog of the remembered language only', () => {
    expect(startConsole('"fr"', ['en-US'])).toEqual({ scripts: 1, catalogs: ['fr'] });
  });

  it('takes the browser’s language when none is remembered, as the console does', () => {
    for (const languages of [['rw-RW', 'en'], ['de-DE', 'fr-CA'], ['de'], [], [' FR ']]) {
      expect(startConsole(null, languages).catalogs, languages.join()).toEqual([negotiateLocale(languages)]);
    }
  });

  it('ignores a corrupt or unknown remembered value', () => {
    for (const stored of ['fr', '"de"', '42', '{']) {
      expect(startConsole(stored, ['rw']).catalogs, stored).toEqual(['rw']);
    }
  });

  it('starts with English when storage is blocked and the browser names no language', () => {
    document.body.innerHTML = `<template id="console-scripts">${LOCALES.map(
      (locale) => `<link rel="modulepreload" href="/assets/messages-${locale}.js" data-locale="${locale}">`,
    ).join('')}</template>`;
    const blocked = {
      get localStorage(): never {
        throw new DOMException('Access denied', 'SecurityError');
      },
    };
    const now = (run: () => void) => run();
    new Function('window', 'navigator', 'requestAnimationFrame', 'setTimeout', source)(blocked, {}, now, now);
    const catalogs = [...document.head.querySelectorAll<HTMLLinkElement>('link[data-locale]')];
    expect(catalogs.map((link) => link.dataset.locale)).toEqual(['en']);
  });
});
