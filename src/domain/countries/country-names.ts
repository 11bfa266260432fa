// A country's name in the language in use, for the phone picker: English from the country list itself
// (what the tests and SPEC's helper read), French from the browser's own data (Intl.DisplayNames), and
// Kinyarwanda from our own list (./country-names-rw.ts), which browsers do not carry.
import type { Locale } from '@/i18n/locales';
import { KINYARWANDA_COUNTRY_NAMES } from './country-names-rw';
import type { PhoneCountry } from './phone-countries';

let french: Intl.DisplayNames | null | undefined;

function frenchName(code: string): string | undefined {
  if (french === undefined) {
    try {
      french = new Intl.DisplayNames(['fr'], { type: 'region', fallback: 'none' });
    } catch {
      french = null;
    }
  }
  try {
    return french?.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

export function countryName(country: Pick<PhoneCountry, 'code' | 'name'>, locale: Locale): string {
  if (locale === 'fr') return frenchName(country.code) ?? country.name;
  if (locale === 'rw') return KINYARWANDA_COUNTRY_NAMES[country.code] ?? country.name;
  return country.name;
}

/** Orders names as a reader of the language looks for them ("U Rwanda" under R, as "Rwanda"). */
export function compareCountryNames(a: string, b: string, locale: Locale): number {
  const key = (name: string) => (locale === 'rw' ? name.replace(/^U /, '') : name);
  return key(a).localeCompare(key(b), locale === 'rw' ? 'en' : locale);
}
