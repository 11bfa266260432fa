// The production compute driver: real virtual machines on one or more libvirt (QEMU/KVM) hosts. A compute
// is a domain named ikirere-<id> whose disk is a qcow2 overlay on its image's base volume, booted with a
// cloud-init NoCloud seed. Every transition is started with virsh and completes only when libvirt reports
// the new state: a boot when the guest has also shown a login prompt or answered on its SSH port.
// Transitions under way are stored (libvirt_machines) and resumed after a restart; a machine at rest is
// whatever libvirt says it is.
//
// This file is the façade the control plane calls; the parts are found by name beside it:
//   flows/            the flow engine (begin, run, resume, finish) and one file per transition
//   provisioning.ts   disk, seed, domain XML, start        boot-wait.ts   waiting for the guest to boot
//   kvm-fallback.ts   KVM that fails → emulation          hosts.ts       the hosts and their acceleration
//   allocation.ts     ports and addresses on a host       placement.ts   which host takes a machine
//   outside-changes.ts  what libvirt says on its own      usage-sampler.ts  guests' usage for the charts
//   host-watch.ts     hosts that stop answering (and come back)
//   fleet.ts          the hosts for the operator, draining  disk-move.ts   a stopped machine to another host
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { ComputeMetrics, MetricsRange } from '@/contract/computes';
import type { Database } from '../../../db';
import { t } from '../../../i18n/t';
import type { Logger } from '../../../logger';
import { resizeRoomRefusal } from '../capacity';
import {
  type ComputeDriver,
  type ConsoleAttachment,
  type ConsoleSink,
  DriverCapacityError,
  type MachineAddresses,
  type MachineEventListener,
  type MachineSize,
  type MachineSpec,
  MachineStateError,
  type MachineStatus,
  type PlacementRefusal,
  type RescueAccess,
} from '../compute-driver';
import { allocateAddresses, hostIsOutOfAddresses, type Taken } from './allocation';
import { cryptRootPassword, GENISOIMAGE } from './cloud-init-seed';
import { GuestConsoles, restingConsoleState } from './consoles';
import { DiskBackups } from './disk-backup';
import { DiskCaptures } from './disk-capture';
import { DomainEventStream } from './domain-events';
import { type FirewallRules, type FirewallSource, HostFirewalls } from './firewall';
import { LibvirtFleet } from './fleet';
import { DomainWaits } from './flows/domain-waits';
import type { FlowContext } from './flows/flow';
import { bootBudgetMs } from './flows/flow';
import { addressesOf, FlowEngine, withExtras } from './flows/flow-engine';
import { FLOWS } from './flows/index';
import { currentState } from './flows/machine-state';
import { specWithoutTarget } from './flows/resize';
import { HostWatch } from './host-watch';
import { Hosts } from './hosts';
import type { LibvirtConfig } from './libvirt-config';
import { LibvirtMachineStore, type StoredSpec, specOf, statusOf } from './machine-store';
import { LibvirtNetworks } from './network-cards';
import { OutsideChanges } from './outside-changes';
import { type PlacementRequest, placeMachine } from './placement';
import { HostNetworks } from './private-networks';
import { generationOf } from './provisioning';
import { ISOINFO } from './seed-network-update';
import { UsageSampler } from './usage-sampler';
import { storedMetrics } from './usage-samples';
import { virshProgram } from './virsh';
import { LibvirtVolumes } from './volumes';

export interface LibvirtDriverOptions {
  db: Database;
  config: LibvirtConfig;
  logger: Logger;
}

export class LibvirtDriver implements ComputeDriver {
  readonly info = { kind: 'production', name: 'libvirt (QEMU/KVM)' } as const;
  readonly store: LibvirtMachineStore;
  readonly hosts: Hosts;
  readonly fleet: LibvirtFleet;
  /** Volumes: qcow2 files in a host's pool, hot-plugged as virtio disks (./volumes.ts). */
  readonly volumes: LibvirtVolumes;
  /** Private networks: a libvirt network per team network, a card per member (./network-cards.ts). */
  readonly networks: LibvirtNetworks;
  private readonly context: FlowContext;
  private readonly engine: FlowEngine;
  private readonly changes: OutsideChanges;
  private readonly sampler: UsageSampler;
  private readonly watch: HostWatch;
  private readonly eventStreams: DomainEventStream[] = [];
  private readonly captures: DiskCaptures;
  private readonly backups: DiskBackups;

