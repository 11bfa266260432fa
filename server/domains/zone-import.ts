// Importing a BIND zone file: what it would add, which records' ttl it would change, what it refuses and
// how many records are already there — computed the same way for the preview and for the apply, which
// writes the records in batches out of sight and makes them the zone's in one short transaction
// (applyImport).
//
// A record identical to one in the zone (same name, type and data) is "unchanged", or a "change" when its
// ttl differs. The SOA and the NS records at the apex are skipped (by the shared parser): the server keeps
// its own, and the apex takes no others. A line the parser cannot read, a record the shared rules refuse, one that conflicts with the zone or with an
// earlier line (a CNAME over an existing name), and a repeated line are refused with the reason. One ttl
// per RRset (see record-changes.ts): the first accepted line of a name and type sets it for the others,
// and records already in the zone with that name and type follow (listed as changes).
import { randomUUID } from 'node:crypto';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ZoneImportResult } from '@/contract/domains';
import type { Steps } from '@/domain/steps';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { Database } from '../db';
import { dnsRecords, zoneImports } from '../db/schema';
import { t } from '../i18n/t';
import { giveWay, runInSlices } from '../time-slices';
import type { DomainsConfig } from './config';
import { keysOf, zoneKeys } from './dnssec';
import {
  findDomainRow,
  lockDomain,
  type RecordRow,
  toDnsRecord,
  toPublishedZone,
  zoneRecords,
} from './domain-record';
import type { DomainService } from './domain-service';
import { domainNotFound, zoneChangedDuringImport } from './problems';
import { toCanonical } from './record-changes';
import {
  type CanonicalRecord,
  conflictWith,
  parseZoneSteps,
  type RuleRecord,
  recordIdentity,
  ttlChangesFor,
  ZoneIndex,
} from './rules';
import { nextSerial } from './serial';
import { isOwnApexNs, type StoredRecord, soaValue } from './zone-defaults';

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

/** What importing `text` into the zone whose records are `existing` would do, pausing before each line and each record (see src/domain/steps.ts). */
export function* planImportSteps(
  text: string,
  zone: string,
  existing: readonly RecordRow[],
  config: DomainsConfig,
): Steps<ImportPlan> {
  const parsed = yield* parseZoneSteps(text, zone);
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
    yield;
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
        reason: t('domains.problem.import.duplicate', { line: earlier }),
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
    yield;
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
  return toImportResult(
    await runInSlices(planImportSteps(text, domain.name, existing, service.config)),
    false,
  );
}

/** Records written per statement while an import is staged: each batch is a short statement of its own. */
const STAGE_BATCH = 250;
/** Imports planned again when the zone changed between the plan and the apply, before giving up. */
const APPLY_TRIES = 3;
/** An import never applied (its server stopped mid-way) is removed after this long. */
const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Applies a zone file without holding the database, or the event loop, for the length of the import:
 *
 * 1. the zone is read and the file planned outside any transaction, in time slices;
 * 2. the records to add are written in batches of STAGE_BATCH with their import_id set: nobody sees them
 *    (isZoneRecord) while the import is not applied;
 * 3. the zone as it will stand is made ready for the DNS driver (the embedded server indexes it in slices);
 * 4. one short transaction locks the domain, checks its serial is still the one planned against (or plans
 *    again), marks the import applied, changes ttls, writes the audit entry and the new serial, and swaps
 *    the prepared zone in: every record appears at once, with one new serial, or none does;
 * 5. the records' import_id is cleared in batches and the import forgotten.
 *
 * A server stopped in the middle leaves either an unapplied import (removed by cleanUpImports) or an
 * applied one whose records are already the zone's (settled by cleanUpImports).
 */
export async function applyImport(
  service: DomainService,
  input: { teamId: string; domainId: string; actor: AuditActor; text: string },
): Promise<ZoneImportResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await tryApplyImport(service, input);
    if (result) return result;
    if (attempt === APPLY_TRIES) throw zoneChangedDuringImport();
  }
}

