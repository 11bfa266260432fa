import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_MARKER_RESET_MS, copyWithMarker } from '@/domain/helpers/clipboard';
import { debounce } from '@/domain/helpers/debounce';
import { parseJson } from '@/domain/helpers/json';
import { equalsIgnoreCase, formatSeconds, formatWait, replaceTokens } from '@/domain/helpers/text';
import { formatRelative } from '@/domain/helpers/time';

describe('parseJson (SPEC §8)', () => {
  it.each([null, undefined, '', '   ', '{', 'undefined', "{'a':1}"])('yields null for %j', (text) => {
    expect(parseJson(text)).toBeNull();
  });
  it('parses valid JSON', () => {
    expect(parseJson('{"a":[1,"b"]}')).toEqual({ a: [1, 'b'] });
    expect(parseJson('"token"')).toBe('token');
    expect(parseJson('0')).toBe(0);
  });
});

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, after the delay, with the last arguments', () => {
    const fn = vi.fn();
    const search = debounce(fn, 300);
    search('a');
    vi.advanceTimersByTime(200);
    search('ab');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
  });

  it('can be cancelled or flushed', () => {
    const fn = vi.fn();
    const save = debounce(fn, 300);
    save(1);
    save.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    save(2);
    save.flush();
    expect(fn).toHaveBeenCalledWith(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('replaceTokens', () => {
  it('replaces <name> tokens and leaves unknown ones', () => {
    expect(replaceTokens('ssh root@<address> on <port>', { address: '192.0.2.10' })).toBe(
      'ssh root@192.0.2.10 on <port>',
    );
    expect(replaceTokens('<count> of <limit> computes', { count: 3, limit: 5 })).toBe('3 of 5 computes');
  });
});

describe('equalsIgnoreCase', () => {
  it('compares without regard to letter case', () => {
    expect(equalsIgnoreCase('Web-01', 'web-01')).toBe(true);
    expect(equalsIgnoreCase('web-01', 'web-02')).toBe(false);
    expect(equalsIgnoreCase('', '')).toBe(true);
    expect(equalsIgnoreCase(null, 'a')).toBe(false);
    expect(equalsIgnoreCase(undefined, undefined)).toBe(true);
  });
});

describe('formatSeconds', () => {
  it('turns milliseconds into "N seconds", rounding up', () => {
    expect(formatSeconds(60_000)).toBe('60 seconds');
    expect(formatSeconds(1000)).toBe('1 second');
    expect(formatSeconds(1)).toBe('1 second');
    expect(formatSeconds(0)).toBe('0 seconds');
    expect(formatSeconds(-5)).toBe('0 seconds');
  });
});

describe('copyWithMarker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('copies, shows the marker, then resets it after the duration', async () => {
    const write = vi.fn(async () => {});
    const marker = vi.fn();
    await copyWithMarker('ssh root@192.0.2.10', marker, { write });
    expect(write).toHaveBeenCalledWith('ssh root@192.0.2.10');
    expect(marker).toHaveBeenLastCalledWith(true);
    vi.advanceTimersByTime(COPY_MARKER_RESET_MS);
    expect(marker).toHaveBeenLastCalledWith(false);
  });

  it('shows no marker when copying fails', async () => {
    const marker = vi.fn();
    await expect(
      copyWithMarker('x', marker, { write: () => Promise.reject(new Error('denied')) }),
    ).rejects.toThrow('denied');
    expect(marker).not.toHaveBeenCalled();
  });
});

describe('formatWait', () => {
  it('says seconds under a minute and whole minutes above', () => {
    expect(formatWait(42_000)).toBe('42 seconds');
    expect(formatWait(60_000)).toBe('1 minute');
    expect(formatWait(14 * 60_000 + 1)).toBe('15 minutes');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads like a person would say it', () => {
    expect(formatRelative('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-21T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-20T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2026-11-01T12:00:00Z', now)).toBe('3 weeks ago');
  });
});
