// Dates and times as a person reads them, in their language and their time zone (the account's; Africa/Kigali
// until they choose): "just now", "5 minutes ago", "28 Nov 2026, 14:05". Billing months and days run in UTC.
// The console uses the language and zone in use; the server passes the recipient's.

import type { Locale } from '@/i18n/locales';
import { t as consoleT, currentLocale, currentTimeZone, type MessageId, type Translate } from '@/i18n/state';

export interface TimeOptions {
  locale?: Locale;
  timeZone?: string;
  /** The catalog's messages in that language (the console's own by default). */
  t?: Translate;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['week', 7 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const PAST: Record<string, MessageId> = {
  year: 'time.ago.year',
  month: 'time.ago.month',
  week: 'time.ago.week',
  day: 'time.ago.day',
  hour: 'time.ago.hour',
  minute: 'time.ago.minute',
};
const FUTURE: Record<string, MessageId> = {
  year: 'time.in.year',
  month: 'time.in.month',
  week: 'time.in.week',
  day: 'time.in.day',
  hour: 'time.in.hour',
  minute: 'time.in.minute',
};

/** The month names Kinyarwanda spells dates with (browsers carry no Kinyarwanda calendar data). */
const MONTHS: MessageId[] = [
  'time.month.1',
  'time.month.2',
  'time.month.3',
  'time.month.4',
  'time.month.5',
  'time.month.6',
  'time.month.7',
  'time.month.8',
  'time.month.9',
  'time.month.10',
  'time.month.11',
  'time.month.12',
];

export function formatRelative(
  date: string | number | Date,
  now: number = Date.now(),
  options: TimeOptions = {},
) {
  const t = options.t ?? consoleT;
  const elapsed = new Date(date).getTime() - now;
  if (Math.abs(elapsed) < 60_000) return t('time.justNow');
  const [unit, size] = UNITS.find(([, size]) => Math.abs(elapsed) >= size) ?? ['minute', 60_000];
  const count = Math.abs(Math.round(elapsed / size));
  return t((elapsed < 0 ? PAST : FUTURE)[unit]!, { count });
}

/** Intl's tag for dates: British English (day first, 24-hour), French, and Kinyarwanda's own (below). */
function dateLocale(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : locale;
}

/** A date in Kinyarwanda: "28 Ugushyingo 2026" (with ", 14:05" when the time is asked for too). */
function kinyarwandaDate(date: Date, timeZone: string, withTime: boolean, t: Translate): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    } as const)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  // Intl writes a numeric day with a leading zero beside a numeric month ("01"): the date says "1".
  const day = `${Number(parts.day)} ${t(MONTHS[Number(parts.month) - 1]!)} ${parts.year}`;
  return withTime ? `${day}, ${parts.hour}:${parts.minute}` : day;
}

/** A full date and time for a list or a tooltip: "28 Nov 2026, 14:05", in the person's zone. */
export function formatDateTime(date: string | number | Date, options: TimeOptions = {}): string {
  const locale = options.locale ?? currentLocale();
  const timeZone = options.timeZone ?? currentTimeZone();
  if (locale === 'rw') return kinyarwandaDate(new Date(date), timeZone, true, options.t ?? consoleT);
  return new Intl.DateTimeFormat(dateLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(date));
}

/** A date and time that says which zone it is in, where that matters (history, invoices, activity). */
export function formatDateTimeWithZone(date: string | number | Date, options: TimeOptions = {}): string {
  return `${formatDateTime(date, options)} (${options.timeZone ?? currentTimeZone()})`;
}

/** A billing month, which runs in UTC: "November 2026". */
export function formatBillingMonth(date: string | number | Date, options: TimeOptions = {}): string {
  const locale = options.locale ?? currentLocale();
  if (locale === 'rw') {
    const day = new Date(date);
    return `${(options.t ?? consoleT)(MONTHS[day.getUTCMonth()]!)} ${day.getUTCFullYear()}`;
  }
  return new Date(date).toLocaleDateString(dateLocale(locale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A UTC calendar day, as billing dates are: "1 December 2026". */
export function formatUtcDay(date: string | number | Date, options: TimeOptions = {}): string {
  const locale = options.locale ?? currentLocale();
  if (locale === 'rw') return kinyarwandaDate(new Date(date), 'UTC', false, options.t ?? consoleT);
  return new Date(date).toLocaleDateString(dateLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
