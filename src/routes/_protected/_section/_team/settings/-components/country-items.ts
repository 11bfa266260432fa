// The countries a billing or verification form offers, named in the language in use: French names from the
// browser's own data (Intl.DisplayNames), English ones where it has none (Kinyarwanda, for which browsers
// carry no data). The preferred countries stay first, as the phone picker lists them; the rest by name.
import { phoneCountries } from '@/domain/countries/phone-countries';
import type { Locale } from '@/i18n/locales';

export function countryItems(locale: Locale): { value: string; label: string }[] {
  const names =
    locale === 'en' || locale === 'rw'
      ? null
      : new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const named = phoneCountries.map((country) => ({
    value: country.code,
    label: names?.of(country.code) ?? country.name,
    preferred: Boolean(country.preferred),
  }));
  if (!names) return named.map(({ value, label }) => ({ value, label }));
  const collator = new Intl.Collator(locale);
  return named
    .sort(
      (a, b) =>
        Number(b.preferred) - Number(a.preferred) || (a.preferred ? 0 : collator.compare(a.label, b.label)),
    )
    .map(({ value, label }) => ({ value, label }));
}
