// Counts and sizes as a person reads them in their language: "10,000" (in French "10 000"). Kinyarwanda
// formats numbers as Rwandan English does (docs/glossary.md).
import { type Locale, numberLocale } from '@/i18n/locales';
import { currentLocale } from '@/i18n/state';

export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  locale: Locale = currentLocale(),
): string {
  return new Intl.NumberFormat(numberLocale(locale), options).format(value);
}
