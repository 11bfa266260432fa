// Public addresses the simulator hands out: IPv4 from a list of CIDR blocks (the documentation range
// 192.0.2.0/24 by default), IPv6 from one prefix (2001:db8::/64). Pure functions; machine-store.ts picks
// the first free address inside the transaction that stores the machine.

export interface Ipv4Block {
  cidr: string;
  network: number;
  prefixLength: number;
  /** First and last assignable host, as 32-bit numbers. */
  first: number;
  last: number;
}

export interface Ipv6Prefix {
  cidr: string;
  base: bigint;
  /** How many addresses the prefix holds (capped: a /64 is more than any simulator needs). */
  size: bigint;
}

/** Parses "192.0.2.0/24"; the network, broadcast and first host (the gateway) are not handed out. */
export function parseIpv4Block(cidr: string): Ipv4Block | undefined {
  const match = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(cidr.trim());
  if (!match) return undefined;
  const address = ipv4ToNumber(match[1]!);
  const length = Number(match[2]);
  if (address === undefined || length > 32) return undefined;
  const size = 2 ** (32 - length);
  const network = address - (address % size);
  if (network !== address) return undefined;
  // /31 and /32 have no network, broadcast or gateway to leave out (RFC 3021).
  const block = { cidr, network, prefixLength: length };
  if (size <= 2) return { ...block, first: network, last: network + size - 1 };
  return { ...block, first: network + 2, last: network + size - 2 };
}

export function ipv4ToNumber(text: string): number | undefined {
  const parts = text.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    return undefined;
  }
  return ((parts[0]! * 256 + parts[1]!) * 256 + parts[2]!) * 256 + parts[3]!;
}

export function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** The first address of the blocks, in order, that `used` does not hold. */
export function firstFreeIpv4(blocks: readonly Ipv4Block[], used: ReadonlySet<string>): string | undefined {
  for (const block of blocks) {
    for (let value = block.first; value <= block.last; value++) {
      const address = numberToIpv4(value);
      if (!used.has(address)) return address;
    }
  }
  return undefined;
}

/** Parses "2001:db8::/64" (prefix lengths 48 to 120). */
export function parseIpv6Prefix(cidr: string): Ipv6Prefix | undefined {
  const match = /^([0-9a-fA-F:]+)\/(\d{1,3})$/.exec(cidr.trim());
  if (!match) return undefined;
  const address = ipv6ToBigInt(match[1]!);
  const length = Number(match[2]);
  if (address === undefined || length < 48 || length > 120) return undefined;
  const hostBits = BigInt(128 - length);
  if (address % (1n << hostBits) !== 0n) return undefined;
  return { cidr, base: address, size: 1n << hostBits };
}

export function ipv6ToBigInt(text: string): bigint | undefined {
  const halves = text.toLowerCase().split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
    value = (value << 16n) + BigInt(Number.parseInt(group, 16));
  }
  return value;
}

/** RFC 5952 text: lowercase, leading zeros dropped, the longest run of zero groups as "::". */
export function bigIntToIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, index) =>
    Number((value >> BigInt((7 - index) * 16)) & 0xffffn),
  );
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start++;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** The first address of the prefix from ::10 on (the low ones are the router's), that `used` lacks. */
export function firstFreeIpv6(prefix: Ipv6Prefix, used: ReadonlySet<string>): string | undefined {
  const limit = prefix.size < 1_000_000n ? prefix.size : 1_000_000n;
  for (let offset = 16n; offset < limit; offset++) {
    const address = bigIntToIpv6(prefix.base + offset);
    if (!used.has(address)) return address;
  }
  return undefined;
}

/** The block an address belongs to, if any. */
export function blockOf(blocks: readonly Ipv4Block[], address: string): Ipv4Block | undefined {
  const value = ipv4ToNumber(address);
  if (value === undefined) return undefined;
  return blocks.find(
    (block) => value >= block.network && value < block.network + 2 ** (32 - block.prefixLength),
  );
}
