// A team's volumes: made, attached to a compute of their location (hot-plugged while it runs), detached,
// grown and deleted. Each change is claimed on the volume's row first (its operation), so a second change
// meanwhile is refused; the hypervisor is asked outside any transaction (it takes seconds); then the
// result, the volume's history, the compute's history and the team's audit log are written in one
// transaction and the team's open consoles are told. A refused or failed change leaves the volume as it was,
// and a volume whose disk could not be made is not kept.
import { randomUUID } from 'node:crypto';
import { and, count, eq, ne, or } from 'drizzle-orm';
import {
  type CreateVolumeRequest,
  computeTakesVolumes,
  type Volume,
  type VolumeEvent,
  type VolumeOperation,
} from '@/contract/volumes';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { StorageMeter } from '../billing/storage-meters';
import type { Catalog } from '../catalog/catalog';
import type { Database } from '../db';
import { computeEvents, computes, volumeEvents, volumes } from '../db/schema';
import {
  type ComputeDriver,
  MachineStateError,
  type VolumeDriver,
  type VolumeSpec,
} from '../drivers/compute/compute-driver';
import { ProblemError } from '../http/problem';
import { message, type StoredMessage, toColumns } from '../i18n/stored-message';
import { t } from '../i18n/t';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { fieldProblem } from '../tenancy/problems';
import type { Queryable } from '../tenancy/team-record';
import { computeNotFound, volumeConflict, volumeNotFound, volumesUnsupported } from './problems';
import {
  findVolume,
  historyOf,
  listVolumes,
  lockLiveCompute,
  lockVolume,
  toVolume,
  type VolumeRow,
  type VolumeWithCompute,
} from './volume-record';

export interface VolumeServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  catalog: Catalog;
  driver: ComputeDriver;
  /** Billing's meter: a volume is charged from its create request until it is deleted, at each size. */
  meter: StorageMeter;
}

export interface Caller {
  teamId: string;
  actor: AuditActor;
}

/** A change claimed longer ago than this was lost with a server that stopped: the volume takes another. */
export const STALE_OPERATION_MS = 5 * 60_000;
/** How many volumes one compute takes (virtio disks vdb…vdi). */
export const MAX_VOLUMES_PER_COMPUTE = 8;

function specOf(row: VolumeRow): VolumeSpec {
  return { id: row.id, sizeGb: row.sizeGb, locationId: row.locationId };
}

export class VolumeService {
  constructor(readonly deps: VolumeServiceDeps) {}

  get db(): Database {
    return this.deps.db;
  }

  private get driver(): VolumeDriver {
    const volumesOfDriver = this.deps.driver.volumes;
    if (!volumesOfDriver) throw volumesUnsupported();
    return volumesOfDriver;
  }

  /** simulated: the simulator keeps volumes as metadata; host: real disks on the hypervisor. */
  get storage(): 'host' | 'simulated' {
    return this.deps.driver.info.kind === 'simulator' ? 'simulated' : 'host';
  }

  async list(teamId: string, computeId?: string): Promise<Volume[]> {
    return (await listVolumes(this.db, teamId, computeId)).map(toVolume);
  }

  async read(teamId: string, volumeId: string): Promise<{ volume: Volume; history: VolumeEvent[] }> {
    const found = await findVolume(this.db, teamId, volumeId);
    if (!found) throw volumeNotFound();
    return { volume: toVolume(found), history: await historyOf(this.db, volumeId) };
  }

  // ── Create ──