  constructor(private readonly options: LibvirtDriverOptions) {
    this.store = new LibvirtMachineStore(options.db);
    this.hosts = new Hosts(options.config, options.db, options.logger);
    this.context = {
      config: options.config,
      logger: options.logger,
      db: options.db,
      store: this.store,
      hosts: this.hosts,
      consoles: new GuestConsoles(this.hosts, options.logger),
      waits: new DomainWaits(),
      firewalls: new HostFirewalls(),
      networks: new HostNetworks(),
    };
    this.engine = new FlowEngine(this.context);
    this.captures = new DiskCaptures(this.context);
    this.backups = new DiskBackups(this.context);
    this.changes = new OutsideChanges(this.context, this.engine);
    this.sampler = new UsageSampler(this.context);
    this.watch = new HostWatch(this.context, this.engine);
    this.fleet = new LibvirtFleet(this.context, this.engine);
    this.volumes = new LibvirtVolumes(this.context);
    this.networks = new LibvirtNetworks(this.context, (machineId) => this.notMoving(machineId));
  }

  /** A machine being moved to another host (a drain) takes no transition until it is there. */
  private notMoving(machineId: string): void {
    if (this.fleet.moving.has(machineId)) {
      throw new MachineStateError('The compute is being moved to another host; try again in a minute.');
    }
  }

  // ── Lifecycle of the driver ──

  async start(listener: MachineEventListener): Promise<void> {
    const missing = missingTools();
    if (missing.length > 0) {
      throw new Error(
        `COMPUTE_DRIVER=libvirt needs ${missing.join(', ')} on this machine: sudo apt-get install -y libvirt-clients genisoimage util-linux`,
      );
    }
    this.engine.open(listener);
    this.changes.listener = listener;
    this.watch.listener = listener;
    await this.hosts.check();
    for (const host of this.hosts.all()) {
      const stream = new DomainEventStream(
        host.uri,
        (event) => this.changes.onDomainEvent(event),
        this.options.logger,
      );
      stream.start();
      this.eventStreams.push(stream);
    }
    for (const row of await this.store.inTransition()) this.engine.resume(row);
    await this.changes.reconcile();
    for (const host of this.hosts.all()) if (host.unreachable) await this.watch.markUnreachable(host);
    this.watch.start();
    this.sampler.start();
  }

  async stop(): Promise<void> {
    this.sampler.stop();
    await this.watch.stop();
    for (const stream of this.eventStreams.splice(0)) stream.stop();
    await this.engine.stop();
    this.context.consoles.disposeAll();
  }

  // ── Firewalls (firewall.ts) ──

  takeFirewallRulesFrom(source: FirewallSource): void {
    this.context.firewalls.source = source;
  }

  /** Redefines the guest's network filter: libvirt applies it to the running guest at once. */
  async applyFirewall(machineId: string, rules: FirewallRules): Promise<void> {
    const row = await this.store.find(machineId);
    if (!row) return;
    await this.context.firewalls.apply(this.hosts.of(row), machineId, rules);
  }

  sampleUsage(on: boolean): void {
    this.sampler.sampleUsage(on);
  }

  // ── Placement ──

  async refusePlacement(request: PlacementRequest): Promise<PlacementRefusal | null> {
    const served = this.hosts.all().filter((host) => host.config.location === request.locationId);
    if (served.length > 0 && served.every((host) => host.drained)) {
      return {
        field: 'locationId',
        message: t('placement.drained'),
      };
    }
    if (served.length > 0 && served.every((host) => host.problem !== undefined)) {
      return {
        field: 'locationId',
        message: t('placement.unreachable'),
      };
    }
    const placement = placeMachine(
      this.hosts.usable().map((host) => host.config),
      await this.store.usage(),
      request,
      this.outOfAddresses(await this.store.all()),
    );
    return placement.ok ? null : { field: placement.field, message: placement.reason };
  }

  private outOfAddresses(taken: readonly Taken[]) {
    return (config: { name: string }) => hostIsOutOfAddresses(this.hosts.get(config.name)!, taken);
  }

