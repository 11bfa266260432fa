// The message runtime (Lingui's core), loaded with the first catalog rather than in the entry: the landing
// and sign-in pages' initial JavaScript stays within its budget, and no page renders before a catalog is in.
import { type I18n, type Messages, setupI18n } from '@lingui/core';

export type { I18n };

export function activate(locale: string, messages: Messages): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages });
  return i18n;
}
