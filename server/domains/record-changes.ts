// Creating, editing and deleting one record. Each runs inside DomainService.editZone (the domain's row
// lock held), so the cross-record rules of src/domain/dns (CNAME exclusivity, identical records) are
// checked against the zone as it stands and two concurrent requests cannot both pass them.
//
// TTL alignment: the records of one name and type form an RRset, which RFC 2181 §5.2 says has one ttl.
// Saving a record with a ttl gives that ttl to the other records of its RRset too (rrsetTtlChanges of the
// shared rules; each gets a new version), so what the table shows is what resolvers cache.
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { DnsRecord, DnsRecordInput } from '@/contract/domains';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { Transaction } from '../db';
import { dnsRecords } from '../db/schema';
import { ProblemError } from '../http/problem';
import { isUuid } from '../tenancy/guards';
import { isZoneRecord, type RecordRow, toDnsRecord } from './domain-record';
import type { DomainService } from './domain-service';
import { managedRecord, recordNotFound, staleRecord } from './problems';
import {
  type CanonicalRecord,
  checkRecordInput,
  conflictWith,
  sameRecord,
  ttlChangesFor,
  ZoneIndex,
} from './rules';

export interface RecordChangeInput {
  teamId: string;
  domainId: string;
  actor: AuditActor;
}

/**
 * The records of the zone the shared cross-record rules compare `candidate` with (see ZoneIndex.relevantTo):
 * those at its name, the delegations (NS) at the names above it, and for an NS below the apex the records
 * under it. Read through the (domain, name) index, so the cost follows the name, not the zone's size;
 * `without` leaves out the record being edited.
 */
async function relevantRecords(
  tx: Transaction,
  domainId: string,
  candidate: { type: string; name: string },
  without?: string,
): Promise<ZoneIndex<RecordRow>> {
  const sortName = (name: string) => (name === '@' ? '' : name);
  const ancestors = candidate.name === '@' ? [] : ancestorNames(candidate.name);
  const rows = await tx
    .select()
    .from(dnsRecords)
    .where(
      and(
        eq(dnsRecords.domainId, domainId),
        isZoneRecord,
        or(
          eq(dnsRecords.sortName, sortName(candidate.name)),
          ancestors.length > 0
            ? and(eq(dnsRecords.type, 'NS'), inArray(dnsRecords.sortName, ancestors))
            : undefined,
          candidate.type === 'NS' && candidate.name !== '@'
            ? like(dnsRecords.sortName, `%.${escapeLike(candidate.name)}`)
            : undefined,
        ),
      ),
    )
    .orderBy(asc(dnsRecords.sortName), asc(dnsRecords.type), asc(dnsRecords.sortValue), asc(dnsRecords.id));
  return new ZoneIndex(without ? rows.filter((row) => row.id !== without) : rows);
}

/** 'a.b.c' → ['b.c', 'c']: the names (relative to the zone) strictly above a name below the apex. */
function ancestorNames(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1).map((_, index) => labels.slice(index + 1).join('.'));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function refuseConflict(candidate: CanonicalRecord, zone: ZoneIndex<RecordRow>): void {
  const conflict = conflictWith(candidate, zone);
  if (conflict) throw new ProblemError(422, { detail: conflict.message, errors: [conflict] });
}

/** Gives the other records of the candidate's RRset its ttl (each gets a new version); answers how many. */
async function alignRrsetTtl(
  tx: Transaction,
  candidate: CanonicalRecord,
  zone: ZoneIndex<RecordRow>,
  now: Date,
): Promise<number> {
  // The records the server keeps never change through another record (none can join their RRsets anyway).
  const changes = ttlChangesFor(candidate, zone).filter((row) => !row.managed);
  if (changes.length === 0) return 0;
  await tx
    .update(dnsRecords)
    .set({ ttl: candidate.ttl, version: sql`${dnsRecords.version} + 1`, updatedAt: now })
    .where(
      inArray(
        dnsRecords.id,
        changes.map((row) => row.id),
      ),
    );
  return changes.length;
}

