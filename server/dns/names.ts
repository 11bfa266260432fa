// Domain names as the DNS server keeps them (lowercase, dot-separated, no trailing dot) and on the wire.

/** Record types and classes the server reads or writes, by their wire numbers. */
export const TYPE = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  SRV: 33,
  OPT: 41,
  DS: 43,
  RRSIG: 46,
  DNSKEY: 48,
  NSEC3: 50,
  NSEC3PARAM: 51,
  TSIG: 250,
  IXFR: 251,
  AXFR: 252,
  ANY: 255,
  CAA: 257,
} as const;

export const CLASS_IN = 1;

export const RCODE = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
  NOTAUTH: 9,
} as const;

export const OPCODE = { QUERY: 0, NOTIFY: 4 } as const;

/** The longest name on the wire, length octets and the root's zero included (RFC 1035 §2.3.4). */
export const MAX_NAME_OCTETS = 255;
export const MAX_LABEL_OCTETS = 63;

/**
 * The uncompressed wire form of a name ('' or '.' is the root). Throws a RangeError for an empty
 * label, a label over 63 octets or a name over 255: such a name cannot be served.
 */
export function encodeName(name: string): Buffer {
  const trimmed = name.endsWith('.') ? name.slice(0, -1) : name;
  if (trimmed === '') return Buffer.from([0]);
  const labels = trimmed.split('.').map((label) => Buffer.from(label, 'utf8'));
  const size = labels.reduce((sum, label) => sum + label.length + 1, 1);
  if (size > MAX_NAME_OCTETS) throw new RangeError(`the name ${name} is longer than 255 octets`);
  const wire = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const label of labels) {
    if (label.length === 0 || label.length > MAX_LABEL_OCTETS) {
      throw new RangeError(`the name ${name} has a label that is empty or over 63 octets`);
    }
    wire[offset++] = label.length;
    label.copy(wire, offset);
    offset += label.length;
  }
  wire[offset] = 0;
  return wire;
}

/** The fully qualified owner of a record: '@' is the apex, anything else is relative to it. */
export function ownerName(relative: string, zone: string): string {
  const name = relative.trim().toLowerCase();
  return name === '@' || name === '' ? zone : `${name}.${zone}`;
}

/** True when `name` is `zone` or below it. */
export function isInZone(name: string, zone: string): boolean {
  return (
    name === zone ||
    (name.length > zone.length && name.endsWith(zone) && name[name.length - zone.length - 1] === '.')
  );
}

/** The name without its first label ('' above a single label). */
export function parentName(name: string): string {
  const dot = name.indexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
}