  async create(spec: MachineSpec): Promise<MachineAddresses> {
    const now = new Date();
    const request = {
      locationId: spec.locationId,
      imageId: spec.image.id,
      vcpus: spec.vcpus,
      memoryMb: spec.memoryMb,
      diskGb: spec.diskGb,
    };
    // The password goes into the seed only; what is kept is its hash.
    const { rootPassword: _password, ...kept } = spec;
    const stored: StoredSpec = { ...kept, createdAt: spec.createdAt.toISOString() };
    const row = await this.store.place((usage, taken) => {
      const placement = placeMachine(
        this.hosts.usable().map((host) => host.config),
        usage,
        request,
        this.outOfAddresses(taken),
      );
      if (!placement.ok) throw new DriverCapacityError(placement.reason);
      const host = this.hosts.get(placement.host.name)!;
      return {
        id: spec.id,
        host: host.name,
        spec: stored as unknown as Record<string, unknown>,
        vcpus: spec.vcpus,
        memoryMb: spec.memoryMb,
        diskGb: spec.diskGb,
        ...allocateAddresses(host, taken),
        acceleration: host.acceleration,
        state: 'provisioning',
        transition: 'provision',
        transitionStartedAt: now,
        transitionDeadline: new Date(now.getTime() + bootBudgetMs(this.options.config)),
        createdAt: now,
      };
    });
    this.engine.run(row, FLOWS.provision, { resumed: false, rootPassword: spec.rootPassword });
    return addressesOf(row);
  }

  // ── Transitions ──

  /** Every transition but destroy waits for a capture of the machine's disk to finish. */
  /** Every transition but destroy: refused while the machine's disk is copied (a capture, a move). */
  /** A backup under way goes on through a reboot and ends (failed, with the reason) with anything else. */
  private async startFlow(...args: Parameters<FlowEngine['start']>): Promise<void> {
    this.notMoving(args[0]);
    this.captures.refuseWhileCapturing(args[0]);
    this.backups.refuseWhileRestoring(args[0]);
    const undo = this.backups.transitionBegins(args[0], args[1].transition);
    try {
      await this.engine.start(...args);
    } catch (error) {
      undo();
      throw error;
    }
  }

  captureDisk(machineId: string, destination: string): Promise<void> {
    return this.captures.capture(machineId, destination);
  }

  backupDisk(machineId: string, destination: string): Promise<void> {
    this.captures.refuseWhileCapturing(machineId);
    return this.backups.backup(machineId, destination);
  }

  restoreDisk(machineId: string, source: string): Promise<void> {
    this.notMoving(machineId);
    this.captures.refuseWhileCapturing(machineId);
    return this.backups.restore(machineId, source);
  }

  powerOn(machineId: string): Promise<void> {
    return this.startFlow(machineId, FLOWS.power_on);
  }

  shutdown(machineId: string): Promise<void> {
    return this.startFlow(machineId, FLOWS.shutdown);
  }

  powerOff(machineId: string): Promise<void> {
    return this.startFlow(machineId, FLOWS.power_off);
  }

  reboot(machineId: string): Promise<void> {
    return this.startFlow(machineId, FLOWS.reboot);
  }

  /**
   * The one-time password's crypt is stored with the machine (its spec's `rescue`) before the flow begins:
   * the rescue seed and a restart read it from there (flows/rescue.ts). Refused on a host without a rescue
   * system, and without the password (a request a restart lost).
   */
  async rescue(machineId: string, access: RescueAccess): Promise<void> {
    this.notMoving(machineId);
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    if (!this.context.hosts.of(row).config.rescue) {
      throw new MachineStateError(
        'this host has no rescue system (its `rescue` setting names none: scripts/libvirt/build-rescue-image.sh).',
      );
    }
    if (!access.rootPassword) throw new MachineStateError('the rescue system needs its one-time password.');
    const spec = { ...specOf(row), rescue: { passwordCrypt: cryptRootPassword(access.rootPassword) } };
    await this.startFlow(machineId, FLOWS.rescue, {
      values: { spec: spec as unknown as Record<string, unknown> },
    });
  }

