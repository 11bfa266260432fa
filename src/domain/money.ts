// Money as the console shows it. Amounts are integer minor units of their currency (SPEC §3: RWF or USD);
// the Rwandan franc has no minor unit, the dollar has cents.
import type { Currency } from '@/contract/teams';
import { type Locale, numberLocale } from '@/i18n/locales';
import { currentLocale, t } from '@/i18n/state';

export const MINOR_UNITS: Record<Currency, number> = { RWF: 1, USD: 100 };

/** "RWF 1,250" or "$12.50" (in French "1 250 RWF", "12,50 $"), in the language in use unless told. */
export function formatMoney(
  amountMinor: number,
  currency: Currency,
  locale: Locale = currentLocale(),
): string {
  const digits = currency === 'RWF' ? 0 : 2;
  return new Intl.NumberFormat(numberLocale(locale), {
    style: 'currency',
    currency,
    currencyDisplay: currency === 'RWF' ? 'code' : 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(amountMinor / MINOR_UNITS[currency])
    .replace(/\u00a0/g, ' ');
}

/** Bytes in the unit a person reads, in the language in use: "512 MB", "1.5 GB" (in French "1,5 Go"). */
export function formatMemory(megabytes: number): string {
  const locale = numberLocale(currentLocale());
  if (megabytes < 1024) return t('money.memory.megabytes', { amount: String(megabytes) });
  const gigabytes = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(megabytes / 1024);
  return t('money.memory.gigabytes', { amount: gigabytes });
}

/**
 * An amount as a person types it ("1500", "12.50", "1,500", and the French way "1 500", "12,50") in minor
 * units of the currency; null when it is not one (letters, more decimals than the currency has, nothing).
 * A comma before the last one or two digits is a decimal comma, never a thousands separator.
 */
export function parseMoney(text: string, currency: Currency): number | null {
  const typed = text.trim();
  const decimalComma = !typed.includes('.') && /,\d{1,2}$/.test(typed);
  const cleaned = (decimalComma ? typed.replace(/,(\d{1,2})$/, '.$1') : typed).replace(/[,\s]/g, '');
  const decimals = currency === 'RWF' ? 0 : 2;
  const pattern = decimals === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/;
  if (!pattern.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const minor = Number(whole) * MINOR_UNITS[currency] + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

export type Standing = 'ok' | 'low' | 'unfunded' | 'depleted';

/**
 * How a balance stands, in words the console shows everywhere alike. A balance at zero that no charge
 * emptied (a new team) is "No money yet", not "Running low": nothing ran low and no alert went out.
 */
export function balanceStanding(balance: { status: 'ok' | 'low' | 'depleted'; balanceMinor: number }): {
  standing: Standing;
  label: string;
  tone: 'success' | 'warning' | 'danger';
} {
  if (balance.status === 'depleted')
    return { standing: 'depleted', label: t('money.standing.empty'), tone: 'danger' };
  if (balance.balanceMinor <= 0)
    return { standing: 'unfunded', label: t('money.standing.unfunded'), tone: 'warning' };
  if (balance.status === 'low') return { standing: 'low', label: t('money.standing.low'), tone: 'warning' };
  return { standing: 'ok', label: t('money.standing.ok'), tone: 'success' };
}

/**
 * The prepaid rule (server/billing/start-policy.ts enforces it): a new compute is charged its first hour at
 * once, so creating one needs the balance to cover that hour. Answers what is missing (0: nothing).
 */
export function prepaidShortfall(balanceMinor: number, hourlyMinor: number): number {
  const needed = Math.max(hourlyMinor, 1);
  return balanceMinor >= needed ? 0 : needed - balanceMinor;
}
