// The hypervisor simulator: the compute driver's embedded default. Machines live in the database
// (machine-store.ts); each transition is stored with the time it is due, run on a timer, and completed in a
// transaction, so a restart resumes every transition where it was (start() completes the overdue ones at
// once and schedules the rest). Consoles and metrics are simulated from the same stored facts.
import type { ComputeMetrics, MetricsRange } from '@/contract/computes';
import type { FirewallRule } from '@/contract/firewalls';
import type { Database } from '../../../db';
import type { Logger } from '../../../logger';
import {
  addSizes,
  fitsEmpty,
  fullLocation,
  largerThanAnyHost,
  loadWith,
  NO_SIZE,
  resizeRoomRefusal,
} from '../capacity';
import {
  type ComputeDriver,
  type ConsoleAttachment,
  type ConsoleSink,
  type MachineEventListener,
  type MachineSize,
  type MachineSpec,
  MachineStateError,
  type MachineStatus,
  type PlacementRefusal,
  type RescueAccess,
  type Transition,
} from '../compute-driver';
import { parseIpv4Block, parseIpv6Prefix } from './address-pool';
import { SimulatedBackups } from './disk-backups';
import { CAPTURE_BASE_MS, pause, writeSimulatedDisk } from './disk-capture';
import { MachineConsoles } from './machine-consoles';
import { heldSize, type MachineRow, MachineStore, specOf, statusOf, storedSpecOf } from './machine-store';
import { simulatedMetrics } from './metrics';
import { settle } from './outcomes';
import { SimulatedNetworks } from './private-networks';
import {
  failureMessage,
  hostnameFailure,
  type SimulatorConfig,
  transitionDurationMs,
} from './simulator-config';
import { SimulatedVolumes } from './volumes';

/** Which resting states each transition starts from (destroy: any, even mid-transition). */
const STARTS_FROM: Record<Exclude<Transition, 'provision' | 'destroy'>, readonly string[]> = {
  power_on: ['stopped', 'error'],
  shutdown: ['running'],
  power_off: ['running'],
  reboot: ['running'],
  rebuild: ['running', 'stopped', 'error'],
  resize: ['stopped'],
  rescue: ['running', 'stopped', 'error'],
  unrescue: ['rescue'],
};

export interface SimulatorOptions {
  db: Database;
  config: SimulatorConfig;
  logger: Logger;
}

export class HypervisorSimulator implements ComputeDriver {
  readonly info = { kind: 'simulator', name: 'Hypervisor simulator' } as const;
  private readonly store: MachineStore;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly consoles: MachineConsoles;
  private readonly failNext = new Map<string, Set<Transition>>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Machines whose disk is being captured: they take no transition but destroy until it is done. */
  private readonly capturing = new Set<string>();
  /** Backups and restores of machines' disks, with the waits libvirt's take (./disk-backups.ts). */
  readonly backups: SimulatedBackups;
  private listener: MachineEventListener | undefined;
  private stopped = false;
  /** Volumes as metadata: the machine checks a hypervisor would make, no disk (./volumes.ts). */
  readonly volumes: SimulatedVolumes;
  /** Private networks as data: who is on which, with what address (./private-networks.ts). */
  readonly networks: SimulatedNetworks;

  constructor(private readonly options: SimulatorOptions) {
    const ipv4Blocks = options.config.ipv4Pool.map((cidr) => {
      const block = parseIpv4Block(cidr);
      if (!block) throw new Error(`Not an IPv4 block: ${cidr}`);
      return block;
    });
    const prefix = parseIpv6Prefix(options.config.ipv6Pool);
    if (!prefix) throw new Error(`Not an IPv6 prefix: ${options.config.ipv6Pool}`);
    this.store = new MachineStore(options.db, ipv4Blocks, prefix);
    this.consoles = new MachineConsoles(ipv4Blocks, Number(options.config.ipv6Pool.split('/')[1]));
    this.volumes = new SimulatedVolumes(this.store, () => options.config.speed);
    this.networks = new SimulatedNetworks(this.store, () => options.config.speed);
    this.backups = new SimulatedBackups(options.config.speed);
  }

  async start(listener: MachineEventListener): Promise<void> {
    this.listener = listener;
    this.stopped = false;
    for (const row of await this.store.inTransition()) {
      const transition = row.transition as Transition;
      const delay = (row.transitionDueAt?.getTime() ?? 0) - Date.now();
      if (delay <= 0) await this.complete(row.id, transition);
      else this.schedule(row.id, transition, delay);
    }
  }