/** The import's result, or undefined when the zone changed after it was planned. */
async function tryApplyImport(
  service: DomainService,
  input: { teamId: string; domainId: string; actor: AuditActor; text: string },
): Promise<ZoneImportResult | undefined> {
  const db = service.db;
  const now = service.deps.clock.now();
  const domain = await findDomainRow(db, input.teamId, input.domainId);
  if (!domain) throw domainNotFound();
  const existing = await zoneRecords(db, domain.id);
  const plan = await runInSlices(planImportSteps(input.text, domain.name, existing, service.config));
  if (plan.add.length + plan.change.length === 0) return toImportResult(plan, true);

  const importId = randomUUID();
  const added = plan.add.map(staged);
  let applied = false;
  try {
    if (added.length > 0) {
      await db.insert(zoneImports).values({ id: importId, domainId: domain.id, createdAt: now });
      for (let start = 0; start < added.length; start += STAGE_BATCH) {
        await stageRecords(db, added.slice(start, start + STAGE_BATCH), {
          domainId: domain.id,
          importId,
          now,
        });
        await giveWay();
      }
    }

    const serial = nextSerial(domain.serial, now);
    const newTtl = new Map(plan.change.map(({ from, to }) => [from.id, to.ttl]));
    const after = existing.map((row) => {
      if (row.type === 'SOA') return { ...row, value: soaValue(service.config, domain.name, serial) };
      const ttl = newTtl.get(row.id);
      return ttl === undefined ? row : { ...row, ttl };
    });
    const vault = await service.keyVault();
    const keys = (await keysOf(db, [domain.id])).get(domain.id) ?? [];
    const prepared = await service.prepareZone(
      toPublishedZone({ name: domain.name, serial }, [...after, ...added], zoneKeys(vault, keys)),
    );

    applied = await db.transaction(async (tx) => {
      const locked = await lockDomain(tx, input.teamId, input.domainId);
      if (!locked) throw domainNotFound();
      if (locked.serial !== domain.serial) return false;
      if (added.length > 0)
        await tx.update(zoneImports).set({ appliedAt: now }).where(eq(zoneImports.id, importId));
      // Only ttls change: one statement per new ttl.
      const byTtl = new Map<number, string[]>();
      for (const [id, ttl] of newTtl) byTtl.set(ttl, [...(byTtl.get(ttl) ?? []), id]);
      for (const [ttl, ids] of byTtl) {
        await tx
          .update(dnsRecords)
          .set({ ttl, version: sql`${dnsRecords.version} + 1`, updatedAt: now })
          .where(inArray(dnsRecords.id, ids));
      }
      await recordAudit(tx, {
        teamId: input.teamId,
        actor: input.actor,
        action: 'domain.zone_imported',
        target: locked.displayName,
        details: {
          domainId: locked.id,
          added: plan.add.length,
          changed: plan.change.length,
          refused: plan.refuse.length,
          unchanged: plan.unchanged,
        },
        at: now,
      });
      await service.commitPreparedZone(tx, locked, now, prepared);
      return true;
    });
  } finally {
    if (!applied && added.length > 0) await discardImport(db, importId);
  }
  if (!applied) return undefined;
  // Committed: the team's open consoles show the records (and the zone's new serial) at once.
  await service.deps.live.publishToTeam(input.teamId, {
    type: 'dns-records.changed',
    teamId: input.teamId,
    domainId: input.domainId,
  });
  if (added.length > 0) await settleImport(db, importId);
  // `from` stays the record as it was before: the answer reads as what the import did.
  return toImportResult(plan, true);
}

/** A record of the file on its way into the zone: what is stored, with the id it will keep. */
type StagedRecord = StoredRecord & { id: string };

function staged(record: CanonicalRecord): StagedRecord {
  return {
    id: randomUUID(),
    type: record.type,
    name: record.name,
    value: record.value,
    ttl: record.ttl,
    priority: record.priority ?? null,
    weight: record.weight ?? null,
    port: record.port ?? null,
  };
}

/** One batch of an import's records, in one statement with one parameter for them all. */
async function stageRecords(
  db: Database,
  records: StagedRecord[],
  target: { domainId: string; importId: string; now: Date },
): Promise<void> {
  const at = target.now.toISOString();
  await db.execute(sql`
    insert into dns_records
      (id, domain_id, import_id, type, name, value, ttl, priority, weight, port, managed, version, created_at, updated_at)
    select id, ${target.domainId}::uuid, ${target.importId}::uuid, type, name, value, ttl, priority, weight, port,
      false, 1, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as staged(
      id uuid, type text, name text, value text, ttl int, priority int, weight int, port int)`);
}

/** Runs `statement` (one batch of rows of the import) until it touches no more rows, pausing between. */
async function inBatches(db: Database, statement: SQL): Promise<void> {
  for (;;) {
    const result = await db.execute(statement);
    const touched =
      (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ??
      (result as { rowCount?: number | null }).rowCount ??
      0;
    if (touched === 0) return;
    await giveWay();
  }
}

/** An applied import: its records lose their import_id (they stay the zone's), then the import goes. */
async function settleImport(db: Database, importId: string): Promise<void> {
  await inBatches(
    db,
    sql`update dns_records set import_id = null where id in (select id from dns_records where import_id = ${importId}::uuid limit ${STAGE_BATCH})`,
  );
  await db.delete(zoneImports).where(eq(zoneImports.id, importId));
}

/** An import not applied: its staged records are deleted, then the import. */
async function discardImport(db: Database, importId: string): Promise<void> {
  await inBatches(
    db,
    sql`delete from dns_records where id in (select id from dns_records where import_id = ${importId}::uuid limit ${STAGE_BATCH})`,
  );
  await db.delete(zoneImports).where(eq(zoneImports.id, importId));
}

/**
 * What imports left behind when their server stopped: an applied import is settled, one not applied for
 * an hour is removed with its records. Safe to run on several servers at once.
 */
export async function cleanUpImports(db: Database, now: Date): Promise<number> {
  const left = await db.select().from(zoneImports);
  let cleaned = 0;
  for (const item of left) {
    if (item.appliedAt) await settleImport(db, item.id);
    else if (now.getTime() - item.createdAt.getTime() >= ABANDONED_AFTER_MS) await discardImport(db, item.id);
    else continue;
    cleaned += 1;
  }
  return cleaned;
}
