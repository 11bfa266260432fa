// What the console offers when a team makes a private network: a block none of its networks overlaps, so
// the form starts with one the server will take (it still checks, under the team's lock).
import { blocksOverlap, parseBlock } from '@/contract/networks';

/** The first 10.N.0.0/24 apart from every block in `taken` ("10.0.0.0/24" when all 256 are near). */
export function suggestedBlock(taken: readonly string[]): string {
  const blocks = taken.map((block) => parseBlock(block)).filter((block) => block !== undefined);
  for (let n = 0; n < 256; n += 1) {
    const candidate = `10.${n}.0.0/24`;
    const parsed = parseBlock(candidate)!;
    if (!blocks.some((block) => blocksOverlap(parsed, block))) return candidate;
  }
  return '10.0.0.0/24';
}
