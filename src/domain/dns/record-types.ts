// The DNS record types the console edits (SPEC §3).
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS', 'SRV', 'CAA'] as const;

export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** Reads a record type from an address segment, in any letter case; null when it isn't one. */
export function parseRecordType(value: string): DnsRecordType | null {
  const upper = value.toUpperCase();
  return (DNS_RECORD_TYPES as readonly string[]).includes(upper) ? (upper as DnsRecordType) : null;
}
