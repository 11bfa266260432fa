// The activity log's period filter: days as the person's time zone counts them (the account's, Africa/Kigali
// until they choose), ranges people ask for written the console's way, rather than date fields the browser
// shows in its own format (mm/dd/yyyy in an American Chromium).
import { formatUtcDay } from '@/domain/helpers/time';
import type { Translate } from '@/i18n';
import { currentTimeZone } from '@/i18n/state';

const PERIOD_DAYS = [1, 7, 30, 90] as const;

interface PeriodSearch {
  from?: string;
  to?: string;
}

/** Where `instant` falls in `zone`, as UTC fields (so the difference with `instant` is the zone's offset). */
function wallClock(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The calendar day `daysAgo` days before today in the zone, as yyyy-mm-dd. */
export function zoneDay(daysAgo: number, now = Date.now(), zone = currentTimeZone()): string {
  const today = new Date(wallClock(now, zone));
  today.setUTCDate(today.getUTCDate() - daysAgo);
  return today.toISOString().slice(0, 10);
}

/** The instant a yyyy-mm-dd day starts in the zone (or, with `end`, its last millisecond), as ISO text. */
export function dayBoundary(day: string, end: boolean, zone = currentTimeZone()): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const midnight = Date.UTC(year!, month! - 1, date! + (end ? 1 : 0));
  // The zone's offset at that moment, read twice so a day that starts or ends at a clock change is right.
  let instant = midnight - (wallClock(midnight, zone) - midnight);
  instant = midnight - (wallClock(instant, zone) - instant);
  return new Date(end ? instant - 1 : instant).toISOString();
}

/** The filter's choices, and which one the address holds; a range from a shared address is offered as it is. */
export function periodItems(
  t: Translate,
  search: PeriodSearch,
  now = Date.now(),
): { items: { value: string; label: string }[]; value: string } {
  const items = [
    { value: '', label: t('activity.period.any') },
    { value: '1', label: t('activity.period.today') },
    ...PERIOD_DAYS.slice(1).map((days) => ({
      value: String(days),
      label: t('activity.period.last', { days }),
    })),
  ];
  if (!search.from && !search.to) return { items, value: '' };
  const preset = PERIOD_DAYS.find((days) => !search.to && search.from === zoneDay(days - 1, now));
  if (preset) return { items, value: String(preset) };
  const show = (day: string) => formatUtcDay(`${day}T12:00:00Z`);
  const label = t('activity.period.range', {
    from: search.from ? show(search.from) : t('activity.period.start'),
    to: search.to ? show(search.to) : t('activity.period.now'),
  });
  return { items: [...items, { value: 'range', label }], value: 'range' };
}
