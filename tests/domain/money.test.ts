import { describe, expect, it } from 'vitest';
import { balanceStanding, formatMemory, formatMoney, parseMoney } from '@/domain/money';

describe('formatMoney', () => {
  it('shows francs without decimals and dollars with cents', () => {
    expect(formatMoney(1250, 'RWF')).toBe('RWF 1,250');
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(7, 'USD')).toBe('$0.07');
  });
});

describe('formatMemory', () => {
  it('reads megabytes and gigabytes', () => {
    expect(formatMemory(512)).toBe('512 MB');
    expect(formatMemory(1024)).toBe('1 GB');
    expect(formatMemory(1536)).toBe('1.5 GB');
  });
});

describe('parseMoney', () => {
  it('reads whole francs and dollars with cents, as typed', () => {
    expect(parseMoney('1,500', 'RWF')).toBe(1500);
    expect(parseMoney(' 12.5 ', 'USD')).toBe(1250);
    expect(parseMoney('12', 'USD')).toBe(1200);
    expect(parseMoney('0.05', 'USD')).toBe(5);
  });
  it('refuses what is not an amount of that currency', () => {
    expect(parseMoney('12.50', 'RWF')).toBeNull();
    expect(parseMoney('1.005', 'USD')).toBeNull();
    expect(parseMoney('ten', 'USD')).toBeNull();
    expect(parseMoney('-5', 'USD')).toBeNull();
    expect(parseMoney('', 'RWF')).toBeNull();
  });
});

describe('balanceStanding', () => {
  it('calls a zero balance no charge emptied "No money yet", not running low', () => {
    expect(balanceStanding({ status: 'low', balanceMinor: 0 })).toMatchObject({
      standing: 'unfunded',
      label: 'No money yet',
    });
  });

  it('keeps "Running low" for money under the threshold, and "Empty" for a balance a charge emptied', () => {
    expect(balanceStanding({ status: 'low', balanceMinor: 1_200 }).label).toBe('Running low');
    expect(balanceStanding({ status: 'depleted', balanceMinor: -40 }).label).toBe('Empty');
    expect(balanceStanding({ status: 'depleted', balanceMinor: 0 }).label).toBe('Empty');
    expect(balanceStanding({ status: 'ok', balanceMinor: 90_000 }).label).toBe('In good standing');
  });
});
