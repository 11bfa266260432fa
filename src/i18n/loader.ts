// Loads a language: its catalogs (compiled at build time, see vite.config.ts) and, the first time, the
// message runtime, all on demand; then every page switches to it and the page's `lang` follows. A language
// has two parts: the first pages' messages (landing, sign-in, the console's frame), loaded before any page
// renders, and the signed-in console's, loaded when the console is entered (`_protected`), so the first
// pages' scripts stay within their budget whatever the console says.
import type { Locale } from './locales';
import { activeLocale, currentLocale, setLocaleLoader } from './state';

type Catalog = Record<string, unknown>;
const firstPages = import.meta.glob<Catalog>('./catalogs/first-pages/*.json', { import: 'default' });
const consolePart = import.meta.glob<Catalog>('./catalogs/console/*.json', { import: 'default' });

/** Whether the console's part is wanted: once entered, every language switched to loads it too. */
let consoleWanted = false;
/** Whether the runtime in use holds the console's part. */
let consoleActive = false;
let loading: Promise<void> = Promise.resolve();
let loadingLocale: Locale | undefined;

function part(catalogs: typeof firstPages, name: string, locale: Locale) {
  const load = catalogs[`./catalogs/${name}/${locale}.json`];
  if (!load) throw new Error(`No ${name} catalog for ${locale}`);
  return load();
}

export function setLocale(next: Locale): Promise<void> {
  loadingLocale = next;
  const withConsole = consoleWanted;
  loading = Promise.all([
    import('./runtime'),
    part(firstPages, 'first-pages', next),
    withConsole ? part(consolePart, 'console', next) : Promise.resolve({}),
  ]).then(([{ activate }, first, rest]) => {
    // A later choice won while this one loaded: it activates its own language.
    if (loadingLocale !== next) return;
    if (typeof document !== 'undefined') document.documentElement.lang = next;
    consoleActive = withConsole;
    activeLocale(next, activate(next, { ...first, ...rest }));
  });
  return loading;
}

/**
 * The signed-in console's messages in the language in use, before its pages render. A load that failed (a
 * dropped connection) is tried again by the next call: the page's error page offers it.
 */
export async function loadConsoleMessages(): Promise<void> {
  consoleWanted = true;
  await loading.catch(() => {});
  if (!consoleActive) await setLocale(loadingLocale ?? currentLocale());
}

setLocaleLoader({ switchTo: setLocale, loadConsole: loadConsoleMessages });
