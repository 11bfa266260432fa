// Rescue mode: the compute boots a small rescue system with its own disk attached as the second disk,
// reached by SSH with the compute's keys or a one-time password; leaving boots it normally again. The rules
// (from which statuses, what a compute in rescue refuses) are in src/domain/compute-lifecycle.ts. Each
// request writes the status, the history and the audit entry in one transaction, then asks the driver; the
// outcome arrives like any transition's.
import { eq } from 'drizzle-orm';
import type { ComputeStatus } from '@/contract/computes';
import { RESCUE_RULE, rescueRefusal, UNRESCUE_RULE, unrescueRefusal } from '@/domain/compute-lifecycle';
import { type AuditActor, reasonDetails, recordAudit } from '../audit/audit-log';
import { computes } from '../db/schema';
import { generateRootPassword, hashRootPassword } from '../drivers/compute/root-password';
import { message, type StoredMessage } from '../i18n/stored-message';
import { refuseWhileVolumesAttached } from './attached-volumes';
import { recordEvent } from './compute-history';
import {
  type ComputeWithCreator,
  findCompute,
  lockComputeWithCreator,
  nextUpdatedAt,
} from './compute-record';
import type { ComputeService } from './compute-service';
import { computeConflict, computeNotFound } from './problems';

export interface RescueInput {
  teamId: string;
  computeId: string;
  actor: AuditActor;
  /** Why the system does it, when it is not the person's request (leaving, for non-payment). */
  reason?: StoredMessage;
}

/**
 * Boots the compute into its rescue system; answers the compute as it begins and the one-time root
 * password, only ever given this once (the server keeps nothing of it; the driver keeps its hash).
 */
export async function enterRescue(
  service: ComputeService,
  input: RescueInput,
): Promise<{ compute: ComputeWithCreator; rootPassword: string }> {
  const { teamId, computeId, actor } = input;
  if (!(await findCompute(service.db, computeId, { teamId }))) throw computeNotFound();
  // Hashing is deliberately slow: done before the transaction so the compute's lock is held briefly.
  const rootPassword = generateRootPassword();
  const rootPasswordHash = await hashRootPassword(rootPassword);
  const now = service.deps.clock.now();
  const written = await service.db.transaction(async (tx) => {
    const locked = await lockComputeWithCreator(tx, teamId, computeId);
    if (!locked) throw computeNotFound();
    const current = locked.row;
    const refused = rescueRefusal(current.status as ComputeStatus);
    if (refused) throw computeConflict(refused);
    await refuseWhileVolumesAttached(tx, computeId, 'rescue');
    // The machine boots (the rescue system): as for powering on, not while the team's balance is empty.
    await service.assertMayStart(tx, teamId);
    const [row] = await tx
      .update(computes)
      .set({ status: RESCUE_RULE.during, updatedAt: nextUpdatedAt(current, now) })
      .where(eq(computes.id, computeId))
      .returning();
    await recordEvent(tx, {
      computeId,
      action: 'rescue',
      actorUserId: actor.userId,
      result: 'in-progress',
      message: message(
        current.authentication === 'ssh-key' ? 'history.compute.rescueKeys' : 'history.compute.rescue',
      ),
      at: now,
    });
    await recordAudit(tx, {
      teamId,
      actor,
      action: 'compute.rescue_entered',
      target: current.hostname,
      details: { computeId, from: current.status },
      at: now,
    });
    return { row: row!, creatorName: locked.creatorName };
  });
  await service.publishCompute(written);
  await service.callDriver(computeId, 'rescue', { rescue: { rootPassword, rootPasswordHash } });
  return { compute: written, rootPassword };
}

/** Leaves rescue mode: the compute boots normally from its own disk. Answers the compute as it begins. */
export async function leaveRescue(service: ComputeService, input: RescueInput): Promise<ComputeWithCreator> {
  const { teamId, computeId, actor, reason } = input;
  const now = service.deps.clock.now();
  const written = await service.db.transaction(async (tx) => {
    const locked = await lockComputeWithCreator(tx, teamId, computeId);
    if (!locked) throw computeNotFound();
    const current = locked.row;
    const refused = unrescueRefusal(current.status as ComputeStatus);
    if (refused) throw computeConflict(refused);
    const [row] = await tx
      .update(computes)
      .set({ status: UNRESCUE_RULE.during, updatedAt: nextUpdatedAt(current, now) })
      .where(eq(computes.id, computeId))
      .returning();
    await recordEvent(tx, {
      computeId,
      action: 'unrescue',
      actorUserId: actor.userId,
      result: 'in-progress',
      message: reason ?? message('history.compute.unrescue'),
      at: now,
    });
    await recordAudit(tx, {
      teamId,
      actor,
      action: 'compute.rescue_left',
      target: current.hostname,
      details: { computeId, ...(reason ? reasonDetails(reason) : {}) },
      at: now,
    });
    return { row: row!, creatorName: locked.creatorName };
  });
  await service.publishCompute(written);
  await service.callDriver(computeId, 'unrescue');
  return written;
}
