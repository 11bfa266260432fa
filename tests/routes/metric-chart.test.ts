// The monitoring charts' words: 24-hour times and day-month dates on the time axis, each rate label once,
// and what the figures cover in each view (metrics-coverage.ts); the chart itself in metric-chart.test.tsx.
import { describe, expect, it } from 'vitest';
import {
  distinctTicks,
  formatBytesPerSecond,
  timeTick,
} from '@/routes/_protected/_section/_team/computes/-components/metric-chart';
import {
  describeCoverage,
  nextReadingDelay,
} from '@/routes/_protected/_section/_team/computes/-components/metrics-coverage';

describe('timeTick', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;

  it('writes times of a day on a 24-hour clock, not 7:20pm', () => {
    expect(timeTick(at('2026-11-23T19:20:00Z'), 3_600)).toMatch(/^\d{2}:\d{2}$/);
    expect(timeTick(at('2026-11-23T19:20:00Z'), 3_600)).not.toMatch(/pm|am/i);
  });

  it('writes days as "23 Nov" over longer ranges, not 11/23', () => {
    expect(timeTick(at('2026-11-23T12:00:00Z'), 7 * 86_400)).toBe('23 Nov');
  });
});

describe('axis labels', () => {
  it('says each label once', () => {
    expect(distinctTicks(['0 B/s', '1 B/s', '1 B/s', '2 B/s'])).toEqual(['0 B/s', '1 B/s', '', '2 B/s']);
  });

  it('writes rates in binary units, whole on an axis', () => {
    expect(formatBytesPerSecond(512)).toBe('512 B/s');
    expect(formatBytesPerSecond(2048)).toBe('2.0 KB/s');
    expect(formatBytesPerSecond(2048, true)).toBe('2 KB/s');
    expect(formatBytesPerSecond(1536, true)).toBe('1.5 KB/s');
    expect(formatBytesPerSecond(3 * 1024 ** 2)).toBe('3.0 MB/s');
  });
});

describe('what the figures cover', () => {
  // 10:42:30 UTC; the last point of the range closes the minute 10:42.
  const now = Date.parse('2026-11-27T10:42:30Z');
  const view = (stepSeconds: number, readings: number) => {
    const last = Math.floor(now / 1000 / stepSeconds) * stepSeconds;
    return { readings, stepSeconds, timestamps: [last - stepSeconds, last] };
  };

  it('in a longer view, says how often it draws a point and that 1 hour shows every minute', () => {
    const coverage = describeCoverage(view(7_200, 0), 'running', now);
    expect(coverage.plot).toBe(false);
    expect(coverage.note).toMatch(
      /^Figures start within a minute of the compute starting\. The first is due at about \d\d:00\. This view draws a point every 2 hours; 1 hour shows every minute\.$/,
    );
    expect(describeCoverage(view(300, 1), 'running', now).note).toMatch(
      /^Collecting: this view draws a point every 5 minutes, and the line starts with the second\./,
    );
  });

  it('reads the figures again just after the next point is due, while they are starting', () => {
    // The 10:43 point is due in 30 s: read at 10:43:02, not a polling period later.
    expect(nextReadingDelay(view(60, 0), now, 60_000)).toBe(32_000);
    expect(nextReadingDelay(view(60, 0), now, 20_000)).toBe(20_000);
    expect(nextReadingDelay(view(300, 1), now, 300_000)).toBe(Date.parse('2026-11-27T10:45:02Z') - now);
    // A due time passed unmet (a reading late from its host): try again soon, not in a tight loop.
    expect(nextReadingDelay(view(60, 0), now + 90_000, 30_000)).toBe(2_000);
    // Once the line is drawn, the usual period.
    expect(nextReadingDelay(view(60, 2), now, 30_000)).toBe(30_000);
  });

  it('counts a compute being powered on, rebooted or shut down as one that runs', () => {
    expect(describeCoverage(view(60, 0), 'starting', now).note).toBe(
      'Figures start within a minute of the compute starting, once it is running.',
    );
    expect(describeCoverage(view(60, 5), 'rebooting', now).note).toBeNull();
    expect(describeCoverage(view(60, 5), 'error', now).off).toBe(true);
  });
});
