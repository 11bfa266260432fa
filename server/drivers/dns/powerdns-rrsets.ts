// A published zone as PowerDNS's HTTP API holds it: one RRset per owner name and type, absolute names with
// the trailing dot, and every record's content in PowerDNS's presentation form.
import { splitTxt } from '@/domain/dns/txt';
import type { PublishedRecord, PublishedZone } from './dns-driver';

export interface PowerDnsRecord {
  content: string;
  disabled: boolean;
}

export interface PowerDnsRRset {
  /** Absolute, lowercase, with the trailing dot. */
  name: string;
  type: string;
  ttl: number;
  records: PowerDnsRecord[];
}

/** `example.com` or `example.com.` → `example.com.` (lowercase): PowerDNS's zone name and id. */
export function zoneId(name: string): string {
  const bare = name.trim().toLowerCase().replace(/\.$/, '');
  return `${bare}.`;
}

/** A record's owner: '@' is the apex, anything else is relative to the zone. */
export function ownerName(name: string, zone: string): string {
  const apex = zoneId(zone);
  const relative = name.trim().toLowerCase().replace(/\.$/, '');
  return relative === '@' || relative === '' ? apex : `${relative}.${apex}`;
}

/** A host name (fully qualified, no trailing dot, as published) with PowerDNS's trailing dot. */
function absoluteTarget(value: string): string {
  const bare = value.trim().toLowerCase().replace(/\.$/, '');
  return bare === '' ? '.' : `${bare}.`;
}

/**
 * One RFC 1035 character-string in quotes: `"` and `\` escaped with a backslash, and every octet outside
 * printable ASCII (the UTF-8 of non-ASCII text) as `\DDD`, the form PowerDNS itself writes back.
 */
export function quoteCharacterString(text: string): string {
  let quoted = '"';
  for (const octet of new TextEncoder().encode(text)) {
    if (octet === 0x22 || octet === 0x5c) quoted += `\\${String.fromCharCode(octet)}`;
    else if (octet >= 0x20 && octet <= 0x7e) quoted += String.fromCharCode(octet);
    else quoted += `\\${String(octet).padStart(3, '0')}`;
  }
  return `${quoted}"`;
}

/** `0 issue "letsencrypt.org"`; inside the quotes `\"` and `\\` stand for `"` and `\`. */
function parseCaa(value: string): { flags: number; tag: string; value: string } | undefined {
  const match = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+"((?:[^"\\]|\\.)*)"$/s.exec(value.trim());
  if (!match || Number(match[1]) > 255) return undefined;
  return { flags: Number(match[1]), tag: match[2]!, value: match[3]!.replace(/\\(.)/gs, '$1') };
}

function uint16(value: number | null): number | undefined {
  return value !== null && Number.isInteger(value) && value >= 0 && value <= 65_535 ? value : undefined;
}

/**
 * The content PowerDNS stores for a record. The SOA's serial becomes the zone's `serial` (the domains service
 * increases it on every change), as the embedded server does. Throws an Error naming a record that
 * cannot be written.
 */
export function recordContent(record: PublishedRecord, zone: PublishedZone): string {
  const fail = (why: string): never => {
    throw new Error(`zone ${zone.name}: ${record.type} record ${record.name} "${record.value}": ${why}`);
  };
  const value = record.value.trim();
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return value.toLowerCase();
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return absoluteTarget(value);
    case 'MX': {
      const preference = uint16(record.priority) ?? fail('the priority must be 0 to 65535');
      return `${preference} ${absoluteTarget(value)}`;
    }
    case 'SRV': {
      const numbers = [record.priority, record.weight, record.port].map(uint16);
      if (numbers.some((number) => number === undefined))
        fail('priority, weight and port must be 0 to 65535');
      return `${numbers.join(' ')} ${absoluteTarget(value)}`;
    }
    case 'TXT':
      // The text itself, untrimmed: outer spaces belong to it. Split like the zone files and the embedded
      // server split it (≤ 255 octets per string, never inside a character).
      return splitTxt(record.value).map(quoteCharacterString).join(' ');
    case 'CAA': {
      const caa = parseCaa(value) ?? fail('not `flag tag "value"`');
      return `${caa.flags} ${caa.tag.toLowerCase()} ${quoteCharacterString(caa.value)}`;
    }
    case 'SOA': {
      const parts = value.split(/\s+/);
      const numbers = parts.slice(2);
      if (
        parts.length !== 7 ||
        !numbers.every((part) => /^\d{1,10}$/.test(part) && Number(part) <= 0xffff_ffff)
      ) {
        fail('not `mname rname serial refresh retry expire minimum`');
      }
      const [mname, rname, , refresh, retry, expire, minimum] = parts as string[];
      return [
        absoluteTarget(mname!),
        absoluteTarget(rname!),
        zone.serial >>> 0,
        refresh,
        retry,
        expire,
        minimum,
      ].join(' ');
    }
    default:
      return fail('type not supported by the PowerDNS adapter');
  }
}

/**
 * Every RRset of the zone, ordered by name then type. An RRset carries one ttl (RFC 2181 §5.2): the
 * smallest of its records', as the embedded server answers; identical records count once.
 */
export function toPowerDnsRRsets(zone: PublishedZone): PowerDnsRRset[] {
  const sets = new Map<string, PowerDnsRRset>();
  for (const record of zone.records) {
    const name = ownerName(record.name, zone.name);
    const key = `${name} ${record.type}`;
    const content = recordContent(record, zone);
    const set = sets.get(key);
    if (!set) {
      sets.set(key, { name, type: record.type, ttl: record.ttl, records: [{ content, disabled: false }] });
      continue;
    }
    set.ttl = Math.min(set.ttl, record.ttl);
    if (!set.records.some((existing) => existing.content === content))
      set.records.push({ content, disabled: false });
  }
  return [...sets.values()].sort((a, b) =>
    a.name === b.name ? a.type.localeCompare(b.type) : a.name.localeCompare(b.name),
  );
}

/** The same RRset, whatever the order of its records or the case of its name. */
export function sameRRset(a: PowerDnsRRset, b: PowerDnsRRset): boolean {
  if (a.name.toLowerCase() !== b.name.toLowerCase() || a.type !== b.type || a.ttl !== b.ttl) return false;
  const contents = (set: PowerDnsRRset) =>
    set.records
      .map((record) => `${record.disabled ? '-' : '+'}${record.content}`)
      .sort()
      .join('\n');
  return contents(a) === contents(b);
}
