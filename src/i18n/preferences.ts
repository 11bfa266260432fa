// Which language and time zone this browser shows: the one chosen here (remembered before sign-in), the
// account's once signed in (Account settings stores it with the account), else the browser's own language.
// The entry's part: pages choose through ./account.ts.
import { readStorage } from '@/services/storage';
import { setLocale } from './loader';
import { DEFAULT_TIME_ZONE, type Locale, negotiateLocale } from './locales';
import { setTimeZone } from './state';

function initialLocale(): Locale {
  return readStorage('locale') ?? negotiateLocale(globalThis.navigator?.languages ?? []);
}

/** Before the first page renders: the remembered language's catalog and the remembered zone. */
export async function startI18n(): Promise<void> {
  setTimeZone(readStorage('timeZone') ?? DEFAULT_TIME_ZONE);
  try {
    await setLocale(initialLocale());
  } catch {
    // Its catalog did not load (a new deployment, a dropped connection): English rather than no page.
    await setLocale('en').catch(() => {});
  }
}