  async completeOverdue(graceMs: number): Promise<number> {
    if (this.stopped) return 0;
    const due = Date.now() - graceMs;
    let completed = 0;
    for (const row of await this.store.inTransition()) {
      if (this.timers.has(row.id) || (row.transitionDueAt?.getTime() ?? 0) > due) continue;
      // Settled under the machine's row lock, only while still in this transition: whichever server gets
      // there first completes it, the other finds nothing to do.
      await this.complete(row.id, row.transition as Transition);
      completed += 1;
    }
    return completed;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
    this.consoles.disposeAll();
  }

  /** Test hook: the next `transition` of this machine fails (see also the fail-… hostnames). */
  failNextTransition(machineId: string, transition: Transition): void {
    const set = this.failNext.get(machineId) ?? new Set();
    set.add(transition);
    this.failNext.set(machineId, set);
  }

  async create(spec: MachineSpec): Promise<{ ipv4: string | null; ipv6: string | null }> {
    const now = new Date();
    const duration = this.duration(spec.id, 'provision');
    const row = await this.store.insert(spec, now, new Date(now.getTime() + duration));
    this.consoles.remember(row);
    this.consoles.consoleOf(row).beginBoot('provision', duration);
    this.schedule(row.id, 'provision', duration);
    return { ipv4: row.ipv4, ipv6: row.ipv6 };
  }

  powerOn(machineId: string): Promise<void> {
    return this.begin(machineId, 'power_on');
  }

  shutdown(machineId: string): Promise<void> {
    return this.begin(machineId, 'shutdown');
  }

  powerOff(machineId: string): Promise<void> {
    return this.begin(machineId, 'power_off');
  }

  reboot(machineId: string): Promise<void> {
    return this.begin(machineId, 'reboot');
  }

  /** The machine takes the new spec (image, keys, password hash) as its fresh disk is written. */
  rebuild(spec: MachineSpec): Promise<void> {
    return this.begin(spec.id, 'rebuild', {
      values: { spec: storedSpecOf(spec) as unknown as Record<string, unknown> },
    });
  }

  resize(machineId: string, size: MachineSize): Promise<void> {
    return this.begin(machineId, 'resize', { spec: { resizeTo: size } });
  }

  /**
   * The rescue system boots with the one-time password's hash (what a real rescue system's SSH server would
   * check, beside the compute's keys); leaving forgets it.
   */
  rescue(machineId: string, access: RescueAccess): Promise<void> {
    return this.begin(machineId, 'rescue', { spec: { rescuePasswordHash: access.rootPasswordHash } });
  }

  unrescue(machineId: string): Promise<void> {
    return this.begin(machineId, 'unrescue');
  }

  // ── Capacity: each location one host of hostCapacity, counted like a libvirt host ──

  /** What the location's machines hold (a machine mid-resize holds the larger of its two sizes). */
  private async usedIn(locationId: string): Promise<MachineSize> {
    return (await this.store.all())
      .filter((row) => specOf(row).locationId === locationId)
      .reduce((sum, row) => addSizes(sum, heldSize(row)), NO_SIZE);
  }

  async refusePlacement(request: {
    locationId: string;
    vcpus: number;
    memoryMb: number;
    diskGb: number;
  }): Promise<PlacementRefusal | null> {
    const capacity = this.options.config.hostCapacity;
    if (!capacity) return null;
    if (!fitsEmpty(capacity, request)) return { field: 'instanceTypeId', message: largerThanAnyHost() };
    if (loadWith(capacity, await this.usedIn(request.locationId), request) <= 1) return null;
    return { field: 'locationId', message: fullLocation() };
  }

  async refuseResize(machineId: string, size: MachineSize): Promise<PlacementRefusal | null> {
    const capacity = this.options.config.hostCapacity;
    const row = await this.store.find(machineId);
    if (!capacity || !row) return null;
    return resizeRoomRefusal(capacity, await this.usedIn(specOf(row).locationId), heldSize(row), size);
  }

  destroy(machineId: string): Promise<void> {
    this.firewalls.delete(machineId);
    this.networks.forget(machineId);
    return this.begin(machineId, 'destroy');
  }

  readonly firewallEnforcement = 'simulated';
  private readonly firewalls = new Map<string, readonly FirewallRule[] | null>();

  /** Keeps the rules a machine is under, as data: the simulator lets everything through. */
  async applyFirewall(machineId: string, rules: readonly FirewallRule[] | null): Promise<void> {
    this.firewalls.set(machineId, rules);
  }

