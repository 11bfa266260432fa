// The monitoring charts' time axis speaks like the rest of the console: 24-hour times, day-month dates.
import { describe, expect, it } from 'vitest';
import { timeTick } from '@/routes/_protected/_section/_team/computes/-components/metric-chart';

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
