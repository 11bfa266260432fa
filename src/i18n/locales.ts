// The console's languages and the time zone it assumes until the person chooses one (issue 30). Shared by
// the console, the contract and the server: plain data, no runtime.

export const LOCALES = ['rw', 'fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
export const DEFAULT_TIME_ZONE = 'Africa/Kigali';

/** Each language by its own name, as a chooser lists it. */
export const LOCALE_NAMES: Record<Locale, string> = { rw: 'Ikinyarwanda', fr: 'Français', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the languages a person's browser (or an `Accept-Language` header) asks for that Ikirere
 * speaks: "fr-CA" is French, "rw-RW" Kinyarwanda; English when none is.
 */
export function negotiateLocale(wanted: readonly string[]): Locale {
  for (const tag of wanted) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** Whether the runtime knows this IANA time zone ("Africa/Kigali", "Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The language tag `Intl` formats numbers with. Browsers carry no Kinyarwanda data (they would fall back to
 * their own language), so Kinyarwanda formats numbers as Rwandan English does (docs/glossary.md).
 */
export function numberLocale(locale: Locale): string {
  return locale === 'rw' ? 'en-RW' : locale;
}