  /** The rules last applied to a machine (null: none apply); undefined when none were ever applied. */
  appliedFirewall(machineId: string): readonly FirewallRule[] | null | undefined {
    return this.firewalls.get(machineId);
  }

  /**
   * Writes an empty qcow2 of the machine's disk size (it has no contents to copy) after a believable delay.
   * A hostname holding fail-capture (not at its start: that fails provisioning) makes its captures fail (as fail-<transition> does).
   */
  async captureDisk(machineId: string, destination: string): Promise<void> {
    // Marked before the first await: a power action asked a moment after the capture is refused.
    if (this.capturing.has(machineId)) {
      throw new MachineStateError('An image is already being captured from this machine’s disk.');
    }
    this.capturing.add(machineId);
    try {
      const row = await this.store.find(machineId);
      if (!row) throw new MachineStateError('The hypervisor has no such machine.');
      if (row.transition || row.state !== 'stopped') {
        throw new MachineStateError('Only a stopped machine’s disk can be captured; power it off first.');
      }
      await pause(Math.max(1, Math.round(CAPTURE_BASE_MS / this.options.config.speed)));
      const spec = specOf(row);
      if (spec.hostname.includes('fail-capture')) {
        throw new MachineStateError('The disk could not be read (simulated failure).');
      }
      if (!(await this.store.find(machineId))) {
        throw new MachineStateError('The machine was destroyed during the capture.');
      }
      await writeSimulatedDisk(destination, spec.diskGb);
    } finally {
      this.capturing.delete(machineId);
    }
  }

  /**
   * A running or stopped machine's disk, as an empty qcow2 of its size (see disk-backups.ts). A hostname
   * holding fail-backup makes its backups fail.
   */
  backupDisk(machineId: string, destination: string): Promise<void> {
    return this.backups.backup(
      machineId,
      destination,
      async () => {
        const row = await this.store.find(machineId);
        if (!row) throw new MachineStateError('The hypervisor has no such machine.');
        if (this.capturing.has(machineId)) {
          throw new MachineStateError('An image is being captured from its disk; wait until it is done.');
        }
        if (row.transition || (row.state !== 'running' && row.state !== 'stopped')) {
          throw new MachineStateError(
            `A ${row.transition ? row.transition.replace('_', ' ') : row.state} machine cannot be backed up now.`,
          );
        }
        const spec = specOf(row);
        return { diskGb: spec.diskGb, failure: spec.hostname.includes('fail-backup') };
      },
      async () => (await this.store.find(machineId)) !== undefined,
    );
  }

  /** A hostname holding fail-restore makes its restores fail (the old disk stays). */
  async restoreDisk(machineId: string, source: string): Promise<void> {
    await this.backups.restore(machineId, source, async () => {
      const row = await this.store.find(machineId);
      if (!row) throw new MachineStateError('The hypervisor has no such machine.');
      if (this.capturing.has(machineId)) {
        throw new MachineStateError('An image is being captured from its disk; wait until it is done.');
      }
      if (row.transition || row.state !== 'stopped') {
        throw new MachineStateError('Only a stopped machine’s disk can be replaced; power it off first.');
      }
    });
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('The compute was destroyed during the restore.');
    if (specOf(row).hostname.includes('fail-restore')) {
      throw new MachineStateError('The disk could not be written (simulated failure); the old disk is kept.');
    }
  }

  async status(machineId: string): Promise<MachineStatus> {
    const row = await this.store.find(machineId);
    if (!row) return { state: 'absent', transition: null, ipv4: null, ipv6: null, lastOutcome: null };
    return statusOf(row);
  }

  async metrics(
    machine: { id: string; vcpus: number; memoryMb: number; createdAt: Date },
    range: MetricsRange,
  ): Promise<ComputeMetrics> {
    const row = await this.store.find(machine.id);
    const locationId = row ? specOf(row).locationId : undefined;
    return simulatedMetrics({ ...machine, locationId }, row?.powerLog ?? [], range, new Date());
  }

  async attachConsole(machineId: string, sink: ConsoleSink): Promise<ConsoleAttachment | undefined> {
    const row = this.consoles.row(machineId) ?? (await this.store.find(machineId));
    if (!row) return undefined;
    this.consoles.remember(row);
    return this.consoles.consoleOf(row).attach(sink);
  }

  // ── Transitions ──

  private duration(machineId: string, transition: Transition): number {
    return transitionDurationMs(this.options.config, machineId, transition);
  }

