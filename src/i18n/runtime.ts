// The message runtime (Lingui's core), loaded with the first catalog rather than in the entry: the landing
// and sign-in pages' initial JavaScript stays within its budget, and no page renders before a catalog is in.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { type Locale, numberLocale } from './locales';

export type { I18n };

/** Numbers in messages (`{count, number}`, a plural's `#`) as the language writes them (Kinyarwanda: 1,234). */
export function activate(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, locales: numberLocale(locale), messages });
  return i18n;
}
