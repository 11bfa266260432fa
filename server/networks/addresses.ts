// Addresses on a private network: the first of its block no member holds.
import { formatIpv4, parseBlock } from '@/contract/networks';

/** The first address of the block no member holds: network + 1 up to the last before broadcast. */
export function nextFreeAddress(block: string, taken: readonly string[]): string | null {
  const parsed = parseBlock(block)!;
  const used = new Set(taken);
  const last = parsed.network + (1n << BigInt(32 - parsed.length)) - 2n;
  for (let address = parsed.network + 1n; address <= last; address += 1n) {
    const text = formatIpv4(address);
    if (!used.has(text)) return text;
  }
  return null;
}
