// Times as a person reads them in a list: "just now", "5 minutes ago", "3 days ago".
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['week', 7 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function formatRelative(
  date: string | number | Date,
  now: number = Date.now(),
  locale = 'en',
): string {
  const elapsed = new Date(date).getTime() - now;
  if (Math.abs(elapsed) < 60_000) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(Math.round(elapsed / size), unit);
  }
  return format.format(Math.round(elapsed / 60_000), 'minute');
}

/** A full date and time for a tooltip or title: "21 Nov 2026, 14:05". */
export function formatDateTime(date: string | number | Date, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
}

/** A billing month, which runs in UTC: "November 2026". */
export function formatBillingMonth(date: string | number | Date): string {
  return new Date(date).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A UTC calendar day, as billing dates are: "1 December 2026". */
export function formatUtcDay(date: string | number | Date): string {
  return new Date(date).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
