// Loads a language: its catalog (compiled at build time, see vite.config.ts) and, the first time, the
// message runtime, both on demand; then every page switches to it and the page's `lang` follows.
import type { Locale } from './locales';
import { activeLocale } from './state';

const catalogs = import.meta.glob<Record<string, string>>('./catalogs/*.json', { import: 'default' });

export async function setLocale(next: Locale): Promise<void> {
  const load = catalogs[`./catalogs/${next}.json`];
  if (!load) throw new Error(`No catalog for ${next}`);
  const [{ activate }, messages] = await Promise.all([import('./runtime'), load()]);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  activeLocale(next, activate(next, messages));
}