  async create(caller: Caller, input: CreateVolumeRequest): Promise<Volume> {
    const driver = this.driver;
    const location = this.deps.catalog.location(input.locationId);
    if (!location) throw fieldProblem('locationId', t('computes.problem.chooseLocation'));
    if (!location.available) {
      throw fieldProblem('locationId', t('volumes.problem.locationClosed', { location: location.name }));
    }
    const now = this.deps.clock.now();
    const [claimed] = await this.db
      .insert(volumes)
      .values({
        id: randomUUID(),
        teamId: caller.teamId,
        name: input.name,
        sizeGb: input.sizeGb,
        locationId: input.locationId,
        operation: 'creating',
        operationSince: now,
        createdBy: caller.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const row = claimed!;
    await this.publish({ row, compute: null });
    try {
      await driver.create(specOf(row));
    } catch (error) {
      await this.db.delete(volumes).where(eq(volumes.id, row.id));
      await this.publishDeleted(caller.teamId, row.id);
      throw this.refusal(error, 'made', row.id);
    }
    return this.settle(caller, row.id, async (tx, at) => {
      const [done] = await tx
        .update(volumes)
        .set({ operation: null, operationSince: null, updatedAt: at })
        .where(eq(volumes.id, row.id))
        .returning();
      await this.deps.meter.start(tx, {
        id: row.id,
        teamId: row.teamId,
        kind: 'volume',
        name: row.name,
        sizeGb: row.sizeGb,
        at: row.createdAt,
      });
      const said = message('history.volume.created', { size: row.sizeGb, location: location.name });
      await this.record(tx, caller, done!, 'created', said, at, {
        sizeGb: row.sizeGb,
        locationId: row.locationId,
      });
    });
  }

  // ── Attach, detach ──

  async attach(caller: Caller, volumeId: string, computeId: string): Promise<Volume> {
    const driver = this.driver;
    const { row, compute } = await this.claim(caller, volumeId, 'attaching', async (tx, current) => {
      if (current.compute) {
        throw volumeConflict(
          current.compute.id === computeId
            ? t('volumes.problem.alreadyAttached', { hostname: current.compute.hostname })
            : t('volumes.problem.attachedElsewhere', { hostname: current.compute.hostname }),
        );
      }
      const target = await lockLiveCompute(tx, caller.teamId, computeId);
      if (!target) throw computeNotFound();
      if (target.locationId !== current.row.locationId) {
        const where = (id: string) => this.deps.catalog.locationOrRetired(id).name;
        throw fieldProblem(
          'computeId',
          t('volumes.problem.otherLocation', {
            hostname: target.hostname,
            computeLocation: where(target.locationId),
            volumeLocation: where(current.row.locationId),
          }),
          { status: 409 },
        );
      }
      refuseStatus(target);
      const [held] = await tx
        .select({ n: count() })
        .from(volumes)
        .where(
          and(
            ne(volumes.id, volumeId),
            or(eq(volumes.computeId, computeId), eq(volumes.operationComputeId, computeId)),
          ),
        );
      if ((held?.n ?? 0) >= MAX_VOLUMES_PER_COMPUTE) {
        throw fieldProblem(
          'computeId',
          t('volumes.problem.computeFull', { hostname: target.hostname, most: MAX_VOLUMES_PER_COMPUTE }),
          { status: 409 },
        );
      }
      return { operationComputeId: target.id, compute: target };
    });
    try {
      await driver.attach(specOf(row), computeId);
    } catch (error) {
      await this.release(row);
      throw this.refusal(error, 'attached', row.id);
    }
    return this.settle(caller, volumeId, async (tx, at) => {
      const [done] = await tx
        .update(volumes)
        .set({ computeId, operation: null, operationComputeId: null, operationSince: null, updatedAt: at })
        .where(eq(volumes.id, volumeId))
        .returning();
      const said = message('history.volume.attached', { hostname: compute!.hostname });
      await this.record(tx, caller, done!, 'attached', said, at, {
        computeId,
        hostname: compute!.hostname,
      });
      await computeHistory(
        tx,
        computeId,
        caller,
        message('history.compute.volumeAttached', { name: row.name, size: row.sizeGb }),
        at,
      );
    });
  }

  async detach(caller: Caller, volumeId: string): Promise<Volume> {
    const driver = this.driver;
    const { row, compute } = await this.claim(caller, volumeId, 'detaching', async (tx, current) => {
      if (!current.compute) throw volumeConflict(t('volumes.problem.notAttached'));
      const target = await lockLiveCompute(tx, caller.teamId, current.compute.id);
      if (!target) throw volumeConflict(t('volumes.problem.notAttached'));
      refuseStatus(target);
      return { compute: target };
    });
    try {
      await driver.detach(specOf(row), compute!.id);
    } catch (error) {
      await this.release(row);
      throw this.refusal(error, 'detached', row.id);
    }
    return this.settle(caller, volumeId, async (tx, at) => {
      const [done] = await tx
        .update(volumes)
        .set({ computeId: null, operation: null, operationSince: null, updatedAt: at })
        .where(eq(volumes.id, volumeId))
        .returning();
      const said = message('history.volume.detached', { hostname: compute!.hostname });
      await this.record(tx, caller, done!, 'detached', said, at, {
        computeId: compute!.id,
        hostname: compute!.hostname,
      });
      await computeHistory(
        tx,
        compute!.id,
        caller,
        message('history.compute.volumeDetached', { name: row.name }),
        at,
      );
    });
  }

  // ── Grow, delete ──

  async grow(caller: Caller, volumeId: string, sizeGb: number): Promise<Volume> {
    const driver = this.driver;
    const { row, compute } = await this.claim(caller, volumeId, 'growing', async (tx, current) => {
      if (sizeGb <= current.row.sizeGb) {
        throw fieldProblem('sizeGb', t('volumes.problem.onlyGrows', { size: current.row.sizeGb }));
      }
      if (!current.compute) return {};
      const target = await lockLiveCompute(tx, caller.teamId, current.compute.id);
      if (target) refuseStatus(target);
      return { compute: target };
    });
    try {
      await driver.grow(specOf(row), sizeGb, compute?.id ?? null);
    } catch (error) {
      await this.release(row);
      throw this.refusal(error, 'grown', row.id);
    }
    return this.settle(caller, volumeId, async (tx, at) => {
      const [done] = await tx
        .update(volumes)
        .set({ sizeGb, operation: null, operationSince: null, updatedAt: at })
        .where(eq(volumes.id, volumeId))
        .returning();
      await this.deps.meter.resize(tx, volumeId, sizeGb, at);
      const said = message('history.volume.grown', { from: row.sizeGb, to: sizeGb });
      await this.record(tx, caller, done!, 'grown', said, at, { from: row.sizeGb, to: sizeGb });
    });
  }

  async remove(caller: Caller, volumeId: string): Promise<void> {
    const driver = this.driver;
    const { row } = await this.claim(caller, volumeId, 'deleting', async (_tx, current) => {
      if (current.compute) {
        throw volumeConflict(t('volumes.problem.deleteAttached', { hostname: current.compute.hostname }));
      }
      return {};
    });
    try {
      await driver.remove(specOf(row));
    } catch (error) {
      await this.release(row);
      throw this.refusal(error, 'deleted', row.id);
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(volumes).where(eq(volumes.id, volumeId));
      await this.deps.meter.end(tx, volumeId, this.deps.clock.now());
      await recordAudit(tx, {
        teamId: caller.teamId,
        actor: caller.actor,
        action: 'volume.deleted',
        target: row.name,
        details: { volumeId, sizeGb: row.sizeGb, locationId: row.locationId },
        at: this.deps.clock.now(),
      });
    });
    await this.publishDeleted(caller.teamId, volumeId);
  }

  // ── The parts every change shares ──

  /**
   * Locks the volume, refuses a change while another is under way, lets `check` refuse with the reason (and
   * name the compute), then marks the operation; answers the row as it was, and the compute.
   */
  private async claim(
    caller: Caller,
    volumeId: string,
    operation: VolumeOperation,
    check: (
      tx: Queryable,
      current: VolumeWithCompute,
    ) => Promise<{ operationComputeId?: string; compute?: { id: string; hostname: string } | undefined }>,
  ) {
    const now = this.deps.clock.now();
    const claimed = await this.db.transaction(async (tx) => {
      const current = await lockVolume(tx, caller.teamId, volumeId);
      if (!current) throw volumeNotFound();
      const since = current.row.operationSince?.getTime() ?? 0;
      if (current.row.operation && now.getTime() - since < STALE_OPERATION_MS) {
        throw volumeConflict(
          t('volumes.problem.busy', { operation: current.row.operation as VolumeOperation }),
        );
      }
      const decided = await check(tx, current);
      const [row] = await tx
        .update(volumes)
        .set({
          operation,
          operationComputeId: decided.operationComputeId ?? null,
          operationSince: now,
          updatedAt: now,
        })
        .where(eq(volumes.id, volumeId))
        .returning();
      return { row: row!, was: current, compute: decided.compute };
    });
    await this.publish({ row: claimed.row, compute: claimed.was.compute });
    return { row: claimed.was.row, compute: claimed.compute };
  }

  /** The claim given back after a refusal or failure: the volume as it was. */
  private async release(row: VolumeRow): Promise<void> {
    const [back] = await this.db
      .update(volumes)
      .set({ operation: null, operationComputeId: null, operationSince: null })
      .where(eq(volumes.id, row.id))
      .returning();
    if (back) {
      const found = await findVolume(this.db, back.teamId, back.id);
      if (found) await this.publish(found);
    }
  }

  private async settle(
    caller: Caller,
    volumeId: string,
    write: (tx: Queryable, at: Date) => Promise<void>,
  ): Promise<Volume> {
    const at = this.deps.clock.now();
    await this.db.transaction((tx) => write(tx, at));
    const found = await findVolume(this.db, caller.teamId, volumeId);
    if (!found) throw volumeNotFound();
    await this.publish(found);
    return toVolume(found);
  }

  private refusal(error: unknown, what: VolumeAction, volumeId: string): ProblemError {
    if (error instanceof ProblemError) return error;
    if (error instanceof MachineStateError) {
      return volumeConflict(t('volumes.problem.driverRefused', { what, reason: error.message }));
    }
    this.deps.logger.error({ err: error, volumeId }, `the volume could not be ${what}`);
    return new ProblemError(502, {
      title: t('volumes.problem.driverFailed.title'),
      detail: t('volumes.problem.driverFailed.detail', { what }),
    });
  }

  private async record(
    tx: Queryable,
    caller: Caller,
    row: VolumeRow,
    action: VolumeEvent['action'],
    said: StoredMessage,
    at: Date,
    details: Record<string, unknown>,
  ): Promise<void> {
    const { message: text, ...ids } = toColumns(said);
    await tx.insert(volumeEvents).values({
      volumeId: row.id,
      action,
      actorUserId: caller.actor.userId,
      message: text ?? '',
      ...ids,
      at,
    });
    await recordAudit(tx, {
      teamId: caller.teamId,
      actor: caller.actor,
      action: `volume.${action}`,
      target: row.name,
      details: { volumeId: row.id, ...details },
      at,
    });
  }

  private async publish(found: VolumeWithCompute): Promise<void> {
    if (!this.deps.live.listening) return;
    await this.deps.live.publishToTeam(found.row.teamId, { type: 'volume.updated', volume: toVolume(found) });
  }

  private async publishDeleted(teamId: string, volumeId: string): Promise<void> {
    if (!this.deps.live.listening) return;
    await this.deps.live.publishToTeam(teamId, { type: 'volume.deleted', teamId, volumeId });
  }
}

/** A compute takes or gives up a volume only at rest, running or stopped. */
/** What a driver failure was doing, in the refusal's words. */
type VolumeAction = 'made' | 'attached' | 'detached' | 'grown' | 'deleted';

function refuseStatus(compute: { hostname: string; status: string }): void {
  if (computeTakesVolumes(compute.status)) return;
  throw fieldProblem(
    'computeId',
    t('volumes.problem.computeStatus', { hostname: compute.hostname, status: compute.status }),
    { status: 409 },
  );
}

/** A line in the compute's history: it records what happened, nothing stays open. */
async function computeHistory(
  tx: Queryable,
  computeId: string,
  caller: Caller,
  said: StoredMessage,
  at: Date,
) {
  const [exists] = await tx.select({ id: computes.id }).from(computes).where(eq(computes.id, computeId));
  if (!exists) return;
  await tx.insert(computeEvents).values({
    computeId,
    action: 'volume',
    actorUserId: caller.actor.userId,
    result: 'succeeded',
    ...toColumns(said),
    at,
    completedAt: at,
  });
}
