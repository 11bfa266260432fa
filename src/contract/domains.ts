// Domains (DNS zones) and their records: the resource manager's /teams/:teamId/domains resources
// (SPEC §2 domains/*, register-domain; §3 record types and fields; §5 validation; §9 ttl constants).
// What a record's fields may hold is decided by one shared module, src/domain/dns (the console checks
// as you type, the server enforces the same rules); these schemas are the wire shapes around it.
import * as v from 'valibot';
import { DNS_RECORD_TYPES } from '@/domain/dns/record-types';
import { translated } from '@/i18n/state';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** SPEC §9: the ttl field's placeholder, and the default when none is given. */
export const DEFAULT_TTL = 3600;
/** SPEC §9: the ttl of the sample records a new zone gets. */
export const SAMPLE_RECORD_TTL = 1800;
/** The ttl range the server accepts, in seconds (one minute to one week). */
export const MIN_TTL = 60;
export const MAX_TTL = 604_800;
/** SPEC §3 placeholders of the MX and SRV fields. */
export const DEFAULT_MX_PRIORITY = 10;
export const DEFAULT_SRV = { priority: 10, weight: 5, port: 80 } as const;

export const dnsRecordTypeSchema = v.picklist(DNS_RECORD_TYPES, translated('contract.dnsRecord.type'));

// ── Domains ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether the registrar points the domain at our name servers: pending (not yet seen), active (seen at
 * the last check), lost (was active, no longer is).
 */
export const delegationStatusSchema = v.picklist(['pending', 'active', 'lost']);
export type DelegationStatus = v.InferOutput<typeof delegationStatusSchema>;

/**
 * DNSSEC of a zone: unsigned, signed with one key, or rolling (an old and a new key both sign until the
 * parent's DS names the new one).
 */
export const dnssecStatusSchema = v.picklist(['unsigned', 'signed', 'rolling']);

export const dnssecKeySchema = v.object({
  keyTag: v.pipe(v.number(), v.integer()),
  /** 13: ECDSA P-256 with SHA-256. */
  algorithm: v.pipe(v.number(), v.integer()),
  /** 257: a combined signing key (zone key, secure entry point). */
  flags: v.pipe(v.number(), v.integer()),
  /** The DNSKEY record's data: `257 3 13 <base64 public key>`. */
  dnskey: v.string(),
  /** The DS records (SHA-256) the name server reports for this key: `<key tag> 13 2 <hex digest>`. */
  ds: v.array(v.string()),
  /** current: the zone's key; incoming / outgoing: the new and the old key while a key rolls. */
  role: v.picklist(['current', 'incoming', 'outgoing']),
  createdAt: isoDate,
});
export type DnssecKey = v.InferOutput<typeof dnssecKeySchema>;

/**
 * What the parent zone (the registry, through the registrar) publishes for the zone, at the last check:
 * unknown (never answered), absent (no DS), published (the DS of the key the zone is to be signed with),
 * outdated (during a roll: only the old key's DS), mismatch (a DS none of our keys match: validating
 * resolvers then reject the zone).
 */
export const parentDsStatusSchema = v.picklist(['unknown', 'absent', 'published', 'outdated', 'mismatch']);
export type ParentDsStatus = v.InferOutput<typeof parentDsStatusSchema>;

export const domainDnssecSchema = v.object({
  status: dnssecStatusSchema,
  keys: v.array(dnssecKeySchema),
  parent: v.object({
    status: parentDsStatusSchema,
    /** The DS records the parent published at the last check that got an answer. */
    found: v.array(v.string()),
    checkedAt: v.nullable(isoDate),
  }),
});
export type DomainDnssec = v.InferOutput<typeof domainDnssecSchema>;

/** Turning signing off: `dsRemoved` says the DS is gone at the registrar when no resolver could confirm it. */
export const disableDnssecRequestSchema = v.object({ dsRemoved: v.optional(v.boolean()) });

export const domainSchema = v.object({
  id: uuid,
  teamId: uuid,
  /** The zone's name in ASCII (punycode for internationalized names), lowercase, no trailing dot. */
  name: v.string(),
  /** The same name in Unicode, for display: equals `name` unless it is internationalized. */
  displayName: v.string(),
  /** The name servers the registrar must list (NAMESERVERS), fully qualified, no trailing dot. */
  nameServers: v.array(v.string()),
  delegation: v.object({
    status: delegationStatusSchema,
    /** When the resolver was last asked; null before the first check. */
    checkedAt: v.nullable(isoDate),
    /** The NS names the resolver answered at the last check (empty when it found none). */
    found: v.array(v.string()),
  }),
  /** The SOA serial, increased on every change to the zone. */
  serial: v.pipe(v.number(), v.integer()),
  /** Records in the zone, SOA and NS at the apex included. */
  recordCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  dnssec: domainDnssecSchema,
  createdAt: isoDate,
});
export type Domain = v.InferOutput<typeof domainSchema>;

export const domainListSchema = v.object({ domains: v.array(domainSchema) });

export const domainListQuerySchema = v.object({
  /** Matches the name (ASCII or Unicode), case-insensitively. */
  search: v.optional(v.pipe(v.string(), v.maxLength(253, translated('contract.maxLength', { max: 253 })))),
});