  unrescue(machineId: string): Promise<void> {
    return this.startFlow(machineId, FLOWS.unrescue);
  }

  /** The machine takes the new spec, its disk and seed the next generation (flows/rebuild.ts). */
  async rebuild(spec: MachineSpec): Promise<void> {
    this.notMoving(spec.id);
    const row = await this.store.find(spec.id);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    const { rootPassword, ...kept } = spec;
    const stored: StoredSpec = {
      ...kept,
      createdAt: spec.createdAt.toISOString(),
      generation: generationOf(row) + 1,
    };
    await this.startFlow(spec.id, FLOWS.rebuild, {
      values: { spec: stored as unknown as Record<string, unknown> },
      rootPassword,
    });
  }

  /** The target size is stored with the machine first: the flow (and a restart) reads it from there. */
  async resize(machineId: string, size: MachineSize): Promise<void> {
    this.notMoving(machineId);
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    if (row.transition)
      throw new MachineStateError(`The machine is busy (${row.transition.replace('_', ' ')}).`);
    await this.store.update(machineId, { spec: { ...row.spec, resizeTo: size } });
    try {
      await this.startFlow(machineId, FLOWS.resize);
    } catch (error) {
      const now = await this.store.find(machineId);
      if (now && now.transition !== 'resize')
        await this.store.update(machineId, { spec: specWithoutTarget(now) });
      throw error;
    }
  }

  /** The machine's host must have room for the new size, its current size counted as freed. */
  async refuseResize(machineId: string, size: MachineSize): Promise<PlacementRefusal | null> {
    const row = await this.store.find(machineId);
    if (!row) return null;
    const host = this.hosts.of(row);
    const used = (await this.store.usage()).find((entry) => entry.host === host.name);
    const current = { vcpus: row.vcpus, memoryMb: row.memoryMb, diskGb: row.diskGb };
    return resizeRoomRefusal(host.config.capacity, used ?? current, current, size);
  }

  async destroy(machineId: string): Promise<void> {
    this.notMoving(machineId);
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    // Whatever was under way is abandoned with the machine (a backup too: it ends with the domain).
    this.backups.transitionBegins(machineId, 'destroy');
    await this.engine.abort(machineId);
    const now = new Date();
    const updated = (await this.store.update(machineId, {
      transition: 'destroy',
      transitionStartedAt: now,
      transitionDeadline: new Date(now.getTime() + FLOWS.destroy.budgetMs(this.options.config)),
    }))!;
    this.context.consoles
      .of(updated)
      .setState({ status: 'destroying', message: 'The compute is being destroyed.' }, false);
    this.engine.run(updated, FLOWS.destroy, { resumed: false });
  }

  // ── Reading ──

  async status(machineId: string): Promise<MachineStatus> {
    const row = await this.store.find(machineId);
    if (!row) return { state: 'absent', transition: null, ipv4: null, ipv6: null, lastOutcome: null };
    if (row.transition) return statusOf(row);
    const state = await currentState(this.context, row);
    // A machine we keep a record of but libvirt lost (undefined by hand) can only be destroyed.
    return withExtras(statusOf(row, state === 'absent' ? 'error' : state), row);
  }

  metrics(
    machine: { id: string; vcpus: number; memoryMb: number; createdAt: Date },
    range: MetricsRange,
  ): Promise<ComputeMetrics> {
    return storedMetrics(
      this.options.db,
      machine,
      range,
      this.options.config.sampleIntervalSeconds,
      new Date(),
    );
  }

  async attachConsole(machineId: string, sink: ConsoleSink): Promise<ConsoleAttachment | undefined> {
    const row = await this.store.find(machineId);
    if (!row) return undefined;
    const console = this.context.consoles.of(row);
    if (!row.transition) {
      const state = await currentState(this.context, row);
      console.setState(restingConsoleState(row, state), state === 'running');
    }
    return console.attach(sink);
  }
}

/** The programs the driver runs, looked up on PATH. */
function missingTools(): string[] {
  const directories = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return [virshProgram(), GENISOIMAGE, ISOINFO, 'script'].filter(
    (tool) =>
      !(tool.includes('/') ? [tool] : directories.map((directory) => join(directory, tool))).some((path) => {
        try {
          accessSync(path, constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }),
  );
}
