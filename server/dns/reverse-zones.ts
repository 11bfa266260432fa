// The reverse zones (in-addr.arpa, ip6.arpa) of the address blocks computes get their addresses from, and
// the reverse name of one address. Pure functions; server/computes/reverse-dns publishes the zones.
//
// Where a zone's cut falls, and why:
// - IPv4: zones sit on octet boundaries (RFC 1035 §3.5). A block of /8, /16 or /24 is one zone; a block
//   between two boundaries (a /20) is split into the zones of the next boundary down (sixteen /24 zones),
//   so the server never claims addresses outside the block. A block longer than /24 (a /26 routed to a
//   host) is served as its whole /24 zone holding only the block's names: that is right when the /24 is
//   delegated to us, and the RFC 2317 alternative (a `0-63.2.0.192.in-addr.arpa` zone the /24's owner
//   points at with CNAMEs) needs records in someone else's zone, which we cannot write.
// - IPv6: nibble zones (RFC 3596 §2.5) at the prefix rounded up to a nibble: a /64 is one zone of 16
//   nibbles, a /62 four zones of /64.
import { isIPv4, isIPv6 } from 'node:net';

/** The reverse zones of one CIDR block, lowercase without the trailing dot; [] when it does not parse. */
export function reverseZonesOfBlock(cidr: string): string[] {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(cidr.trim());
  if (!match) return [];
  const length = Number(match[2]);
  if (isIPv4(match[1]!) && length <= 32) {
    const boundary = length <= 8 ? 8 : length <= 16 ? 16 : 24;
    return zonesOf(ipv4Bits(match[1]!), Math.min(length, boundary), boundary, (bits) =>
      ipv4Name(bits, boundary / 8),
    );
  }
  if (isIPv6(match[1]!) && length <= 128) {
    const boundary = Math.ceil(length / 4) * 4;
    return zonesOf(ipv6Bits(match[1]!), length, boundary, (bits) => ipv6Name(bits, boundary / 4));
  }
  return [];
}

/** Every reverse zone of the blocks, each once, in the order the blocks name them. */
export function reverseZonesOf(blocks: readonly string[]): string[] {
  return [...new Set(blocks.flatMap(reverseZonesOfBlock))];
}

function zonesOf(bits: string, length: number, boundary: number, name: (bits: string) => string): string[] {
  // At most 256 zones (an IPv4 /0 cut into /8s) or 8 (IPv6 rounds up to the next nibble).
  const count = 2 ** (boundary - length);
  if (boundary === 0) return [];
  const zones: string[] = [];
  for (let index = 0; index < count; index++) {
    const varying = boundary - length === 0 ? '' : index.toString(2).padStart(boundary - length, '0');
    zones.push(name(bits.slice(0, length) + varying));
  }
  return zones;
}

/** `192.0.2.7` → `7.2.0.192.in-addr.arpa`; `2001:db8::7` → its 32 nibbles under ip6.arpa. */
export function reverseName(address: string): string | undefined {
  if (isIPv4(address)) return ipv4Name(ipv4Bits(address), 4);
  if (isIPv6(address) && !address.includes('%')) return ipv6Name(ipv6Bits(address), 32);
  return undefined;
}

/** The zone (of `zones`) that holds the reverse name of `address`: the longest that does. */
export function reverseZoneOf(address: string, zones: readonly string[]): string | undefined {
  const name = reverseName(address);
  if (!name) return undefined;
  let best: string | undefined;
  for (const zone of zones) {
    if ((name === zone || name.endsWith(`.${zone}`)) && zone.length > (best?.length ?? -1)) best = zone;
  }
  return best;
}

/** The address's bits as a string of 0s and 1s (32 of them). */
function ipv4Bits(address: string): string {
  return address
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');
}

/** The address's bits as a string of 0s and 1s (128 of them). */
function ipv6Bits(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  let headGroups = groupsOf(head);
  let tailGroups = groupsOf(tail);
  // An embedded IPv4 tail (::ffff:192.0.2.7) is two groups.
  const lift = (groups: string[]) => {
    const last = groups.at(-1);
    if (!last || !isIPv4(last)) return groups;
    const bits = ipv4Bits(last);
    return [
      ...groups.slice(0, -1),
      Number.parseInt(bits.slice(0, 16), 2).toString(16),
      Number.parseInt(bits.slice(16), 2).toString(16),
    ];
  };
  if (tail === undefined) headGroups = lift(headGroups);
  else tailGroups = lift(tailGroups);
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return groups.map((group) => Number.parseInt(group, 16).toString(2).padStart(16, '0')).join('');
}

/** The first `octets` octets of `bits`, reversed, under in-addr.arpa. */
function ipv4Name(bits: string, octets: number): string {
  const labels: string[] = [];
  for (let index = 0; index < octets; index++) {
    labels.unshift(String(Number.parseInt(bits.slice(index * 8, index * 8 + 8), 2)));
  }
  return `${labels.join('.')}.in-addr.arpa`;
}

/** The first `nibbles` nibbles of `bits`, reversed, under ip6.arpa. */
function ipv6Name(bits: string, nibbles: number): string {
  const labels: string[] = [];
  for (let index = 0; index < nibbles; index++) {
    labels.unshift(Number.parseInt(bits.slice(index * 4, index * 4 + 4), 2).toString(16));
  }
  return `${labels.join('.')}.ip6.arpa`;
}