/** The record of this zone under a row lock; another zone's id (or a malformed one) is undefined. */
async function findRecord(
  tx: Transaction,
  domainId: string,
  recordId: string,
): Promise<RecordRow | undefined> {
  if (!isUuid(recordId)) return undefined;
  return tx
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.id, recordId), eq(dnsRecords.domainId, domainId), isZoneRecord))
    .for('update')
    .then((rows) => rows[0]);
}

export async function createRecord(
  service: DomainService,
  change: RecordChangeInput & { input: DnsRecordInput },
): Promise<DnsRecord> {
  return service.editZone(change.teamId, change.domainId, async (tx, domain, now) => {
    const record = checkRecordInput(change.input, domain.name);
    const zone = await relevantRecords(tx, domain.id, record);
    refuseConflict(record, zone);
    const aligned = await alignRrsetTtl(tx, record, zone, now);
    const [row] = await tx
      .insert(dnsRecords)
      .values({ ...record, domainId: domain.id, managed: false, version: 1, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      teamId: change.teamId,
      actor: change.actor,
      action: 'domain.record_created',
      target: domain.displayName,
      details: {
        domainId: domain.id,
        recordId: row!.id,
        record,
        ...(aligned > 0 ? { alignedTtl: aligned } : {}),
      },
      at: now,
    });
    return { result: toDnsRecord(row!), changed: true, names: [record.name] };
  });
}

export async function updateRecord(
  service: DomainService,
  change: RecordChangeInput & { recordId: string; input: DnsRecordInput; version: number },
): Promise<DnsRecord> {
  return service.editZone(change.teamId, change.domainId, async (tx, domain, now) => {
    const current = await findRecord(tx, domain.id, change.recordId);
    if (!current) throw recordNotFound();
    if (current.managed) throw managedRecord(current);
    if (current.version !== change.version) throw staleRecord(toDnsRecord(current));
    const record = checkRecordInput(change.input, domain.name);
    if (sameRecord(record, current) && record.ttl === current.ttl) {
      return { result: toDnsRecord(current), changed: false };
    }
    const zone = await relevantRecords(tx, domain.id, record, current.id);
    refuseConflict(record, zone);
    const aligned = await alignRrsetTtl(tx, record, zone, now);
    const [row] = await tx
      .update(dnsRecords)
      .set({ ...record, version: current.version + 1, updatedAt: now })
      .where(eq(dnsRecords.id, current.id))
      .returning();
    await recordAudit(tx, {
      teamId: change.teamId,
      actor: change.actor,
      action: 'domain.record_updated',
      target: domain.displayName,
      details: {
        domainId: domain.id,
        recordId: current.id,
        from: toCanonical(current),
        to: record,
        ...(aligned > 0 ? { alignedTtl: aligned } : {}),
      },
      at: now,
    });
    return { result: toDnsRecord(row!), changed: true, names: [current.name, record.name] };
  });
}

export async function deleteRecord(
  service: DomainService,
  change: RecordChangeInput & { recordId: string },
): Promise<void> {
  await service.editZone(change.teamId, change.domainId, async (tx, domain, now) => {
    const current = await findRecord(tx, domain.id, change.recordId);
    if (!current) throw recordNotFound();
    if (current.managed) throw managedRecord(current);
    await tx.delete(dnsRecords).where(eq(dnsRecords.id, current.id));
    await recordAudit(tx, {
      teamId: change.teamId,
      actor: change.actor,
      action: 'domain.record_deleted',
      target: domain.displayName,
      details: { domainId: domain.id, recordId: current.id, record: toCanonical(current) },
      at: now,
    });
    return { result: undefined, changed: true, names: [current.name] };
  });
}

export function toCanonical(row: RecordRow): CanonicalRecord {
  return {
    type: row.type as CanonicalRecord['type'],
    name: row.name,
    value: row.value,
    ttl: row.ttl,
    priority: row.priority,
    weight: row.weight,
    port: row.port,
  };
}
