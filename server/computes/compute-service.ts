// The control plane of computes: it changes a compute's status and history in one transaction, asks the
// driver to act, settles what the driver reports back, and publishes every change to the team's open
// sockets. Routes (computes.routes.ts, compute-actions.routes.ts), restart recovery (reconcile.ts) and the
// console socket all go through it.
import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { ComputeStatus, PowerAction } from '@/contract/computes';
import { mayChangeOnItsOwn, POWER_RULES, powerActionRefusal, statusDuring } from '@/domain/compute-lifecycle';
import { type AuditActor, reasonDetails, recordAudit } from '../audit/audit-log';
import type { Catalog } from '../catalog/catalog';
import type { Database, Transaction } from '../db';
import { computes, teamMembers } from '../db/schema';
import {
  type ComputeDriver,
  DriverCapacityError,
  type MachineEvent,
  type MachineSize,
  type MachineSpec,
  MachineStateError,
  type MachineStatus,
  type RescueAccess,
  type Transition,
} from '../drivers/compute/compute-driver';
import type { AppEnv } from '../http/env';
import { message, type StoredMessage } from '../i18n/stored-message';
import { t } from '../i18n/t';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { isUuid } from '../tenancy/guards';
import { fieldProblem } from '../tenancy/problems';
import { ACTIVE } from '../tenancy/team-record';
import { closeEvents, openEvent, recordEvent } from './compute-history';
import {
  type ComputeRow,
  type ComputeWithCreator,
  findCompute,
  isLive,
  lockCompute,
  lockComputeWithCreator,
  nextUpdatedAt,
  toCompute,
} from './compute-record';
import { historyActionOf, statusAfter, transitionOfAction } from './lifecycle';
import { machineSpecOf } from './machine-spec';
import { computeConflict, computeNotFound } from './problems';
import { startComputes } from './reconcile';
import { leaveRescue } from './rescue-compute';
import { planBeforeResize } from './resize-record';
import type { ReverseDns } from './reverse-dns';
import type { StartPolicy } from './start-policy';
import { ComputeStatistics } from './statistics';
import type { TeamImageSource } from './team-image-source';

export interface ComputeServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  driver: ComputeDriver;
  live: LiveUpdates;
  /** Whether the team may start or create computes now (billing: not while its balance is empty). */
  startPolicy?: StartPolicy;
  /** The reverse zones of the address blocks (reverse-dns.ts); absent: no reverse DNS is served. */
  reverseDns?: ReverseDns;
}

const ABSENT: MachineStatus = {
  state: 'absent',
  transition: null,
  ipv4: null,
  ipv6: null,
  lastOutcome: null,
};

/** The SSH port and acceleration a driver reported, as compute columns (only those it reported). */
function extrasOf(machine: { sshPort?: number | null; acceleration?: string | null }) {
  return {
    ...(machine.sshPort === undefined ? {} : { sshPort: machine.sshPort }),
    ...(machine.acceleration === undefined ? {} : { acceleration: machine.acceleration }),
  };
}

export class ComputeService {
  private starting: Promise<void> | undefined;
  private readonly tagsListeners: Array<(computeId: string) => Promise<void>> = [];
  private readonly destroyedListeners: Array<(computeId: string) => Promise<void>> = [];
  readonly statistics: ComputeStatistics;
  /** The team images computes may be made from (server/images, connected by app.ts); none: catalog only. */
  teamImages: TeamImageSource | undefined;

  constructor(readonly deps: ComputeServiceDeps) {
    this.statistics = new ComputeStatistics(deps.db, deps.logger);
  }

  get db(): Database {
    return this.deps.db;
  }

  connectTeamImages(source: TeamImageSource): void {
    this.teamImages = source;
  }

  /** The machine a compute asks for, with its team image's file when made from one. */
  specOf(row: ComputeRow): MachineSpec {
    return machineSpecOf(this.deps.catalog, row, this.teamImages && ((id) => this.teamImages!.fileOf(id)));
  }

  get driver(): ComputeDriver {
    return this.deps.driver;
  }

