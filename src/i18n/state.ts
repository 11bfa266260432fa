// The language and time zone in use, and `t`: plain state with no loader, so code the server shares
// (formatting helpers) can read it. The console switches it through `setLocale` (./index.ts); the server
// passes its own language to the helpers instead.
import type enConsole from './catalogs/console/en.json';
import type enFirstPages from './catalogs/first-pages/en.json';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, isTimeZone, type Locale } from './locales';
import type { I18n } from './runtime';

/** Every message of the source catalogs (English): a misspelt id does not typecheck. */
export type MessageId = keyof typeof enFirstPages | keyof typeof enConsole;
export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

let runtime: I18n | undefined;
let locale: Locale = DEFAULT_LOCALE;
let timeZone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();
/** Bumped on every change, so a component subscribed to it sees one. */
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

interface LocaleLoader {
  switchTo(next: Locale): Promise<void>;
  loadConsole(): Promise<void>;
}
let loader: LocaleLoader | undefined;

/**
 * How a language's catalogs are loaded (./loader.ts, given by the entry): pages ask for a language through
 * `switchLocale` without importing the loader, which keeps it, and the bundler's preload helper, in the entry.
 */
export function setLocaleLoader(next: LocaleLoader): void {
  loader = next;
}

export async function switchLocale(next: Locale): Promise<void> {
  if (next !== locale || !runtime) await loader?.switchTo(next);
}

/** The signed-in console's part of the language in use (./loader.ts), before its pages render. */
export async function loadConsoleMessages(): Promise<void> {
  await loader?.loadConsole();
}

export function activeLocale(next: Locale, i18n: I18n): void {
  runtime = i18n;
  locale = next;
  changed();
}

/** The zone every date and time is shown in (the account's; Africa/Kigali until it says otherwise). */
export function setTimeZone(next: string): void {
  const zone = isTimeZone(next) ? next : DEFAULT_TIME_ZONE;
  if (zone === timeZone) return;
  timeZone = zone;
  changed();
}

export function currentLocale(): Locale {
  return contextOf?.()?.locale ?? locale;
}

export function currentTimeZone(): string {
  return contextOf?.()?.timeZone ?? timeZone;
}

export function stateVersion(): number {
  return version;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A language in use somewhere else than this module: the server's, for one request or one recipient. */
export interface LanguageContext {
  i18n: I18n;
  locale: Locale;
  timeZone: string;
}
let contextOf: (() => LanguageContext | undefined) | undefined;

/**
 * Where `t` and the formatting helpers find the language when it is not this module's: the server answers
 * each request (and writes each e-mail) in its own language and zone (server/i18n), so it gives the context
 * of the work under way.
 */
export function setLanguageContextResolver(resolve: () => LanguageContext | undefined): void {
  contextOf = resolve;
}

/** The message in the language in use; its id until a catalog has loaded. */
export const t: Translate = (id, values) => {
  const i18n = contextOf?.()?.i18n ?? runtime;
  return i18n ? i18n._(id, values) : id;
};

/**
 * A message translated when it is shown rather than when it is written down: what a schema's refusal says
 * (valibot takes a function as its message), read in the language of whoever is told (the console's, or on
 * the server the request's).
 */
export function translated(id: MessageId, values?: MessageValues): () => string {
  return () => t(id, values);
}
