// Importing a BIND zone file: what it would add, which records' ttl it would change, what it refuses and
// how many records are already there — computed the same way for the preview and, under the domain's
// lock, for the apply, which writes it all in one transaction.
//
// A record identical to one in the zone (same name, type and data) is "unchanged", or a "change" when its
// ttl differs. The SOA and the NS records at the apex are skipped (by the shared parser): the server keeps
// its own, and the apex takes no others. A line the parser cannot read, a record the shared rules refuse, one that conflicts with the zone or with an
// earlier line (a CNAME over an existing name), and a repeated line are refused with the reason. One ttl
// per RRset (see record-changes.ts): the first accepted line of a name and type sets it for the others,
// and records already in the zone with that name and type follow (listed as changes).
import { inArray, sql } from 'drizzle-orm';
import type { ZoneImportResult } from '../../src/contract/domains';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { dnsRecords } from '../db/schema';
import type { DomainsConfig } from './config';
import { type RecordRow, toDnsRecord, zoneRecords } from './domain-record';
import type { DomainService } from './domain-service';
import { toCanonical } from './record-changes';
import {
  type CanonicalRecord,
  conflictWith,
  parseZone,
  type RuleRecord,
  recordIdentity,
  ttlChangesFor,
  ZoneIndex,
} from './rules';
import { isOwnApexNs } from './zone-defaults';

interface Refusal {
  line: number;
  text: string;
  reason: string;
}

export interface ImportPlan {
  add: CanonicalRecord[];
  change: { from: RecordRow; to: CanonicalRecord }[];
  refuse: Refusal[];
  unchanged: number;
}

const MAX_LINE_TEXT = 300;

function lineText(lines: readonly string[], line: number): string {
  return (lines[line - 1] ?? '').trimEnd().slice(0, MAX_LINE_TEXT);
}

/** What importing `text` into the zone whose records are `existing` would do. */
export function planImport(
  text: string,
  zone: string,
  existing: readonly RecordRow[],
  config: DomainsConfig,
): ImportPlan {
  const parsed = parseZone(text, zone);
  const lines = text.split(/\r?\n/);
  const refuse: Refusal[] = parsed.refused.map((refusal) => ({
    ...refusal,
    text: refusal.text.slice(0, MAX_LINE_TEXT),
  }));
  const add: CanonicalRecord[] = [];
  const change: ImportPlan['change'] = [];
  let unchanged = 0;

  // The zone as it would stand: existing records, then each accepted line, for the cross-record rules.
  const zoneAfter = new ZoneIndex<RuleRecord>(existing);
  const existingIndex = new ZoneIndex<RecordRow>(existing);
  const firstOfRrset = new Map<string, CanonicalRecord>();
  const lineOf = new Map<string, number>();
  const matched = new Set<string>();

  for (const { line, record: parsedRecord } of parsed.records) {
    // The parser skips the SOA and the apex NS already; kept so our own name servers can never be imported.
    if (isOwnApexNs(config, parsedRecord)) continue;
    const rrset = `${parsedRecord.name} ${parsedRecord.type}`;
    const record = { ...parsedRecord, ttl: firstOfRrset.get(rrset)?.ttl ?? parsedRecord.ttl };
    const identity = recordIdentity(record);
    const earlier = lineOf.get(identity);
    if (earlier !== undefined) {
      refuse.push({
        line,
        text: lineText(lines, line),
        reason: `The same record is already on line ${earlier}.`,
      });
      continue;
    }
    const same = existingIndex.named(record.name).find((row) => recordIdentity(row) === identity);
    if (same) {
      if (same.ttl === record.ttl || same.managed) unchanged += 1;
      else change.push({ from: same, to: record });
      matched.add(same.id);
    } else {
      const conflict = conflictWith(record, zoneAfter);
      if (conflict) {
        refuse.push({ line, text: lineText(lines, line), reason: conflict.message });
        continue;
      }
      add.push(record);
      zoneAfter.add(record);
    }
    lineOf.set(identity, line);
    if (!firstOfRrset.has(rrset)) firstOfRrset.set(rrset, record);
  }

  // Records of the zone in an RRset whose ttl the file sets, that the file does not list itself.
  for (const first of firstOfRrset.values()) {
    for (const row of ttlChangesFor(first, existingIndex)) {
      if (row.managed || matched.has(row.id)) continue;
      change.push({ from: row, to: { ...toCanonical(row), ttl: first.ttl } });
    }
  }

  refuse.sort((a, b) => a.line - b.line);
  return { add, change, refuse, unchanged };
}

function toImported(record: CanonicalRecord) {
  return {
    type: record.type as Exclude<CanonicalRecord['type'], 'SOA'>,
    name: record.name,
    value: record.value,
    ttl: record.ttl,
    priority: record.priority,
    weight: record.weight,
    port: record.port,
  };
}

export function toImportResult(plan: ImportPlan, applied: boolean): ZoneImportResult {
  return {
    add: plan.add.map(toImported),
    change: plan.change.map(({ from, to }) => ({ from: toDnsRecord(from), to: toImported(to) })),
    refuse: plan.refuse,
    unchanged: plan.unchanged,
    applied,
  };
}

export async function previewImport(
  service: DomainService,
  domain: { id: string; name: string },
  text: string,
): Promise<ZoneImportResult> {
  const existing = await zoneRecords(service.db, domain.id);
  return toImportResult(planImport(text, domain.name, existing, service.config), false);
}

/** Rows per INSERT: 10 columns each, well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000;

export async function applyImport(
  service: DomainService,
  input: { teamId: string; domainId: string; actor: AuditActor; text: string },
): Promise<ZoneImportResult> {
  return service.editZone(input.teamId, input.domainId, async (tx, domain, now) => {
    const plan = planImport(input.text, domain.name, await zoneRecords(tx, domain.id), service.config);
    for (let start = 0; start < plan.add.length; start += INSERT_CHUNK) {
      await tx.insert(dnsRecords).values(
        plan.add.slice(start, start + INSERT_CHUNK).map((record) => ({
          ...record,
          domainId: domain.id,
          managed: false,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    // Only ttls change: one statement per new ttl.
    const byTtl = new Map<number, string[]>();
    for (const { from, to } of plan.change) byTtl.set(to.ttl, [...(byTtl.get(to.ttl) ?? []), from.id]);
    for (const [ttl, ids] of byTtl) {
      await tx
        .update(dnsRecords)
        .set({ ttl, version: sql`${dnsRecords.version} + 1`, updatedAt: now })
        .where(inArray(dnsRecords.id, ids));
    }
    const changed = plan.add.length + plan.change.length > 0;
    if (changed) {
      await recordAudit(tx, {
        teamId: input.teamId,
        actor: input.actor,
        action: 'domain.zone_imported',
        target: domain.displayName,
        details: {
          domainId: domain.id,
          added: plan.add.length,
          changed: plan.change.length,
          refused: plan.refuse.length,
          unchanged: plan.unchanged,
        },
        at: now,
      });
    }
    // `from` stays the record as it was before: the answer reads as what the import did.
    return { result: toImportResult(plan, true), changed };
  });
}
