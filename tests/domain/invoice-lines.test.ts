import { describe, expect, it } from 'vitest';
import { computeLabel } from '@/domain/invoice-lines';

describe('computeLabel', () => {
  const first = { computeId: '3f2a9c1e-0000-4000-8000-000000000001', hostname: 'kbd-1' };
  const again = { computeId: '7b41d0aa-0000-4000-8000-000000000002', hostname: 'kbd-1' };
  const other = { computeId: '11111111-0000-4000-8000-000000000003', hostname: 'web-1' };

  it('tells apart two computes of one name by the start of their ids', () => {
    const lines = [first, again, other];
    expect(lines.map((line) => computeLabel(line, lines))).toEqual([
      'kbd-1 (3f2a9c1e)',
      'kbd-1 (7b41d0aa)',
      'web-1',
    ]);
  });

  it('keeps a name that only one line has as it is', () => {
    expect(computeLabel(first, [first, other])).toBe('kbd-1');
  });
});