  /** Resumes the driver and settles what a restart interrupted; the first call does it, later ones wait for it. */
  start(): Promise<void> {
    this.starting ??= startComputes(this, (event) => this.handleEvent(event)).catch((error: unknown) => {
      // A failed start (the database away) is tried again by the next request, not remembered.
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  async close(): Promise<void> {
    await this.starting?.catch(() => {});
    await this.statistics.settled();
    await this.deps.driver.stop();
  }

  /** Middleware for the compute routes: the service started (once) before their handlers run. */
  readonly started: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await this.start();
    await next();
  };

  /** Sends the compute as it now stands (or its removal) to the team's open sockets. */
  async publish(computeId: string): Promise<void> {
    if (!this.deps.live.listening) return;
    const found = await findCompute(this.db, computeId, { includeDestroyed: true });
    if (found) await this.publishCompute(found);
  }

  /** Sends this compute (as just written) to the team's open sockets. */
  async publishCompute(found: ComputeWithCreator): Promise<void> {
    if (!this.deps.live.listening) return;
    const { teamId, status } = found.row;
    await this.deps.live.publishToTeam(
      teamId,
      status === 'destroyed'
        ? { type: 'compute.deleted', teamId, computeId: found.row.id }
        : { type: 'compute.updated', compute: toCompute(this.deps.catalog, found) },
    );
  }

  async handleEvent(event: MachineEvent): Promise<void> {
    if (event.type === 'machine.changed') {
      await this.noteChanged(event.machineId, event.status, event.message);
      return;
    }
    const ok = event.type === 'transition.completed';
    await this.settle(event.machineId, event.transition, ok, ok ? null : event.message, event.status);
  }

  /**
   * Records how a transition ended, once: a compute no longer waiting for it (already settled, or
   * destroyed meanwhile) is left alone, so a repeated or late report changes nothing.
   */
  async settle(
    computeId: string,
    transition: Transition,
    ok: boolean,
    outcome: StoredMessage | null,
    machine: MachineStatus,
  ): Promise<boolean> {
    const now = this.deps.clock.now();
    const settled = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(computes).where(eq(computes.id, computeId)).for('update');
      if (!row || row.status !== statusDuring(transition)) return undefined;
      // Shutdown and power off both show "stopping": the open event says which one is awaited.
      const open = await openEvent(tx, computeId);
      if (open && transitionOfAction(open.action) !== transition) return undefined;
      const status = statusAfter(machine, transition, ok);
      // A resize that did not complete left the machine its old size: the compute keeps its old plan.
      const previousPlan =
        transition === 'resize' && !ok ? await planBeforeResize(tx, row.teamId, computeId) : undefined;
      await tx
        .update(computes)
        .set({
          status,
          ipv4: machine.ipv4 ?? row.ipv4,
          ipv6: machine.ipv6 ?? row.ipv6,
          ...extrasOf(machine),
          ...(previousPlan ? { instanceType: previousPlan, vcpus: Number(previousPlan.vcpus) } : {}),
          updatedAt: nextUpdatedAt(row, now),
          destroyedAt: status === 'destroyed' ? now : null,
        })
        .where(eq(computes.id, computeId));
      await closeEvents(tx, computeId, {
        action: historyActionOf(transition),
        result: ok ? 'succeeded' : 'failed',
        message: outcome,
        at: now,
      });
      return { gone: status === 'destroyed' ? [row.ipv4, row.ipv6] : undefined };
    });
    if (!settled) return false;
    // A destroyed compute's addresses go back to the pool with no PTR left in the reverse zones.
    if (settled.gone) await this.deps.reverseDns?.refresh(this.db, settled.gone);
    await this.publish(computeId);
    if (settled.gone) {
      for (const listener of this.destroyedListeners) {
        await listener(computeId).catch((error: unknown) =>
          this.deps.logger.error({ err: error, computeId }, 'a destroyed compute was not let go everywhere'),
        );
      }
    }
    return true;
  }

