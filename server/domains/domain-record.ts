// Domains and records as stored and as the API shows them, and the zone as the DNS driver receives it.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DelegationStatus, DnsRecord, Domain } from '@/contract/domains';
import { dnsRecords, dnssecKeys, domains } from '../db/schema';
import type { ZoneKey } from '../dns/dnssec/keys';
import type { PublishedRecord, PublishedZone } from '../drivers/dns/dns-driver';
import { isUuid } from '../tenancy/guards';
import type { Queryable } from '../tenancy/team-record';
import { dnssecView, type KeyRow, type KeyVault, keysOf, zoneKeys } from './dnssec';

export type DomainRow = typeof domains.$inferSelect;
export type RecordRow = typeof dnsRecords.$inferSelect;

/**
 * The rows that are the zone's records: not those of a zone file import still being written in batches
 * (server/domains/zone-import.ts). Every read of dns_records goes through it.
 */
export const isZoneRecord = sql`(dns_records.import_id is null or exists (select 1 from zone_imports where zone_imports.id = dns_records.import_id and zone_imports.applied_at is not null))`;

/** The record count of a domain, as a correlated subquery (index-only on dns_records_order). */
// Written out: inside a select list drizzle renders a column without its table, which here would mean
// dns_records.id.
export const recordCountOf = sql<number>`(select count(*)::int from dns_records where dns_records.domain_id = "domains"."id" and ${isZoneRecord})`;

export function toDomain(
  row: DomainRow,
  recordCount: number,
  nameServers: readonly string[],
  keys: KeyRow[] = [],
): Domain {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    displayName: row.displayName,
    nameServers: [...nameServers],
    delegation: {
      status: row.delegationStatus as DelegationStatus,
      checkedAt: row.delegationCheckedAt?.toISOString() ?? null,
      found: row.delegationFound,
    },
    serial: row.serial,
    recordCount,
    dnssec: dnssecView(row, keys),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDnsRecord(row: RecordRow): DnsRecord {
  return {
    id: row.id,
    domainId: row.domainId,
    type: row.type as DnsRecord['type'],
    name: row.name,
    value: row.value,
    ttl: row.ttl,
    priority: row.priority,
    weight: row.weight,
    port: row.port,
    managed: row.managed,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One domain of the team with its record count and keys; another team's id (or a malformed one) is undefined. */
export async function findDomain(
  db: Queryable,
  teamId: string,
  domainId: string,
): Promise<{ row: DomainRow; recordCount: number; keys: KeyRow[] } | undefined> {
  if (!isUuid(domainId)) return undefined;
  const [found] = await db
    .select({ row: domains, recordCount: recordCountOf })
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.teamId, teamId)));
  if (!found) return undefined;
  const keys = (await keysOf(db, [found.row.id])).get(found.row.id) ?? [];
  return { ...found, keys };
}

/** One domain's row, without its record count (pages of records, zone files). */
export async function findDomainRow(
  db: Queryable,
  teamId: string,
  domainId: string,
): Promise<DomainRow | undefined> {
  if (!isUuid(domainId)) return undefined;
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.teamId, teamId)));
  return row;
}

/** The domain's row under a row lock: every change to a zone holds it, so changes to one zone queue. */
export async function lockDomain(
  db: Queryable,
  teamId: string,
  domainId: string,
): Promise<DomainRow | undefined> {
  if (!isUuid(domainId)) return undefined;
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.teamId, teamId)))
    .for('update');
  return row;
}

/** Every record of the zone in the table's order. */
export async function zoneRecords(db: Queryable, domainId: string): Promise<RecordRow[]> {
  return db
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.domainId, domainId), isZoneRecord))
    .orderBy(asc(dnsRecords.sortName), asc(dnsRecords.type), asc(dnsRecords.sortValue), asc(dnsRecords.id));
}

/** The records at `names` (relative, '@' the apex) and the SOA, through the (domain, name) index. */
export async function recordsNamedOrSoa(
  db: Queryable,
  domainId: string,
  names: readonly string[],
): Promise<RecordRow[]> {
  const sortNames = [...new Set(names)].map((name) => (name === '@' ? '' : name));
  return db
    .select()
    .from(dnsRecords)
    .where(
      and(
        eq(dnsRecords.domainId, domainId),
        isZoneRecord,
        or(inArray(dnsRecords.sortName, sortNames), eq(dnsRecords.type, 'SOA')),
      ),
    )
    .orderBy(asc(dnsRecords.sortName), asc(dnsRecords.type), asc(dnsRecords.sortValue), asc(dnsRecords.id));
}

export function toPublishedRecord(row: {
  name: string;
  type: string;
  ttl: number;
  value: string;
  priority: number | null;
  weight: number | null;
  port: number | null;
}): PublishedRecord {
  return {
    name: row.name,
    type: row.type as PublishedRecord['type'],
    ttl: row.ttl,
    value: row.value,
    priority: row.priority,
    weight: row.weight,
    port: row.port,
  };
}

export function toPublishedZone(
  domain: { name: string; serial: number },
  records: readonly Parameters<typeof toPublishedRecord>[0][],
  keys: ZoneKey[] = [],
): PublishedZone {
  return {
    name: domain.name,
    serial: domain.serial,
    records: records.map(toPublishedRecord),
    ...(keys.length > 0 ? { dnssec: { keys } } : {}),
  };
}

/** Every zone in the database, signed with its keys, for the driver's syncAll at start. */
export async function allPublishedZones(
  db: Queryable,
  vault: () => Promise<KeyVault>,
): Promise<PublishedZone[]> {
  const [rows, records, keyRows] = await Promise.all([
    db.select({ id: domains.id, name: domains.name, serial: domains.serial }).from(domains),
    db.select().from(dnsRecords).where(isZoneRecord),
    db.select().from(dnssecKeys).orderBy(asc(dnssecKeys.createdAt), asc(dnssecKeys.id)),
  ]);
  const keysByDomain = new Map<string, KeyRow[]>();
  for (const key of keyRows) keysByDomain.set(key.domainId, [...(keysByDomain.get(key.domainId) ?? []), key]);
  const opened = keyRows.length > 0 ? await vault() : undefined;
  const byDomain = new Map<string, RecordRow[]>();
  for (const record of records) {
    const list = byDomain.get(record.domainId) ?? [];
    list.push(record);
    byDomain.set(record.domainId, list);
  }
  return rows.map((row) =>
    toPublishedZone(
      row,
      byDomain.get(row.id) ?? [],
      opened ? zoneKeys(opened, keysByDomain.get(row.id) ?? []) : [],
    ),
  );
}

/** The zone named `name` as it now stands, signed with its keys; undefined when no domain has that name. */
export async function publishedZoneNamed(
  db: Queryable,
  name: string,
  vault: () => Promise<KeyVault>,
): Promise<PublishedZone | undefined> {
  const [row] = await db
    .select({ id: domains.id, name: domains.name, serial: domains.serial })
    .from(domains)
    .where(eq(domains.name, name));
  if (!row) return undefined;
  const [records, keyRows] = await Promise.all([
    zoneRecords(db, row.id),
    db
      .select()
      .from(dnssecKeys)
      .where(eq(dnssecKeys.domainId, row.id))
      .orderBy(asc(dnssecKeys.createdAt), asc(dnssecKeys.id)),
  ]);
  return toPublishedZone(row, records, keyRows.length > 0 ? zoneKeys(await vault(), keyRows) : []);
}

/** Domains a team holds (team deletion is refused while it holds any). */
export async function countDomains(db: Queryable, teamId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(domains)
    .where(eq(domains.teamId, teamId));
  return row?.count ?? 0;
}