export const createDomainRequestSchema = v.object({
  /** As typed: Unicode or ASCII, any case, with or without a trailing dot (checked by src/domain/dns). */
  name: v.pipe(
    v.string(translated('contract.domainName.required')),
    v.maxLength(300, translated('contract.domainName.tooLong', { max: 253 })),
  ),
});

/** DELETE of a domain repeats its name, as the destroy of a compute repeats the hostname. */
export const deleteDomainRequestSchema = v.object({
  confirmName: v.string(translated('contract.domainDelete.confirmName')),
});

// ── Records ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * A record as stored and shown. `name` is relative to the zone ('@' for the apex, 'www', '*.dev',
 * '_sip._tcp' for SRV), lowercase. `value` is the canonical presentation of the rest of the data:
 * A dotted quad; AAAA compressed lowercase (2001:db8::1); CNAME, NS and MX the target host name, fully
 * qualified, lowercase, no trailing dot (MX and SRV may be '.', "no service": RFC 7505, RFC 2782); SRV the
 * target likewise; TXT the text itself, unquoted and
 * unsplit (split into 255-octet strings on the wire and in zone files); CAA `flag tag "value"`;
 * SOA `mname rname serial refresh retry expire minimum`.
 */
export const dnsRecordSchema = v.object({
  id: uuid,
  domainId: uuid,
  type: v.picklist([...DNS_RECORD_TYPES, 'SOA']),
  name: v.string(),
  value: v.string(),
  ttl: v.pipe(v.number(), v.integer()),
  /** MX and SRV. */
  priority: v.nullable(v.pipe(v.number(), v.integer())),
  /** SRV. */
  weight: v.nullable(v.pipe(v.number(), v.integer())),
  /** SRV. */
  port: v.nullable(v.pipe(v.number(), v.integer())),
  /** SOA, and the NS records of our name servers at the apex: kept by the server, not editable. */
  managed: v.boolean(),
  /** Increases on every change: an update names the version it edits and is refused (409) if stale. */
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  updatedAt: isoDate,
});
export type DnsRecord = v.InferOutput<typeof dnsRecordSchema>;

/**
 * A record as a form sends it: strings as typed, numbers as typed (strings allowed), checked and made
 * canonical by src/domain/dns on both sides. Fields a type does not have are ignored.
 */
const numberInput = v.optional(
  v.union(
    [v.number(), v.pipe(v.string(), v.maxLength(20, translated('contract.dnsRecord.number')))],
    translated('contract.dnsRecord.number'),
  ),
);
export const dnsRecordInputSchema = v.object({
  type: dnsRecordTypeSchema,
  name: v.pipe(v.string(), v.maxLength(300, translated('contract.dnsRecord.nameTooLong', { max: 253 }))),
  // A 4000-character TXT written with quotes and escapes takes up to about twice its length.
  value: v.pipe(v.string(), v.maxLength(8_200, translated('contract.dnsRecord.valueTooLong'))),
  ttl: numberInput,
  priority: numberInput,
  weight: numberInput,
  port: numberInput,
});
export type DnsRecordInput = v.InferOutput<typeof dnsRecordInputSchema>;

export const updateDnsRecordRequestSchema = v.object({
  ...dnsRecordInputSchema.entries,
  /** The version the form loaded; a newer one on the server answers 409 with the current record. */
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

export const dnsRecordListQuerySchema = v.object({
  type: v.optional(dnsRecordTypeSchema),
  /** Matches the name and the value, case-insensitively. */
  search: v.optional(v.pipe(v.string(), v.maxLength(253, translated('contract.maxLength', { max: 253 })))),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(500))),
});

/** Records sorted by name (apex first), then type, then value; `total` counts every match. */
export const dnsRecordListSchema = v.object({
  records: v.array(dnsRecordSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  nextCursor: v.nullable(v.string()),
});

// ── Zone files ───────────────────────────────────────────────────────────────────────────────────────

/** The largest zone file accepted by paste or upload. */
export const MAX_ZONE_FILE_BYTES = 1_048_576;

export const zoneFileRequestSchema = v.object({
  text: v.pipe(v.string(), v.maxLength(MAX_ZONE_FILE_BYTES, translated('contract.zoneFile.tooLarge'))),
});

const importedRecordSchema = v.object({
  type: dnsRecordTypeSchema,
  name: v.string(),
  value: v.string(),
  ttl: v.pipe(v.number(), v.integer()),
  priority: v.nullable(v.pipe(v.number(), v.integer())),
  weight: v.nullable(v.pipe(v.number(), v.integer())),
  port: v.nullable(v.pipe(v.number(), v.integer())),
});

/**
 * What importing a zone file would do (preview) or did (apply): records added, records whose ttl
 * changes, lines refused with the reason, and how many were already there. SOA and the apex NS of our
 * name servers in the file are skipped (the server keeps its own).
 */
export const zoneImportResultSchema = v.object({
  add: v.array(importedRecordSchema),
  change: v.array(v.object({ from: dnsRecordSchema, to: importedRecordSchema })),
  refuse: v.array(v.object({ line: v.pipe(v.number(), v.integer()), text: v.string(), reason: v.string() })),
  unchanged: v.pipe(v.number(), v.integer(), v.minValue(0)),
  applied: v.boolean(),
});
export type ZoneImportResult = v.InferOutput<typeof zoneImportResultSchema>;
