// The language and time zone in use, and `t`: plain state with no loader, so code the server shares
// (formatting helpers) can read it. The console switches it through `setLocale` (./index.ts); the server
// passes its own language to the helpers instead.
import type en from './catalogs/en.json';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, isTimeZone, type Locale } from './locales';
import type { I18n } from './runtime';

/** Every message of the source catalog: a misspelt id does not typecheck. */
export type MessageId = keyof typeof en;
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

let loader: ((next: Locale) => Promise<void>) | undefined;

/**
 * How a language's catalog is loaded (./loader.ts, given by the entry): pages ask for a language through
 * `switchLocale` without importing the loader, which keeps it, and the bundler's preload helper, in the entry.
 */
export function setLocaleLoader(load: (next: Locale) => Promise<void>): void {
  loader = load;
}

export async function switchLocale(next: Locale): Promise<void> {
  if (next !== locale || !runtime) await loader?.(next);
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
  return locale;
}

export function currentTimeZone(): string {
  return timeZone;
}

export function stateVersion(): number {
  return version;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message in the language in use; its id until a catalog has loaded. */
export const t: Translate = (id, values) => (runtime ? runtime._(id, values) : id);