  private async begin(
    machineId: string,
    transition: Exclude<Transition, 'provision'>,
    /** Columns the transition sets (a rebuild's new spec), and keys merged into the spec (a resize's target). */
    change: { values?: Partial<MachineRow>; spec?: Record<string, unknown> } = {},
  ): Promise<void> {
    const duration = this.duration(machineId, transition);
    const row = await this.store.change(machineId, async (current, tx) => {
      if (transition !== 'destroy') {
        if (this.capturing.has(machineId)) {
          throw new MachineStateError('An image is being captured from its disk; wait until it is done.');
        }
        this.backups.refuseWhileRestoring(machineId);
        if (current.transition) {
          throw new MachineStateError(`The machine is busy (${current.transition.replace('_', ' ')}).`);
        }
        if (!STARTS_FROM[transition].includes(current.state)) {
          throw new MachineStateError(`A ${current.state} machine cannot ${transition.replace('_', ' ')}.`);
        }
      }
      const now = new Date();
      return this.store.update(tx, machineId, {
        ...change.values,
        ...(change.spec ? { spec: { ...current.spec, ...change.spec } } : {}),
        transition,
        transitionStartedAt: now,
        transitionDueAt: new Date(now.getTime() + duration),
      });
    });
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    this.backups.transitionBegan(machineId, transition);
    this.consoles.remember(row);
    const console = this.consoles.consoleOf(row);
    if (
      transition === 'power_on' ||
      transition === 'reboot' ||
      transition === 'rebuild' ||
      transition === 'rescue' ||
      transition === 'unrescue'
    )
      console.beginBoot(transition, duration);
    else if (transition === 'shutdown') console.beginShutdown(duration);
    else if (transition === 'power_off') console.beginPowerOff();
    else if (transition === 'destroy') console.beginDestroy();
    this.schedule(machineId, transition, duration);
  }

  private schedule(machineId: string, transition: Transition, delayMs: number): void {
    clearTimeout(this.timers.get(machineId));
    const timer = setTimeout(() => {
      this.timers.delete(machineId);
      const done = this.complete(machineId, transition).finally(() => this.inFlight.delete(done));
      this.inFlight.add(done);
    }, delayMs);
    // Pending transitions are stored: they must not keep a process (a test, a stopping server) alive.
    timer.unref?.();
    this.timers.set(machineId, timer);
  }

  private shouldFail(row: MachineRow, transition: Transition): boolean {
    const next = this.failNext.get(row.id);
    if (next?.delete(transition)) return true;
    return hostnameFailure(specOf(row).hostname, transition);
  }

  /** Settles the transition in one transaction, then tells the console and the control plane. */
  private async complete(machineId: string, transition: Transition): Promise<void> {
    if (this.stopped) return;
    try {
      const result = await this.store.change(machineId, async (row, tx) => {
        // Superseded (a destroy replaced it) or already settled by an earlier run.
        if (row.transition !== transition) return undefined;
        const failed = this.shouldFail(row, transition);
        const settled = settle(row, transition, failed, new Date(), failureMessage(transition));
        if (settled === 'removed') {
          await this.store.remove(tx, machineId);
          return { row: undefined, failed };
        }
        return { row: await this.store.update(tx, machineId, settled), failed };
      });
      if (!result) return;
      this.afterSettled(machineId, transition, result.row, result.failed);
      const status: MachineStatus = result.row
        ? statusOf(result.row)
        : { state: 'absent', transition: null, ipv4: null, ipv6: null, lastOutcome: null };
      await this.listener?.(
        result.failed
          ? {
              type: 'transition.failed',
              machineId,
              transition,
              message: failureMessage(transition),
              status,
            }
          : { type: 'transition.completed', machineId, transition, status },
      );
    } catch (error) {
      // The stored transition stays due: the next start completes it.
      if (!this.stopped)
        this.options.logger.error({ err: error, machineId, transition }, 'simulator transition failed');
    }
  }

  private afterSettled(
    machineId: string,
    transition: Transition,
    row: MachineRow | undefined,
    failed: boolean,
  ) {
    const console = this.consoles.existing(machineId);
    if (!row) {
      this.consoles.forget(machineId);
      this.failNext.delete(machineId);
      return;
    }
    this.consoles.remember(row);
    if (!console) return;
    if (failed) console.failed(row.state, failureMessage(transition).text);
    else if (row.state === 'running' || row.state === 'rescue') console.booted(row.state);
    else if (row.state === 'stopped') console.poweredOff();
  }
}
