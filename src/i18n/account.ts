// The person's choices of language and zone: remembered on this browser, and the signed-in account's,
// which follow the person from one browser to another.
import { writeStorage } from '@/services/storage';
import type { Locale } from './locales';
import { setTimeZone, switchLocale } from './state';

/** The person chose a language: remembered on this browser, every page switches at once. */
export async function chooseLocale(locale: Locale): Promise<void> {
  writeStorage('locale', locale);
  await switchLocale(locale);
}

/** The signed-in account's language and zone. */
export function applyAccountPreferences(user: { locale?: Locale; timeZone?: string }): void {
  if (user.timeZone) {
    writeStorage('timeZone', user.timeZone);
    setTimeZone(user.timeZone);
  }
  if (user.locale) void chooseLocale(user.locale);
}
