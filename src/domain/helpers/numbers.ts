// Numbers as a person reads them in their language: "16,384" in English and Kinyarwanda (as Rwandan English
// writes them: browsers carry no Kinyarwanda data), "16 384" in French. The console uses the language in use;
// on the server, the request's.
import { numberLocale } from '@/i18n/locales';
import { currentLocale } from '@/i18n/state';

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(numberLocale(currentLocale()), options).format(value);
}