  /**
   * The machine changed at rest on its own (its operating system shut it down, someone used the
   * hypervisor directly): the compute shows it, with a history entry saying so. A compute mid-transition
   * is left to the transition's own outcome.
   */
  async noteChanged(computeId: string, machine: MachineStatus, said: StoredMessage): Promise<void> {
    if (machine.state === 'absent' || machine.state === 'provisioning') return;
    const state = machine.state;
    const now = this.deps.clock.now();
    const changed = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(computes).where(eq(computes.id, computeId)).for('update');
      if (!row || !mayChangeOnItsOwn(row.status as ComputeStatus, state)) return false;
      await tx
        .update(computes)
        .set({ status: state, ...extrasOf(machine), updatedAt: nextUpdatedAt(row, now) })
        .where(eq(computes.id, computeId));
      await recordEvent(tx, {
        computeId,
        action: 'changed_outside',
        actorUserId: null,
        result: 'succeeded',
        message: said,
        at: now,
      });
      return true;
    });
    if (changed) await this.publish(computeId);
  }

  /**
   * An operator moved the compute to another hypervisor host (a drained host's stopped compute): its SSH
   * port may have changed; its history and its team's audit log say so, without naming hosts.
   */
  async noteMoved(computeId: string, actor: AuditActor): Promise<void> {
    const machine = await this.driver.status(computeId);
    const now = this.deps.clock.now();
    const moved = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(computes).where(eq(computes.id, computeId)).for('update');
      if (!row) return false;
      await tx
        .update(computes)
        .set({ ...extrasOf(machine), updatedAt: nextUpdatedAt(row, now) })
        .where(eq(computes.id, computeId));
      await recordEvent(tx, {
        computeId,
        action: 'changed_outside',
        actorUserId: null,
        result: 'succeeded',
        message: message('history.compute.moved'),
        at: now,
      });
      await recordAudit(tx, {
        teamId: row.teamId,
        actor,
        action: 'compute.moved',
        target: row.hostname,
        details: { computeId, ...reasonDetails(message('history.audit.hostDrained')) },
        at: now,
      });
      return true;
    });
    if (moved) await this.publish(computeId);
  }

  /**
   * 402 when the prepaid rule refuses (inside the transaction that would start one): creating needs the
   * plan's first hour in the balance (`plan` given), powering on a balance above zero.
   */
  async assertMayStart(tx: Transaction, teamId: string, plan?: Record<string, unknown>): Promise<void> {
    const refusal = await this.deps.startPolicy?.startRefusal(tx, teamId, this.deps.clock.now(), plan);
    if (refusal) throw refusal;
  }

  /**
   * Leaves rescue mode (the compute boots normally). `reason`: why the system does it (e.g. non-payment),
   * written in the history (read in each reader's language) and the audit entry.
   */
  leaveRescue(
    teamId: string,
    computeId: string,
    actor: AuditActor,
    reason?: StoredMessage,
  ): Promise<ComputeWithCreator> {
    return leaveRescue(this, { teamId, computeId, actor, reason });
  }

  /**
   * `reason`: why the system acts (e.g. non-payment), written in the history (read in each reader's
   * language) and the audit entry.
   */
  async requestPowerAction(
    teamId: string,
    computeId: string,
    action: PowerAction,
    actor: AuditActor,
    reason?: StoredMessage,
  ): Promise<ComputeWithCreator> {
    const now = this.deps.clock.now();
    const written = await this.db.transaction(async (tx) => {
      const locked = await lockComputeWithCreator(tx, teamId, computeId);
      if (!locked) throw computeNotFound();
      const current = locked.row;
      const refusal = powerActionRefusal(action, current.status as ComputeStatus);
      if (refusal) throw computeConflict(refusal);
      if (action === 'power_on') await this.assertMayStart(tx, teamId);
      const [row] = await tx
        .update(computes)
        .set({ status: POWER_RULES[action].during, updatedAt: nextUpdatedAt(current, now) })
        .where(eq(computes.id, computeId))
        .returning();
      await recordEvent(tx, {
        computeId,
        action,
        actorUserId: actor.userId,
        result: 'in-progress',
        message: reason ?? null,
        at: now,
      });
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'compute.power_action',
        target: current.hostname,
        details: { computeId, action, from: current.status, ...(reason ? reasonDetails(reason) : {}) },
        at: now,
      });
      return { row: row!, creatorName: locked.creatorName };
    });
    await this.publishCompute(written);
    await this.callDriver(computeId, action);
    return written;
  }

  /** Replaces the compute's tags (history and audit when they change); answers the compute as it stands. */
  async updateTags(
    teamId: string,
    computeId: string,
    tags: string[],
    actor: AuditActor,
  ): Promise<ComputeWithCreator> {
    const now = this.deps.clock.now();
    const { found, changed } = await this.db.transaction(async (tx) => {
      const locked = await lockComputeWithCreator(tx, teamId, computeId);
      if (!locked) throw computeNotFound();
      const current = locked.row;
      if (current.status === 'destroying') throw computeConflict(t('computes.problem.destroying'));
      if (current.tags.join(',') === tags.join(',')) return { found: locked, changed: false };
      const [row] = await tx
        .update(computes)
        .set({ tags, updatedAt: nextUpdatedAt(current, now) })
        .where(eq(computes.id, current.id))
        .returning();
      await recordEvent(tx, {
        computeId: current.id,
        action: 'tags',
        actorUserId: actor.userId,
        result: 'succeeded',
        message:
          tags.length > 0
            ? message('history.compute.tags', { tags: tags.join(', ') })
            : message('history.compute.tagsRemoved'),
        at: now,
      });
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'compute.tags_changed',
        target: current.hostname,
        details: { computeId: current.id, from: current.tags, to: tags },
        at: now,
      });
      return { found: { row: row!, creatorName: locked.creatorName }, changed: true };
    });
    if (changed) {
      await this.publishCompute(found);
      // Firewalls applied by tag follow the compute before the answer (server/firewalls).
      for (const listener of this.tagsListeners) await listener(computeId);
    }
    return found;
  }

  /** Told after a compute was destroyed (its places on private networks are let go). */
  onDestroyed(listener: (computeId: string) => Promise<void>): void {
    this.destroyedListeners.push(listener);
  }

  /** Told after a compute's tags changed (firewalls by tag apply to it at once). */
  onTagsChanged(listener: (computeId: string) => Promise<void>): void {
    this.tagsListeners.push(listener);
  }

  async requestDestroy(
    teamId: string,
    computeId: string,
    confirmHostname: string,
    actor: AuditActor,
  ): Promise<void> {
    const now = this.deps.clock.now();
    await this.db.transaction(async (tx) => {
      const current = await lockCompute(tx, teamId, computeId);
      if (!current) throw computeNotFound();
      if (confirmHostname !== current.hostname) {
        throw fieldProblem(
          'confirmHostname',
          t('computes.problem.confirmHostname', { hostname: current.hostname }),
        );
      }
      if (current.status === 'destroying') throw computeConflict(t('computes.problem.alreadyDestroying'));
      await tx
        .update(computes)
        .set({ status: 'destroying', updatedAt: nextUpdatedAt(current, now) })
        .where(eq(computes.id, computeId));
      // Whatever was under way (a boot, a shutdown) is abandoned with the machine.
      await closeEvents(tx, computeId, {
        result: 'failed',
        message: message('history.compute.interruptedByDestroy'),
        at: now,
      });
      await recordEvent(tx, {
        computeId,
        action: 'destroy',
        actorUserId: actor.userId,
        result: 'in-progress',
        at: now,
      });
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'compute.destroyed',
        target: current.hostname,
        details: { computeId, ipv4: current.ipv4, ipv6: current.ipv6 },
        at: now,
      });
    });
    await this.publish(computeId);
    await this.callDriver(computeId, 'destroy');
  }

  /**
   * Asks the driver to start the transition; a refusal settles it at once as failed (or, for a machine
   * already gone, destroyed). A rebuild hands the driver the compute's new spec (its image and sign-in, as
   * the rebuild request wrote them), with the new root password only from the request that generated it;
   * a resize, the compute's new size; entering rescue, the one-time password and its hash (only from the
   * request that generated them).
   */
  async callDriver(
    computeId: string,
    transition: Exclude<Transition, 'provision'>,
    change: { rootPassword?: string; size?: MachineSize; rescue?: RescueAccess } = {},
  ): Promise<void> {
    const { driver, logger } = this.deps;
    try {
      if (transition === 'rebuild') {
        await driver.rebuild(await this.rebuildSpec(computeId, change.rootPassword));
      } else if (transition === 'resize') {
        if (!change.size) throw new MachineStateError('A resize needs the new size.');
        await driver.resize(computeId, change.size);
      } else if (transition === 'rescue') {
        if (!change.rescue) {
          throw new MachineStateError(message('history.compute.rescueLostPassword'));
        }
        await driver.rescue(computeId, change.rescue);
      } else if (transition === 'unrescue') await driver.unrescue(computeId);
      else if (transition === 'power_on') await driver.powerOn(computeId);
      else if (transition === 'shutdown') await driver.shutdown(computeId);
      else if (transition === 'power_off') await driver.powerOff(computeId);
      else if (transition === 'reboot') await driver.reboot(computeId);
      else await driver.destroy(computeId);
    } catch (error) {
      if (!(error instanceof MachineStateError))
        logger.error({ err: error, computeId, transition }, 'compute driver failed');
      const machine = await driver.status(computeId).catch(() => ABSENT);
      if (transition === 'destroy' && machine.state === 'absent') {
        await this.settle(computeId, transition, true, null, machine);
        return;
      }
      const said =
        error instanceof MachineStateError
          ? message('history.compute.hypervisorRefused', { reason: error.reason })
          : message('history.compute.hypervisorSilent');
      await this.settle(computeId, transition, false, said, machine);
    }
  }

  private async rebuildSpec(computeId: string, rootPassword: string | undefined): Promise<MachineSpec> {
    const found = await findCompute(this.db, computeId);
    if (!found) throw new MachineStateError('The compute is gone.');
    const spec = this.specOf(found.row);
    return rootPassword ? { ...spec, rootPassword } : spec;
  }

  /**
   * Makes the machine for a compute just created (or whose creation a restart interrupted). The root
   * password comes only from the request that generated it: a restarted provisioning has none.
   */
  async provision(row: ComputeRow, rootPassword?: string): Promise<void> {
    const { driver, logger } = this.deps;
    try {
      const spec = this.specOf(row);
      const addresses = await driver.create(rootPassword ? { ...spec, rootPassword } : spec);
      const now = this.deps.clock.now();
      await this.db.transaction(async (tx) => {
        const [current] = await tx.select().from(computes).where(eq(computes.id, row.id)).for('update');
        if (!current || current.ipv4 !== null) return;
        await tx
          .update(computes)
          .set({
            ipv4: addresses.ipv4,
            ipv6: addresses.ipv6,
            ...extrasOf(addresses),
            updatedAt: nextUpdatedAt(current, now),
          })
          .where(eq(computes.id, row.id));
      });
      await this.publish(row.id);
    } catch (error) {
      if (!(error instanceof DriverCapacityError))
        logger.error({ err: error, computeId: row.id }, 'compute creation failed');
      const said =
        error instanceof DriverCapacityError ? error.said : message('history.compute.provisionFailed');
      await this.settle(row.id, 'provision', false, said, ABSENT);
    }
  }

  /** The compute's team when the user may open its console (an ACTIVE member, the compute not destroyed). */
  async consoleAccess(userId: string, computeId: string): Promise<{ teamId: string } | undefined> {
    if (!isUuid(computeId)) return undefined;
    const [row] = await this.db
      .select({ teamId: computes.teamId })
      .from(computes)
      .innerJoin(
        teamMembers,
        and(
          eq(teamMembers.teamId, computes.teamId),
          eq(teamMembers.userId, userId),
          eq(teamMembers.status, ACTIVE),
        ),
      )
      .where(and(eq(computes.id, computeId), isLive));
    return row;
  }
}
