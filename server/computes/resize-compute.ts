// Resizing a compute to another plan (vCPUs and memory up or down, the disk only grows) while it is
// stopped. Everything that can refuse is asked before anything changes: the plan itself (a smaller disk),
// the host's room (the driver's placement), then, in one transaction, the compute's status, the team's
// vCPU ceiling and the prepaid rule. That transaction charges the hours already started at the old rate,
// gives the compute its new plan and writes the history and the audit entry (compute.resized, which keeps
// the old plan: a resize the hypervisor could not complete puts it back). Then the driver resizes the machine.
import { eq } from 'drizzle-orm';
import type { ComputeStatus } from '@/contract/computes';
import { planChangeRefusal, RESIZE_RULE, resizeRefusal } from '@/domain/compute-lifecycle';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { InstanceType } from '../catalog/catalog';
import { computes } from '../db/schema';
import type { MachineSize } from '../drivers/compute/compute-driver';
import { message } from '../i18n/stored-message';
import { t } from '../i18n/t';
import { assertCanUseVcpus } from '../tenancy/limits';
import { fieldProblem } from '../tenancy/problems';
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
import { RESIZED_AUDIT_ACTION } from './resize-record';

function sizeOf(plan: { vcpus: number; memoryMb: number; diskGb: number }): MachineSize {
  return { vcpus: plan.vcpus, memoryMb: plan.memoryMb, diskGb: plan.diskGb };
}

function describe(plan: Record<string, unknown>): string {
  return typeof plan.name === 'string' ? plan.name : String(plan.id);
}

export async function requestResize(
  service: ComputeService,
  teamId: string,
  computeId: string,
  instanceTypeId: string,
  actor: AuditActor,
): Promise<ComputeWithCreator> {
  const { catalog, clock, driver, startPolicy } = service.deps;
  const found = await findCompute(service.db, computeId, { teamId });
  if (!found) throw computeNotFound();
  const plan = catalog.instanceType(instanceTypeId);
  if (!plan) throw fieldProblem('instanceTypeId', t('computes.problem.choosePlan'));
  const current = found.row.instanceType as unknown as InstanceType;
  const planRefusal = planChangeRefusal(current, plan);
  if (planRefusal) throw fieldProblem('instanceTypeId', planRefusal);
  const statusRefusal = resizeRefusal(found.row.status as ComputeStatus);
  if (statusRefusal) throw computeConflict(statusRefusal);
  await assertCanUseVcpus(service.db, teamId, plan.vcpus, 'instanceTypeId');
  // A host without room for the new size refuses before anything changes (its current size counts as freed).
  const room = await driver.refuseResize?.(computeId, sizeOf(plan));
  if (room) throw fieldProblem(room.field, room.message);

  const now = clock.now();
  const written = await service.db.transaction(async (tx) => {
    // The hours already started are charged at the old rate first: the new one applies from the next hour.
    await startPolicy?.chargeStartedHours(tx, teamId, computeId, now);
    const locked = await lockComputeWithCreator(tx, teamId, computeId);
    if (!locked) throw computeNotFound();
    const row = locked.row;
    const from = row.instanceType;
    const again = resizeRefusal(row.status as ComputeStatus);
    if (again) throw computeConflict(again);
    await refuseWhileVolumesAttached(tx, computeId, 'resize');
    const changed = planChangeRefusal(from as unknown as InstanceType, plan);
    if (changed) throw fieldProblem('instanceTypeId', changed);
    await assertCanUseVcpus(tx, teamId, plan.vcpus, 'instanceTypeId');
    const refusal = await startPolicy?.resizeRefusal(
      tx,
      teamId,
      now,
      from,
      plan as unknown as Record<string, unknown>,
    );
    if (refusal) throw refusal;
    const [updated] = await tx
      .update(computes)
      .set({
        status: RESIZE_RULE.during,
        instanceType: plan as unknown as Record<string, unknown>,
        vcpus: plan.vcpus,
        updatedAt: nextUpdatedAt(row, now),
      })
      .where(eq(computes.id, computeId))
      .returning();
    await recordEvent(tx, {
      computeId,
      action: 'resize',
      actorUserId: actor.userId,
      result: 'in-progress',
      message: message('history.compute.resize', { from: describe(from), to: plan.name }),
      at: now,
    });
    await recordAudit(tx, {
      teamId,
      actor,
      action: RESIZED_AUDIT_ACTION,
      target: row.hostname,
      details: { computeId, from: from.id, to: plan.id, previousPlan: from },
      at: now,
    });
    return { row: updated!, creatorName: locked.creatorName };
  });
  await service.publishCompute(written);
  await service.callDriver(computeId, 'resize', { size: sizeOf(plan) });
  return written;
}
