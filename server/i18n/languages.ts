// The server's words in the language of whoever it answers or writes to (issue 30): every request runs in
// a language context (the signed-in account's language and zone, else what `Accept-Language` asks for), and
// work that writes to someone outside a request (an e-mail from a sweep) runs in theirs with `inLanguage`.
// `t` (server/i18n/t.ts) and the shared code's `t` and formatting helpers (src/i18n/state.ts: the contract's
// messages, dates, money) read the context, so a message is translated where it is written.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import consoleEn from '@/i18n/catalogs/console/en.json' with { type: 'json' };
import consoleFr from '@/i18n/catalogs/console/fr.json' with { type: 'json' };
import consoleRw from '@/i18n/catalogs/console/rw.json' with { type: 'json' };
import firstEn from '@/i18n/catalogs/first-pages/en.json' with { type: 'json' };
import firstFr from '@/i18n/catalogs/first-pages/fr.json' with { type: 'json' };
import firstRw from '@/i18n/catalogs/first-pages/rw.json' with { type: 'json' };
import {
  DEFAULT_LOCALE,
  DEFAULT_TIME_ZONE,
  isLocale,
  isTimeZone,
  type Locale,
  numberLocale,
} from '@/i18n/locales';
import { setLanguageContextResolver } from '@/i18n/state';
import serverEn from './catalogs/en.json' with { type: 'json' };
import serverFr from './catalogs/fr.json' with { type: 'json' };
import serverRw from './catalogs/rw.json' with { type: 'json' };

/** A person's language and time zone, as their account keeps them (or a request asks). */
export interface Language {
  locale: Locale;
  timeZone: string;
}

const SOURCES: Record<Locale, Array<Record<string, string>>> = {
  en: [firstEn, consoleEn, serverEn],
  fr: [firstFr, consoleFr, serverFr],
  rw: [firstRw, consoleRw, serverRw],
};

function runtimeFor(locale: Locale): I18n {
  const messages = Object.fromEntries(
    SOURCES[locale].flatMap((catalog) =>
      Object.entries(catalog).map(([id, message]) => [id, compileMessage(message)]),
    ),
  );
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, locales: numberLocale(locale), messages });
  return i18n;
}

const runtimes = Object.fromEntries(
  (Object.keys(SOURCES) as Locale[]).map((locale) => [locale, runtimeFor(locale)]),
) as Record<Locale, I18n>;

const DEFAULT_LANGUAGE: Language = { locale: DEFAULT_LOCALE, timeZone: DEFAULT_TIME_ZONE };
const context = new AsyncLocalStorage<Language>();

setLanguageContextResolver(() => {
  const language = context.getStore() ?? DEFAULT_LANGUAGE;
  return { i18n: runtimes[language.locale], ...language };
});

/** A language read from stored or sent values, each checked: what is not one of ours is the default. */
export function languageOf(value: { locale?: unknown; timeZone?: unknown } | null | undefined): Language {
  return {
    locale: isLocale(value?.locale) ? value.locale : DEFAULT_LOCALE,
    timeZone:
      typeof value?.timeZone === 'string' && isTimeZone(value.timeZone) ? value.timeZone : DEFAULT_TIME_ZONE,
  };
}

/** Runs `work` in this language: what it translates and formats, and what it awaits, is in it. */
export function inLanguage<T>(language: Language, work: () => T): T {
  return context.run({ ...language }, work);
}

/**
 * The rest of the request in the signed-in account's language: once a guard knows who asks, what it answers
 * (problems included) is in their language rather than the one `Accept-Language` asked for.
 */
export function answerInLanguage(language: Language): void {
  const current = context.getStore();
  if (!current) return;
  current.locale = language.locale;
  current.timeZone = language.timeZone;
}

/** The language in use here (the request's, or the recipient's inside `inLanguage`). */
export function currentLanguage(): Language {
  return { ...(context.getStore() ?? DEFAULT_LANGUAGE) };
}
