// DNSSEC of a team's zone: signing it (a new ECDSA P-256 key, kept encrypted), rolling its key (a second
// key signs alongside until the parent's DS names it), and turning signing off (only once the parent no
// longer publishes a DS: a DS pointing at an unsigned zone makes validating resolvers reject it).
// Each is a zone change: new serial, published by the DNS driver before the transaction commits.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DnssecKey, DomainDnssec, ParentDsStatus } from '@/contract/domains';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { Transaction } from '../db';
import { dnssecKeys } from '../db/schema';
import {
  ALGORITHM_ECDSAP256SHA256,
  CSK_FLAGS,
  dsNamesKey,
  dsOf,
  generateZoneKeyMaterial,
  parseDs,
  presentDnskey,
  presentDs,
  type ZoneKey,
  zoneKeyFrom,
} from '../dns/dnssec/keys';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { createVault, type Vault } from '../identity/secrets';
import type { Queryable } from '../tenancy/team-record';
import type { DomainRow } from './domain-record';
import type { DomainService } from './domain-service';

export type KeyRow = typeof dnssecKeys.$inferSelect;

/** Seals DNSSEC private keys (server/identity/secrets.ts createVault). */
export type KeyVault = Vault;

export function createKeyVault(instanceSecret: string): KeyVault {
  return createVault(instanceSecret, 'ikirere dnssec private keys v1');
}

/** Every key of these domains, oldest first, by domain. */
export async function keysOf(db: Queryable, domainIds: string[]): Promise<Map<string, KeyRow[]>> {
  const byDomain = new Map<string, KeyRow[]>();
  if (domainIds.length === 0) return byDomain;
  const rows = await db
    .select()
    .from(dnssecKeys)
    .where(inArray(dnssecKeys.domainId, domainIds))
    .orderBy(asc(dnssecKeys.createdAt), asc(dnssecKeys.id));
  for (const row of rows) {
    const list = byDomain.get(row.domainId) ?? [];
    list.push(row);
    byDomain.set(row.domainId, list);
  }
  return byDomain;
}

/** The keys the DNS driver signs with. */
export function zoneKeys(vault: KeyVault, rows: KeyRow[]): ZoneKey[] {
  return rows.map((row) => zoneKeyFrom(row.id, vault.open(row.privateKey), row.flags));
}

const publicOf = (row: KeyRow) => ({
  flags: row.flags,
  algorithm: row.algorithm,
  publicKey: Buffer.from(row.publicKey, 'base64'),
});

/** What the parent publishes, compared with our keys (oldest first; the newest is the one to name). */
export function parentDsStatus(
  zone: string,
  keys: KeyRow[],
  found: string[],
  checkedAt: Date | null,
): ParentDsStatus {
  if (!checkedAt) return 'unknown';
  const published = found.map(parseDs).filter((ds) => ds !== undefined);
  if (published.length === 0) return 'absent';
  const named = (row: KeyRow) => published.some((ds) => dsNamesKey(zone, ds, publicOf(row)));
  const newest = keys.at(-1);
  if (newest && named(newest)) return 'published';
  if (keys.some(named)) return 'outdated';
  return 'mismatch';
}

