// What a compute's monitoring figures cover, and what to tell the person looking at them: decided by the
// readings that exist (the server counts them) and the compute's status, never by how many time slots
// the range has — the 1-hour range always has 60, empty before the compute existed.
import type { ComputeMetrics, ComputeStatus } from '@/contract/computes';

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
  if (stepSeconds % 3600 === 0)
    return stepSeconds === 3600 ? 'every hour' : `every ${stepSeconds / 3600} hours`;
  const minutes = Math.round(stepSeconds / 60);
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}

/** A time of day the way the charts' axis writes it: "10:43". */
export function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
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
  const due = (what: string) =>
    dueAt === undefined
      ? ''
      : now > dueAt + LATE_MS
        ? ` The ${what} is due any moment.`
        : ` The ${what} is due at about ${clockTime(dueAt)}.`;
  // Longer ranges draw a point per several minutes: say so, and where the minutes show sooner.
  const perStep =
    stepSeconds > 60 ? ` This view draws a point ${everyStep(stepSeconds)}; 1 hour shows every minute.` : '';

  if (off) {
    return {
      plot: readings > 0,
      dots: readings > 0 && readings < 3,
      off: true,
      note:
        readings > 0
          ? 'It is off: no figures while it is off, so its line stays at zero until it is powered on.'
          : 'No figures while it is off. They start within a minute of powering it on.',
    };
  }
  if (readings === 0) {
    return {
      plot: false,
      dots: false,
      off: false,
      note: starting
        ? `Figures start within a minute of the compute starting, once it is running.${perStep}`
        : `Figures start within a minute of the compute starting.${due('first')}${perStep}`,
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
          ? `Collecting: a sample arrives every minute, and the line starts with the second.${due('second')}`
          : `Collecting: this view draws a point ${everyStep(stepSeconds)}, and the line starts with the second.${due('second')}`,
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
