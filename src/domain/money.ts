// Money as the console shows it. Amounts are integer minor units of their currency (SPEC §3: RWF or USD);
// the Rwandan franc has no minor unit, the dollar has cents.
import type { Currency } from '@/contract/teams';
import { type Locale, numberLocale } from '@/i18n/locales';
import { currentLocale } from '@/i18n/state';

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

/** Bytes in the unit a person reads: "512 MB", "1 GB". */
export function formatMemory(megabytes: number): string {
  return megabytes >= 1024 ? `${Number((megabytes / 1024).toFixed(1))} GB` : `${megabytes} MB`;
}

/**
 * An amount as a person types it ("1500", "12.50", "1,500") in minor units of the currency; null when it
 * is not one (letters, more decimals than the currency has, nothing).
 */
export function parseMoney(text: string, currency: Currency): number | null {
  const cleaned = text.trim().replace(/[,\s]/g, '');
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
  if (balance.status === 'depleted') return { standing: 'depleted', label: 'Empty', tone: 'danger' };
  if (balance.balanceMinor <= 0) return { standing: 'unfunded', label: 'No money yet', tone: 'warning' };
  if (balance.status === 'low') return { standing: 'low', label: 'Running low', tone: 'warning' };
  return { standing: 'ok', label: 'In good standing', tone: 'success' };
}

/**
 * The prepaid rule (server/billing/start-policy.ts enforces it): a new compute is charged its first hour at
 * once, so creating one needs the balance to cover that hour. Answers what is missing (0: nothing).
 */
export function prepaidShortfall(balanceMinor: number, hourlyMinor: number): number {
  const needed = Math.max(hourlyMinor, 1);
  return balanceMinor >= needed ? 0 : needed - balanceMinor;
}