export function dnssecView(domain: DomainRow, keys: KeyRow[]): DomainDnssec {
  const rolling = keys.length > 1;
  return {
    status: keys.length === 0 ? 'unsigned' : rolling ? 'rolling' : 'signed',
    keys: keys.map(
      (row, index): DnssecKey => ({
        keyTag: row.keyTag,
        algorithm: row.algorithm,
        flags: row.flags,
        dnskey: presentDnskey(publicOf(row)),
        ds: row.ds.length > 0 ? row.ds : [presentDs(dsOf(domain.name, publicOf(row)))],
        role: !rolling ? 'current' : index === keys.length - 1 ? 'incoming' : 'outgoing',
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    parent: {
      status: parentDsStatus(domain.name, keys, domain.dsFound, domain.dsCheckedAt),
      found: domain.dsFound,
      checkedAt: domain.dsCheckedAt?.toISOString() ?? null,
    },
  };
}

async function addKey(tx: Transaction, vault: KeyVault, domain: DomainRow, now: Date): Promise<KeyRow> {
  const { pkcs8 } = generateZoneKeyMaterial();
  const key = zoneKeyFrom('new', pkcs8);
  const [row] = await tx
    .insert(dnssecKeys)
    .values({
      domainId: domain.id,
      algorithm: ALGORITHM_ECDSAP256SHA256,
      flags: CSK_FLAGS,
      keyTag: key.keyTag,
      publicKey: key.publicKey.toString('base64'),
      privateKey: vault.seal(pkcs8),
      ds: [],
      createdAt: now,
    })
    .returning();
  return row!;
}

function conflict(title: string, detail: string): ProblemError {
  return new ProblemError(409, { title, detail });
}

interface Change {
  teamId: string;
  domainId: string;
  actor: AuditActor;
}

/** "Sign this zone": a new key, and the zone published signed. */
export async function enableDnssec(service: DomainService, change: Change): Promise<void> {
  await service.editZone(change.teamId, change.domainId, async (tx, domain, now, vault) => {
    const existing = await tx
      .select({ id: dnssecKeys.id })
      .from(dnssecKeys)
      .where(eq(dnssecKeys.domainId, domain.id));
    if (existing.length > 0) return { result: undefined, changed: false };
    const row = await addKey(tx, vault, domain, now);
    await recordAudit(tx, {
      teamId: change.teamId,
      actor: change.actor,
      action: 'domain.dnssec_enabled',
      target: domain.displayName,
      details: { domainId: domain.id, keyTag: row.keyTag, algorithm: row.algorithm },
      at: now,
    });
    return { result: undefined, changed: true };
  });
  await service.recordReportedDs(change.teamId, change.domainId);
}

/** Starts a key roll: a second key signs too; its DS goes to the registrar. */
export async function startKeyRollover(service: DomainService, change: Change): Promise<void> {
  await service.editZone(change.teamId, change.domainId, async (tx, domain, now, vault) => {
    const keys = (await keysOf(tx, [domain.id])).get(domain.id) ?? [];
    if (keys.length === 0)
      throw conflict(
        t('domains.problem.dnssec.notSigned.title'),
        t('domains.problem.dnssec.notSigned.detail'),
      );
    if (keys.length > 1) {
      throw conflict(
        t('domains.problem.dnssec.alreadyRolling.title'),
        t('domains.problem.dnssec.alreadyRolling.detail'),
      );
    }
    // Keys are told apart by age: the new one is always the younger, even within one millisecond.
    const createdAt = new Date(Math.max(now.getTime(), keys[0]!.createdAt.getTime() + 1));
    const row = await addKey(tx, vault, domain, createdAt);
    await recordAudit(tx, {
      teamId: change.teamId,
      actor: change.actor,
      action: 'domain.dnssec_rollover_started',
      target: domain.displayName,
      details: { domainId: domain.id, from: keys[0]!.keyTag, to: row.keyTag },
      at: now,
    });
    return { result: undefined, changed: true };
  });
  await service.recordReportedDs(change.teamId, change.domainId);
}

/**
 * Completes a key roll: the old key stops signing and leaves the DNSKEY set. Refused while the parent
 * still names only the old key (resolvers would then reject the zone); allowed when it names the new
 * key, or publishes no DS at all.
 */
export async function completeKeyRollover(service: DomainService, change: Change): Promise<void> {
  await service.delegation.checkDs(change.domainId);
  await service.editZone(change.teamId, change.domainId, async (tx, domain, now) => {
    const keys = (await keysOf(tx, [domain.id])).get(domain.id) ?? [];
    if (keys.length < 2)
      throw conflict(t('domains.problem.dnssec.noRoll.title'), t('domains.problem.dnssec.noRoll.detail'));
    const status = parentDsStatus(domain.name, keys, domain.dsFound, domain.dsCheckedAt);
    if (status === 'outdated' || status === 'mismatch') {
      throw conflict(
        t('domains.problem.dnssec.oldKeyListed.title'),
        t('domains.problem.dnssec.oldKeyListed.detail', {
          found: domain.dsFound.join(', '),
          keyTag: keys.at(-1)!.keyTag,
        }),
      );
    }
    const old = keys.slice(0, -1);
    await tx.delete(dnssecKeys).where(
      inArray(
        dnssecKeys.id,
        old.map((row) => row.id),
      ),
    );
    await recordAudit(tx, {
      teamId: change.teamId,
      actor: change.actor,
      action: 'domain.dnssec_rollover_completed',
      target: domain.displayName,
      details: { domainId: domain.id, removed: old.map((row) => row.keyTag), current: keys.at(-1)!.keyTag },
      at: now,
    });
    return { result: undefined, changed: true };
  });
}

/**
 * Turns signing off. The parent is asked for DS records first: while it publishes one, the zone is
 * refused (its answers would fail validation). When no resolver answers, `dsRemoved` is the person's
 * word that they removed it.
 */
export async function disableDnssec(
  service: DomainService,
  change: Change & { dsRemoved: boolean },
): Promise<void> {
  const lookup = await service.delegation.checkDs(change.domainId);
  await service.editZone(change.teamId, change.domainId, async (tx, domain, now) => {
    const keys = (await keysOf(tx, [domain.id])).get(domain.id) ?? [];
    if (keys.length === 0) return { result: undefined, changed: false };
    if (lookup.ok && lookup.records.length > 0) {
      throw new ProblemError(409, {
        title: t('domains.problem.dnssec.dsPublished.title'),
        detail: t('domains.problem.dnssec.dsPublished.detail', {
          records: lookup.records.join(', '),
          name: domain.displayName,
        }),
      });
    }
    if (!lookup.ok && !change.dsRemoved) {
      throw new ProblemError(409, {
        title: t('domains.problem.dnssec.parentUnchecked.title'),
        detail: t('domains.problem.dnssec.parentUnchecked.detail', { reason: lookup.reason }),
      });
    }
    await tx.delete(dnssecKeys).where(eq(dnssecKeys.domainId, domain.id));
    await recordAudit(tx, {
      teamId: change.teamId,
      actor: change.actor,
      action: 'domain.dnssec_disabled',
      target: domain.displayName,
      details: {
        domainId: domain.id,
        removed: keys.map((row) => row.keyTag),
        dsCheck: lookup.ok ? 'absent' : 'confirmed by the user',
      },
      at: now,
    });
    return { result: undefined, changed: true };
  });
}
