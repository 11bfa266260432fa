// Restart recovery. A compute whose transition was under way when the server stopped is settled on start:
//   1. its history says the server restarted during the transition (a "recovered" event);
//   2. the driver resumes: the simulator completes the transitions that fell due while it was down and
//      schedules the others (a real hypervisor kept running and simply has the answer);
//   3. every compute still waiting is compared with the machine: an outcome the driver already has is
//      recorded, a request that never reached the driver (the server stopped between the two) is sent
//      again, and a machine that is gone is destroyed or in error.
// Each step is a transaction of its own, so a server killed during recovery recovers the same way next time.
import { and, eq, inArray } from 'drizzle-orm';
import { TRANSITIONAL_STATUSES } from '@/domain/compute-lifecycle';
import { computes } from '../db/schema';
import type { MachineEventListener, Transition } from '../drivers/compute/compute-driver';
import { message } from '../i18n/stored-message';
import { openEvent, recordEvent } from './compute-history';
import type { ComputeService } from './compute-service';
import { transitionOfAction } from './lifecycle';

export async function startComputes(service: ComputeService, listener: MachineEventListener): Promise<void> {
  const { db, driver } = service;
  const { clock, logger } = service.deps;
  await service.statistics.refresh();
  const waiting = await db
    .select({ id: computes.id, status: computes.status })
    .from(computes)
    .where(inArray(computes.status, [...TRANSITIONAL_STATUSES]));

  for (const compute of waiting) {
    await recordEvent(db, {
      computeId: compute.id,
      action: 'recovered',
      actorUserId: null,
      result: 'succeeded',
      message: message('history.compute.recovered', { status: compute.status }),
      at: clock.now(),
    });
  }

  await driver.start(listener);

  for (const { id } of waiting) {
    try {
      await settleOne(service, id);
    } catch (error) {
      logger.error({ err: error, computeId: id }, 'could not recover a compute after the restart');
    }
  }
}

async function settleOne(service: ComputeService, computeId: string): Promise<void> {
  const [row] = await service.db
    .select()
    .from(computes)
    .where(and(eq(computes.id, computeId), inArray(computes.status, [...TRANSITIONAL_STATUSES])));
  if (!row) return;
  const open = await openEvent(service.db, computeId);
  const transition: Transition | undefined =
    (open && transitionOfAction(open.action)) ?? fallbackTransition(row.status);
  if (!transition) return;

  const machine = await service.driver.status(computeId);
  // Still under way: its outcome will be reported like any other.
  if (machine.transition !== null) return;

  const outcome = machine.lastOutcome;
  if (outcome && outcome.transition === transition && (!open || outcome.at.getTime() >= open.at.getTime())) {
    await service.settle(computeId, transition, outcome.ok, outcome.message, machine);
    return;
  }
  if (machine.state === 'absent') {
    if (transition === 'destroy') await service.settle(computeId, transition, true, null, machine);
    else if (transition === 'provision') await service.provision(row);
    else await service.settle(computeId, transition, false, message('history.compute.machineGone'), machine);
    return;
  }
  // The request was recorded but never reached the driver: send it now.
  if (transition === 'provision') {
    await service.settle(computeId, transition, machine.state === 'running', null, machine);
  } else {
    // A resize's new plan is already the compute's (written with its request).
    const plan = row.instanceType as { vcpus: number; memoryMb: number; diskGb: number };
    await service.callDriver(
      computeId,
      transition,
      transition === 'resize'
        ? { size: { vcpus: plan.vcpus, memoryMb: plan.memoryMb, diskGb: plan.diskGb } }
        : {},
    );
  }
}

function fallbackTransition(status: string): Transition | undefined {
  return (
    {
      provisioning: 'provision',
      starting: 'power_on',
      stopping: 'shutdown',
      rebooting: 'reboot',
      rebuilding: 'rebuild',
      resizing: 'resize',
      entering_rescue: 'rescue',
      leaving_rescue: 'unrescue',
      destroying: 'destroy',
    } as const
  )[status as 'provisioning'];
}
