// What a compute's monitoring figures cover, and what to tell the person looking at them: decided by the
// readings that exist (the server counts them) and the compute's status, never by how many time slots
// the range has — the 1-hour range always has 60, empty before the compute existed.
import type { ComputeMetrics, ComputeStatus } from '@/contract/computes';
import { type MessageId, t } from '@/i18n';
import { currentLocale, currentTimeZone } from '@/i18n/state';

export interface Coverage {
  /** Draw the chart: there is at least one reading. Otherwise the note takes the chart's place. */
  plot: boolean;
  /** So few readings that a line would not show: mark each point. */
  dots: boolean;
  /** The compute is off now: its latest figure is not "now 0 %". */
  off: boolean;
  /** What the person should know about these figures, or null when the chart speaks for itself. */
  note: string | null;
  /** Unix ms when these words change by time alone (a due time passing unmet), if they will. */
  changesAt?: number;
}

/** Statuses in which the compute does not run and produces no figures. */
const OFF: readonly ComputeStatus[] = ['stopped', 'error', 'destroying', 'destroyed'];
/** Statuses on the way to running: figures start once it runs, at a time not known yet. */
const STARTING: readonly ComputeStatus[] = ['provisioning', 'starting'];

/** A due time that has passed by more than this is "any moment" (a reading can take a little longer). */
const LATE_MS = 15_000;

/** "every minute", "every 5 minutes", "every 2 hours": how often this view draws a point. */
export function everyStep(stepSeconds: number): string {
  if (stepSeconds % 3600 === 0) return t('computes.monitoring.everyHours', { count: stepSeconds / 3600 });
  return t('computes.monitoring.everyMinutes', { count: Math.round(stepSeconds / 60) });
}

/** The day, month and time of `ms` in the person's time zone (the account's; Africa/Kigali by default). */
function zoned(ms: number): { day: string; month: number; hour: string; minute: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: currentTimeZone(),
      day: 'numeric',
      month: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return { day: parts.day!, month: Number(parts.month), hour: parts.hour!, minute: parts.minute! };
}

/** A time of day the way the charts' axis writes it, in the person's zone: "10:43" (24-hour in every language). */
export function clockTime(ms: number): string {
  const { hour, minute } = zoned(ms);
  return `${hour}:${minute}`;
}

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

/** A day the way the charts' axis writes it, in the person's zone: "26 Nov", "26 nov.", "26 Ugushyingo". */
export function dayAndMonth(ms: number): string {
  const locale = currentLocale();
  // Browsers carry no Kinyarwanda calendar: its month names are the catalog's (docs/glossary.md).
  if (locale === 'rw') {
    const { day, month } = zoned(ms);
    return `${day} ${t(MONTHS[month - 1]!)}`;
  }
  return new Date(ms).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'short',
    timeZone: currentTimeZone(),
  });
}

export function describeCoverage(
  metrics: Pick<ComputeMetrics, 'readings' | 'stepSeconds' | 'timestamps'>,
  status: ComputeStatus,
  now: number,
): Coverage {
  const { readings, stepSeconds } = metrics;
  const off = OFF.includes(status);
  const starting = STARTING.includes(status);
  const lastPoint = metrics.timestamps.at(-1);
  // The point under way closes at the end of its step: that is when its reading can appear.
  const dueAt = lastPoint === undefined ? undefined : (lastPoint + stepSeconds) * 1000;
  // Past this, a due time still unmet reads "any moment".
  const changesAt = dueAt !== undefined && now <= dueAt + LATE_MS ? dueAt + LATE_MS + 1 : undefined;
  const due = (which: 'first' | 'second') =>
    dueAt === undefined
      ? ''
      : now > dueAt + LATE_MS
        ? ` ${t('computes.monitoring.dueSoon', { which })}`
        : ` ${t('computes.monitoring.dueAt', { which, time: clockTime(dueAt) })}`;
  // Longer ranges draw a point per several minutes: say so, and where the minutes show sooner.
  const perStep =
    stepSeconds > 60 ? ` ${t('computes.monitoring.perStep', { every: everyStep(stepSeconds) })}` : '';

  if (off) {
    return {
      plot: readings > 0,
      dots: readings > 0 && readings < 3,
      off: true,
      note: readings > 0 ? t('computes.monitoring.offWithLine') : t('computes.monitoring.off'),
    };
  }
  if (readings === 0) {
    return {
      plot: false,
      dots: false,
      off: false,
      note: starting
        ? `${t('computes.monitoring.startOnceRunning')}${perStep}`
        : `${t('computes.monitoring.start')}${due('first')}${perStep}`,
      changesAt: starting ? undefined : changesAt,
    };
  }
  if (readings === 1) {
    return {
      plot: true,
      dots: true,
      off: false,
      note:
        stepSeconds === 60
          ? `${t('computes.monitoring.collecting')}${due('second')}`
          : `${t('computes.monitoring.collectingEvery', { every: everyStep(stepSeconds) })}${due('second')}`,
      changesAt,
    };
  }
  return { plot: true, dots: readings < 3, off: false, note: null };
}

/**
 * How long to wait before reading the figures again: while they are still starting, just after the next
 * point is due (so the reading replaces the note within seconds, not a polling period later), and at most
 * `usual`.
 */
export function nextReadingDelay(
  metrics: Pick<ComputeMetrics, 'readings' | 'stepSeconds' | 'timestamps'> | undefined,
  now: number,
  usual: number,
): number {
  const lastPoint = metrics?.timestamps.at(-1);
  if (!metrics || metrics.readings >= 2 || lastPoint === undefined) return usual;
  const dueAt = (lastPoint + metrics.stepSeconds) * 1000;
  return Math.min(usual, Math.max(2_000, dueAt + 2_000 - now));
}
