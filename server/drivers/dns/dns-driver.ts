// The DNS driver: how the zones the console edits reach an authoritative name server. The embedded default
// is the DNS server in server/dns (UDP and TCP on DNS_PORT), which answers from an in-memory copy of every
// zone; the production adapter writes them through the PowerDNS HTTP API (POWERDNS_URL, POWERDNS_API_KEY).
//
// Contract between the two sides:
// - The database is the source of truth: server/domains writes a change, then, inside the same transaction
//   and before it commits, hands the driver the whole zone as it now stands (publish) or its removal
//   (unpublish). A driver that throws makes the change fail and roll back, so what the console shows and
//   what the name servers answer never disagree for longer than that call.
// - publish() replaces the zone entirely (records not in `zone` disappear); it is idempotent.
// - At start, syncAll() receives every zone in the database: the embedded server loads them; an adapter
//   reconciles (creates missing zones, replaces changed ones, removes zones it holds that are not listed
//   and that it created).

import type { ZoneKey } from '../../dns/dnssec/keys';
import type { NamesChange } from '../../dns/zone-index';

/** One record as published: `name` relative to the zone ('@' for the apex), lowercase ASCII. */
export interface PublishedRecord {
  name: string;
  type: 'SOA' | 'A' | 'AAAA' | 'CNAME' | 'TXT' | 'MX' | 'NS' | 'SRV' | 'CAA' | 'PTR';
  ttl: number;
  /**
   * The canonical presentation of src/contract/domains.ts: A dotted quad; AAAA compressed; CNAME, NS, MX,
   * SRV and PTR (reverse zones, server/computes/reverse-dns) targets fully qualified without a trailing dot; TXT the unquoted text; CAA `flag tag "value"`;
   * SOA `mname rname serial refresh retry expire minimum` (names fully qualified, no trailing dot).
   */
  value: string;
  priority: number | null;
  weight: number | null;
  port: number | null;
}

export interface PublishedZone {
  /** ASCII (punycode), lowercase, no trailing dot. */
  name: string;
  serial: number;
  records: PublishedRecord[];
  /**
   * Set: the zone is signed (DNSSEC) with these keys, every one of them signing (two while a key rolls).
   * Unset: the zone is served unsigned.
   */
  dnssec?: { keys: ZoneKey[] };
}

export interface PreparedZone {
  zone: PublishedZone;
  commit(): Promise<void>;
}

export interface DnsDriverInfo {
  kind: 'embedded' | 'powerdns';
  /** Where it answers, for the logs and the console ("127.0.0.1:5300", "https://pdns.example:8081"). */
  endpoint: string;
}

export interface DnsDriver {
  readonly info: DnsDriverInfo;
  /** Loads (embedded) or reconciles (adapter) every zone; called once at start. */
  syncAll(zones: PublishedZone[]): Promise<void>;
  /** The zone as it now stands, replacing what was published before. */
  publish(zone: PublishedZone): Promise<void>;
  /**
   * publish in two steps, for big zones: the work is done ahead, outside the change's transaction (the
   * embedded server builds the zone's index in slices), and commit(), called inside it, only swaps the zone
   * in. Without it, commit() publishes.
   */
  prepare?(zone: PublishedZone): Promise<PreparedZone>;
  /**
   * publish for a change to a few names of an unsigned zone the driver already holds, in time that follows
   * the change rather than the zone: the names' records as they now stand and the new SOA. Answers false
   * when it cannot apply it (a zone it does not hold, or signs): the caller then publishes the whole zone.
   * Without it, every change publishes the whole zone.
   */
  publishNames?(zone: string, change: NamesChange): Promise<boolean>;
  /** The zone is gone. Unknown names are not an error. */
  unpublish(name: string): Promise<void>;
  /**
   * For a signed zone, the DS records the name server itself reports for each of its keys (PowerDNS's
   * cryptokeys), matched by DNSKEY (`257 3 13 <base64>`). Drivers that sign with exactly the keys they
   * are given (the embedded server) leave it out: the DS is computed from the key.
   */
  reportedDs?(name: string): Promise<{ dnskey: string; ds: string[] }[]>;
  /** Stops listening / releases connections. */
  close(): Promise<void>;
}
