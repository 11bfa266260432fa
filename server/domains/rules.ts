// The server's door to the shared DNS rules (src/domain/dns): the console checks with the same functions
// as you type, so what the server refuses is exactly what the form would have. Nothing here decides a
// rule; it adapts stored rows to the shared functions, turns their answers into problems, and narrows the
// records a candidate is compared with (for speed on zones of 10,000 records) to a superset of those the
// rules look at.
import type { DnsRecordInput } from '@/contract/domains';
import type { FieldError } from '@/contract/problem';
import {
  type CanonicalRecord,
  type Conflict,
  checkRecord,
  findConflict,
  formatZoneFile,
  normalizeZoneName,
  parseZoneFileSteps,
  rrsetTtlChanges,
  type ZoneFileParse,
  type ZoneNameResult,
  type ZoneRecord,
} from '@/domain/dns';
import type { Steps } from '@/domain/steps';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

export type { CanonicalRecord, Conflict, ZoneRecord };

/** A stored record as the shared rules read it (rows carry more: their id, version, …). */
export type RuleRecord = Omit<ZoneRecord, 'type'> & { type: string };

export function normalizeZone(input: string): ZoneNameResult {
  return normalizeZoneName(input);
}

/** Records, refused lines (with the reason) and skipped lines (SOA, apex NS) of a zone file, pausing before each line (see src/domain/steps.ts). */
export function parseZoneSteps(text: string, zone: string): Steps<ZoneFileParse> {
  return parseZoneFileSteps(text, zone);
}

/** The zone as a BIND zone file. */
export function formatZone(domain: { name: string }, records: readonly RuleRecord[]): string {
  return formatZoneFile(domain.name, records as unknown as ZoneRecord[]);
}

/** The canonical record, or a 422 with a message per field (same field names as the input). */
export function checkRecordInput(input: DnsRecordInput, zone: string): CanonicalRecord {
  const checked = checkRecord(input, zone);
  if (checked.ok) return checked.record;
  const errors: FieldError[] = Object.entries(checked.errors).map(([field, message]) => ({
    field,
    message: message as string,
  }));
  throw new ProblemError(422, {
    detail: errors.length === 1 ? errors[0]!.message : t('problem.someFields'),
    errors,
  });
}

/** Same name, type and data (ttl aside): the same record as far as DNS is concerned. */
export function recordIdentity(record: RuleRecord): string {
  return JSON.stringify([
    record.type,
    record.name,
    record.value,
    record.priority,
    record.weight,
    record.port,
  ]);
}

export function sameRecord(a: RuleRecord, b: RuleRecord): boolean {
  return recordIdentity(a) === recordIdentity(b);
}

function isBelow(name: string, parent: string): boolean {
  return parent === '@' ? name !== '@' : name.endsWith(`.${parent}`);
}

/**
 * The records of a zone indexed by name, for the cross-record rules. findConflict compares a candidate
 * with the records at its name, with the delegations (NS below the apex) above it, and, for an NS, with
 * the records below it: relevantTo gives that superset instead of the whole zone.
 */
export class ZoneIndex<R extends RuleRecord> {
  private readonly byName = new Map<string, R[]>();
  private readonly delegations: R[] = [];

  constructor(records: Iterable<R> = []) {
    for (const record of records) this.add(record);
  }

  add(record: R): void {
    const list = this.byName.get(record.name);
    if (list) list.push(record);
    else this.byName.set(record.name, [record]);
    if (record.type === 'NS' && record.name !== '@') this.delegations.push(record);
  }

  remove(record: R): void {
    const list = this.byName.get(record.name);
    if (list)
      this.byName.set(
        record.name,
        list.filter((other) => other !== record),
      );
    const at = this.delegations.indexOf(record);
    if (at >= 0) this.delegations.splice(at, 1);
  }

  named(name: string): readonly R[] {
    return this.byName.get(name) ?? [];
  }

  relevantTo(candidate: { type: string; name: string }): R[] {
    const relevant = new Set<R>([...this.named(candidate.name), ...this.delegations]);
    if (candidate.type === 'NS') {
      for (const [name, list] of this.byName)
        if (isBelow(name, candidate.name)) for (const record of list) relevant.add(record);
    }
    return [...relevant];
  }
}

/** The shared cross-record rules (CNAME exclusivity, identical records, delegations) for `candidate`. */
export function conflictWith<R extends RuleRecord>(
  candidate: CanonicalRecord,
  zone: ZoneIndex<R>,
): Conflict | null {
  return findConflict(candidate, zone.relevantTo(candidate) as unknown as ZoneRecord[]);
}

/** The other records of the candidate's RRset whose ttl changes when it is saved (RFC 2181 §5.2). */
export function ttlChangesFor<R extends RuleRecord>(candidate: CanonicalRecord, zone: ZoneIndex<R>): R[] {
  return rrsetTtlChanges(candidate, zone.named(candidate.name) as unknown as ZoneRecord[]) as unknown as R[];
}
