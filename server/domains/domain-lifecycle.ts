// Adding a zone and deleting one. A zone is hosted once on the whole server: its name is unique, and a
// zone inside or around another team's zone is refused too (our name servers answer from the most
// specific zone, so such a zone would take over part of someone else's domain). The name servers' own
// zones are refused for the same reason.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DnsRecordInput } from '@/contract/domains';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { dnsRecords, domains } from '../db/schema';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { fieldProblem } from '../tenancy/problems';
import { type DomainRow, isZoneRecord, lockDomain, toPublishedZone, zoneRecords } from './domain-record';
import type { DomainService } from './domain-service';
import { domainNotFound, zoneTaken } from './problems';
import { checkRecordInput, normalizeZone } from './rules';
import { firstSerialOf } from './serial';
import { managedRecords, sampleRecordInputs } from './zone-defaults';

/** The zones our name servers' names live in (ns1.ikirere.test → ikirere.test). */
export function nameServerZones(nameServers: readonly string[]): string[] {
  return [...new Set(nameServers.map((host) => host.split('.').slice(1).join('.')))];
}

function isSameOrInside(name: string, zone: string): boolean {
  return name === zone || name.endsWith(`.${zone}`);
}

/** Every ancestor of a name that could be a zone: a.b.example.rw → b.example.rw, example.rw. */
function ancestorsOf(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1, -1).map((_, index) => labels.slice(index + 1).join('.'));
}

function unique(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

export async function createDomain(
  service: DomainService,
  input: { teamId: string; userId: string; actor: AuditActor; name: string },
): Promise<DomainRow> {
  const { config, deps } = service;
  const normalized = normalizeZone(input.name);
  if (!normalized.ok) throw fieldProblem('name', normalized.message);
  const { name, displayName } = normalized;
  const ownZone = nameServerZones(config.nameServers).find(
    (zone) => isSameOrInside(name, zone) || isSameOrInside(zone, name),
  );
  if (ownZone) {
    throw fieldProblem('name', t('domains.problem.ownNameServers', { name: displayName, zone: ownZone }));
  }
  const keptZone = deps.extraZones?.names.find(
    (zone) => isSameOrInside(name, zone) || isSameOrInside(zone, name),
  );
  if (keptZone) {
    throw fieldProblem('name', t('domains.problem.reverseZone', { name: displayName, zone: keptZone }));
  }
  // Checked before the transaction: the sample records are config, a failure is the operator's to fix.
  const samples = sampleRecordInputs(config).map((sample) =>
    checkRecordInput(sample as DnsRecordInput, name),
  );
  const now = deps.clock.now();
  const serial = firstSerialOf(now);

  // Zone names are letters, digits, hyphens and dots: nothing in them is special to LIKE.
  const nested = [sql`${domains.name} like ${`%.${name}`}`];
  const ancestors = ancestorsOf(name);
  if (ancestors.length > 0) nested.push(inArray(domains.name, ancestors));

  try {
    return await service.db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ name: domains.name })
        .from(domains)
        .where(or(eq(domains.name, name), and(ne(domains.teamId, input.teamId), or(...nested))))
        .limit(1);
      if (clash?.name === name) throw zoneTaken(t('domains.problem.zoneTaken.same', { name: displayName }));
      if (clash) {
        throw zoneTaken(
          isSameOrInside(name, clash.name)
            ? t('domains.problem.zoneTaken.inside', { name: displayName })
            : t('domains.problem.zoneTaken.around', { name: displayName }),
        );
      }
      const [row] = await tx
        .insert(domains)
        .values({
          teamId: input.teamId,
          name,
          displayName,
          serial,
          createdAt: now,
          createdBy: input.userId,
          updatedAt: now,
        })
        .returning();
      const base = { domainId: row!.id, version: 1, createdAt: now, updatedAt: now };
      await tx
        .insert(dnsRecords)
        .values([
          ...managedRecords(config, name, serial).map((record) => ({ ...record, ...base, managed: true })),
          ...samples.map((record) => ({ ...record, ...base, managed: false })),
        ]);
      await recordAudit(tx, {
        teamId: input.teamId,
        actor: input.actor,
        action: 'domain.created',
        target: displayName,
        details: { domainId: row!.id, name },
        at: now,
      });
      await service.publish(tx, toPublishedZone(row!, await zoneRecords(tx, row!.id)));
      return row!;
    });
  } catch (error) {
    // Two teams adding one name at the same instant: the unique index decides, with the same words.
    if (!(error instanceof ProblemError) && unique(error))
      throw zoneTaken(t('domains.problem.zoneTaken.same', { name: displayName }));
    throw error;
  }
}

/** Deletes the zone and its records; the driver stops answering for it before the deletion commits. */
export async function deleteDomain(
  service: DomainService,
  input: { teamId: string; domainId: string; actor: AuditActor; confirmName: string },
): Promise<void> {
  const now = service.deps.clock.now();
  await service.db.transaction(async (tx) => {
    const domain = await lockDomain(tx, input.teamId, input.domainId);
    if (!domain) throw domainNotFound();
    const confirmed = normalizeZone(input.confirmName);
    if (!confirmed.ok || confirmed.name !== domain.name) {
      const both =
        domain.displayName === domain.name ? domain.name : `${domain.displayName} (${domain.name})`;
      throw fieldProblem('confirmName', t('domains.problem.confirmName', { name: both }));
    }
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(dnsRecords)
      .where(and(eq(dnsRecords.domainId, domain.id), isZoneRecord));
    await tx.delete(domains).where(eq(domains.id, domain.id));
    await recordAudit(tx, {
      teamId: input.teamId,
      actor: input.actor,
      action: 'domain.deleted',
      target: domain.displayName,
      details: { domainId: domain.id, name: domain.name, records: count },
      at: now,
    });
    await service.unpublish(tx, domain.name);
  });
}
