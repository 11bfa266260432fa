import { describe, expect, it } from 'vitest';
import { formatMemory, formatMoney } from '../../src/domain/money';

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
