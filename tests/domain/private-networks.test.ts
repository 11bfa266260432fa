import { describe, expect, it } from 'vitest';
import { networkBlockProblem } from '@/contract/networks';
import { suggestedBlock } from '@/domain/private-networks';

describe('the block a new network starts with', () => {
  it('is the first 10.N.0.0/24 apart from the team’s networks, and one the contract takes', () => {
    expect(suggestedBlock([])).toBe('10.0.0.0/24');
    expect(suggestedBlock(['10.0.0.0/24', '10.1.0.0/25'])).toBe('10.2.0.0/24');
    // A /16 covers 10.0.0.0/24 and a /12 the next fifteen.
    expect(suggestedBlock(['10.0.0.0/16', '10.16.0.0/12', '10.1.0.0/16'])).toBe('10.2.0.0/24');
    expect(suggestedBlock(['10.0.0.0/12'])).toBe('10.16.0.0/24');
    expect(networkBlockProblem(suggestedBlock(['10.0.0.0/12']))).toBeNull();
  });

  it('falls back to 10.0.0.0/24 when all of 10.0.0.0/8 is taken (the server then says why)', () => {
    expect(suggestedBlock(Array.from({ length: 256 }, (_, n) => `10.${n}.0.0/16`))).toBe('10.0.0.0/24');
  });
});
