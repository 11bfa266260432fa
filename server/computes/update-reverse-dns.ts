// Setting a compute's reverse names (PUT …/computes/:computeId/reverse-dns): each name is checked to
// resolve to its address (reverse-name-check.ts) before anything is written; then, in one transaction, the
// compute row, its history, the team's audit entry and the reverse zone the DNS driver serves.

import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { computes } from '../db/schema';
import { ProblemError } from '../http/problem';
import { message } from '../i18n/stored-message';
import { t } from '../i18n/t';
import { recordEvent } from './compute-history';
import {
  type ComputeWithCreator,
  findCompute,
  lockComputeWithCreator,
  nextUpdatedAt,
} from './compute-record';
import type { ComputeService } from './compute-service';
import { computeConflict, computeNotFound } from './problems';

type Family = 'ipv4' | 'ipv6';
const FAMILIES: Family[] = ['ipv4', 'ipv6'];
const COLUMN = { ipv4: 'reverseIpv4', ipv6: 'reverseIpv6' } as const;
const LABEL = { ipv4: 'IPv4', ipv6: 'IPv6' } as const;

export async function updateReverseDns(
  service: ComputeService,
  change: {
    teamId: string;
    computeId: string;
    /** Parsed by updateReverseDnsRequestSchema: absent leaves a name as it is, null removes it. */
    body: { ipv4?: string | null; ipv6?: string | null };
    actor: AuditActor;
  },
): Promise<ComputeWithCreator> {
  const reverseDns = service.deps.reverseDns;
  const { teamId, computeId, body, actor } = change;
  const found = await findCompute(service.db, computeId, { teamId });
  if (!found) throw computeNotFound();
  if (!reverseDns) throw computeConflict(t('computes.problem.reverseDns.notServed'));

  // Every name is looked up first, outside the transaction (DNS takes time); all reasons at once.
  const errors: { field: string; message: string }[] = [];
  await Promise.all(
    FAMILIES.map(async (family) => {
      const name = body[family];
      if (name === undefined || name === null || name === found.row[COLUMN[family]]) return;
      const address = found.row[family];
      const reason = !address
        ? t('computes.problem.reverseDns.noAddress', { family: LABEL[family] })
        : !reverseDns.zoneOf(address)
          ? t('computes.problem.reverseDns.outside', { address })
          : await reverseDns.check(name, address);
      if (reason) errors.push({ field: family, message: reason });
    }),
  );
  if (errors.length > 0) {
    errors.sort((a, b) => a.field.localeCompare(b.field));
    throw new ProblemError(422, {
      detail: errors.map((error) => error.message).join(' '),
      errors,
    });
  }

  const now = service.deps.clock.now();
  const { result, changed } = await service.db.transaction(async (tx) => {
    const locked = await lockComputeWithCreator(tx, teamId, computeId);
    if (!locked) throw computeNotFound();
    const current = locked.row;
    if (current.status === 'destroying') throw computeConflict(t('computes.problem.destroying'));
    // The addresses the names were checked against must still be the compute's.
    if (current.ipv4 !== found.row.ipv4 || current.ipv6 !== found.row.ipv6) {
      throw computeConflict(t('computes.problem.reverseDns.addressesChanged'));
    }
    const next = {
      reverseIpv4: body.ipv4 === undefined ? current.reverseIpv4 : body.ipv4,
      reverseIpv6: body.ipv6 === undefined ? current.reverseIpv6 : body.ipv6,
    };
    if (next.reverseIpv4 === current.reverseIpv4 && next.reverseIpv6 === current.reverseIpv6) {
      return { result: locked, changed: false };
    }
    const [row] = await tx
      .update(computes)
      .set({ ...next, updatedAt: nextUpdatedAt(current, now) })
      .where(eq(computes.id, current.id))
      .returning();
    const [first, second] = FAMILIES.filter((family) => next[COLUMN[family]] !== current[COLUMN[family]]).map(
      (family) => {
        const name = next[COLUMN[family]];
        const address = current[family] ?? '';
        return name
          ? message('history.compute.reverseDns.set', { address, name })
          : message('history.compute.reverseDns.removed', { address });
      },
    );
    await recordEvent(tx, {
      computeId: current.id,
      action: 'reverse_dns',
      actorUserId: actor.userId,
      result: 'succeeded',
      message: second ? message('history.twoSentences', { first: first!, second }) : first,
      at: now,
    });
    await recordAudit(tx, {
      teamId,
      actor,
      action: 'compute.reverse_dns_changed',
      target: current.hostname,
      details: {
        computeId: current.id,
        from: { ipv4: current.reverseIpv4, ipv6: current.reverseIpv6 },
        to: { ipv4: next.reverseIpv4, ipv6: next.reverseIpv6 },
      },
      at: now,
    });
    // Before the commit: a DNS driver that refuses rolls the change back.
    await reverseDns.publish(tx, [current.ipv4, current.ipv6]);
    return { result: { row: row!, creatorName: locked.creatorName }, changed: true };
  });
  if (changed) await service.publishCompute(result);
  return result;
}
