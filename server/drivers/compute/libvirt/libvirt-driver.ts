// The production compute driver: real virtual machines on one or more libvirt (QEMU/KVM) hosts. A compute
// is a domain named ikirere-<id> whose disk is a qcow2 overlay on its image's base volume, booted with a
// cloud-init NoCloud seed. Every transition is started with virsh and completes only when libvirt reports
// the new state (its events, or a poll every two seconds): a boot when the guest has also shown a login
// prompt or answered on its SSH port. Transitions under way are stored (libvirt_machines) and resumed
// after a restart; a machine at rest is whatever libvirt says it is.
import { accessSync, constants } from 'node:fs';
import { createConnection } from 'node:net';
import { delimiter, join } from 'node:path';
import type { ComputeMetrics, MetricsRange } from '@/contract/computes';
import type { Database } from '../../../db';
import type { Logger } from '../../../logger';
import {
  type ComputeDriver,
  type ConsoleAttachment,
  type ConsoleSink,
  DriverCapacityError,
  type MachineAddresses,
  type MachineEventListener,
  type MachineSpec,
  type MachineState,
  MachineStateError,
  type MachineStatus,
  type PlacementRefusal,
  type Transition,
} from '../compute-driver';
import { firstFreeIpv4, firstFreeIpv6, parseIpv4Block, parseIpv6Prefix } from '../simulator/address-pool';
import { buildSeedIso, cryptRootPassword, GENISOIMAGE, type SeedInput } from './cloud-init-seed';
import { type DomainEvent, DomainEventStream } from './domain-events';
import { domainName, domainXml, macOf } from './domain-xml';
import { GuestConsole } from './guest-console';
import { HostConnection } from './host-connection';
import { type LibvirtConfig, portRange } from './libvirt-config';
import {
  type LibvirtMachineRow,
  LibvirtMachineStore,
  type StoredSpec,
  specOf,
  statusOf,
  storedOutcome,
} from './machine-store';
import { placeMachine } from './placement';
import {
  type DomainCounters,
  forgetSamples,
  parseDomstats,
  pruneSamples,
  rates,
  storedMetrics,
  storeSample,
} from './usage-samples';
import { type DomainState, domainState, VIRSH, VirshError } from './virsh';

const POLL_MS = 2_000;
const STOPPED_MESSAGE = 'The compute is stopped. Power it on to use the console.';

class Aborted extends Error {}

interface Flow {
  transition: Transition;
  abort: AbortController;
  done: Promise<void>;
}

interface Outcome {
  ok: boolean;
  message: string | null;
  state: MachineState | 'absent';
}

/** After a boot is seen, the console is read until it has been quiet this long (at most the second). */
const CONSOLE_QUIET_MS = 1_500;
const CONSOLE_LINGER_MAX_MS = 10_000;

/** How libvirt's domain state reads as a machine at rest. */
export function restingState(state: DomainState): MachineState | 'absent' {
  if (state === 'absent') return 'absent';
  if (state === 'shut off') return 'stopped';
  if (state === 'crashed') return 'error';
  return 'running';
}

const CONSOLE_STATUS: Record<Transition, string> = {
  provision: 'provisioning',
  power_on: 'starting',
  shutdown: 'stopping',
  power_off: 'stopping',
  reboot: 'rebooting',
  destroy: 'destroying',
};

export interface LibvirtDriverOptions {
  db: Database;
  config: LibvirtConfig;
  logger: Logger;
}

export class LibvirtDriver implements ComputeDriver {
  readonly info = { kind: 'production', name: 'libvirt (QEMU/KVM)' } as const;
  readonly store: LibvirtMachineStore;
  readonly hosts = new Map<string, HostConnection>();
  private readonly consoles = new Map<string, GuestConsole>();
  private readonly eventStreams: DomainEventStream[] = [];
  private readonly flows = new Map<string, Flow>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly reboots = new Map<string, number>();
  private readonly counters = new Map<string, DomainCounters>();
  private sampler: NodeJS.Timeout | undefined;
  /** Whether this server takes the guests' usage samples (it leads); hosts are re-checked either way. */
  private sampling = false;
  private lastPrune = 0;
  private listener: MachineEventListener | undefined;
  private stopped = false;

  constructor(private readonly options: LibvirtDriverOptions) {
    this.store = new LibvirtMachineStore(options.db);
    for (const host of options.config.hosts)
      this.hosts.set(host.name, new HostConnection(host, options.logger));
  }

  private get logger(): Logger {
    return this.options.logger;
  }

  // ── Lifecycle of the driver ──

  async start(listener: MachineEventListener): Promise<void> {
    const missing = missingTools();
    if (missing.length > 0) {
      throw new Error(
        `COMPUTE_DRIVER=libvirt needs ${missing.join(', ')} on this machine: sudo apt-get install -y libvirt-clients genisoimage util-linux`,
      );
    }
    this.listener = listener;
    this.stopped = false;
    await Promise.all([...this.hosts.values()].map((host) => host.check()));
    for (const host of this.hosts.values()) {
      const stream = new DomainEventStream(host.uri, (event) => this.onDomainEvent(event), this.logger);
      stream.start();
      this.eventStreams.push(stream);
    }
    for (const row of await this.store.inTransition()) this.resume(row);
    await this.reconcileResting();
    this.sampler = setInterval(() => void this.sample(), this.options.config.sampleIntervalSeconds * 1000);
    this.sampler.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sampler);
    for (const stream of this.eventStreams.splice(0)) stream.stop();
    for (const flow of this.flows.values()) flow.abort.abort();
    await Promise.allSettled([...this.flows.values()].map((flow) => flow.done));
    for (const console of this.consoles.values()) console.dispose();
    this.consoles.clear();
  }

  sampleUsage(on: boolean): void {
    this.sampling = on;
    // A leader taking over starts from fresh counters: rates need two samples of its own.
    if (!on) this.counters.clear();
  }

  /** The acceleration each host's guests get, for the log and the tests. */
  hostAcceleration(name: string): string | undefined {
    return this.hosts.get(name)?.acceleration;
  }

  // ── Placement ──

  private usable(): HostConnection[] {
    return [...this.hosts.values()].filter((host) => host.problem === undefined);
  }

  async refusePlacement(request: {
    locationId: string;
    imageId: string;
    vcpus: number;
    memoryMb: number;
    diskGb: number;
  }): Promise<PlacementRefusal | null> {
    const served = [...this.hosts.values()].filter((host) => host.config.location === request.locationId);
    if (served.length > 0 && served.every((host) => host.problem !== undefined)) {
      return {
        field: 'locationId',
        message:
          'The machines of this location cannot be reached right now; try again in a few minutes or choose another location.',
      };
    }
    const usage = await this.store.usage();
    const taken = await this.store.all();
    const placement = placeMachine(
      this.usable().map((host) => host.config),
      usage,
      request,
      (host) => this.noRoomFor(host.name, taken),
    );
    return placement.ok ? null : { field: placement.field, message: placement.reason };
  }

  private noRoomFor(
    hostName: string,
    taken: readonly { host: string; sshPort: number | null; ipv4: string | null }[],
  ) {
    const host = this.hosts.get(hostName)!;
    const network = host.config.network;
    if (network.mode === 'user') {
      const [first, last] = portRange(network);
      return taken.filter((row) => row.host === hostName && row.sshPort !== null).length > last - first;
    }
    const block = parseIpv4Block(network.ipv4)!;
    return firstFreeIpv4([block], new Set(taken.map((row) => row.ipv4 ?? ''))) === undefined;
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
        this.usable().map((host) => host.config),
        usage,
        request,
        (host) => this.noRoomFor(host.name, taken),
      );
      if (!placement.ok) throw new DriverCapacityError(placement.reason);
      const host = this.hosts.get(placement.host.name)!;
      const network = host.config.network;
      let sshPort: number | null = null;
      let ipv4: string | null;
      let ipv6: string | null = null;
      if (network.mode === 'user') {
        const used = new Set(taken.filter((entry) => entry.host === host.name).map((entry) => entry.sshPort));
        const [first, last] = portRange(network);
        // A random free port: a port another program took meanwhile costs one retry, not every create.
        const free: number[] = [];
        for (let port = first; port <= last; port++) if (!used.has(port)) free.push(port);
        sshPort = free[Math.floor(Math.random() * free.length)]!;
        ipv4 = network.publishAddress.includes(':') ? null : network.publishAddress;
        if (network.publishAddress.includes(':')) ipv6 = network.publishAddress;
      } else {
        const own = taken.filter((entry) => entry.sshPort === null);
        ipv4 =
          firstFreeIpv4([parseIpv4Block(network.ipv4)!], new Set(own.map((entry) => entry.ipv4 ?? ''))) ??
          null;
        const prefix = network.ipv6 ? parseIpv6Prefix(network.ipv6) : undefined;
        ipv6 = prefix ? (firstFreeIpv6(prefix, new Set(own.map((entry) => entry.ipv6 ?? ''))) ?? null) : null;
      }
      return {
        id: spec.id,
        host: host.name,
        spec: stored as unknown as Record<string, unknown>,
        vcpus: spec.vcpus,
        memoryMb: spec.memoryMb,
        diskGb: spec.diskGb,
        sshPort,
        ipv4,
        ipv6,
        acceleration: host.acceleration,
        state: 'provisioning',
        transition: 'provision',
        transitionStartedAt: now,
        transitionDeadline: new Date(now.getTime() + this.bootBudgetMs()),
        createdAt: now,
      };
    });
    this.runFlow(row, 'provision', (signal) => this.provision(row.id, signal, spec.rootPassword));
    return addressesOf(row);
  }

  // ── Power ──

  async powerOn(machineId: string): Promise<void> {
    const row = await this.begin(machineId, 'power_on', ['stopped', 'error'], this.bootBudgetMs());
    this.runFlow(row, 'power_on', (signal) => this.powerOnFlow(machineId, signal, false));
  }

  async shutdown(machineId: string): Promise<void> {
    const row = await this.begin(
      machineId,
      'shutdown',
      ['running'],
      this.options.config.shutdownTimeoutSeconds * 1000,
    );
    const host = this.hostOf(row);
    try {
      await host.run(['shutdown', domainName(machineId), '--mode', 'acpi'], 30_000);
    } catch (error) {
      await this.abandon(row, error);
    }
    this.runFlow(row, 'shutdown', (signal) => this.shutdownFlow(machineId, signal));
  }

  async powerOff(machineId: string): Promise<void> {
    const row = await this.begin(machineId, 'power_off', ['running'], 60_000);
    this.runFlow(row, 'power_off', (signal) => this.powerOffFlow(machineId, signal));
  }

  async reboot(machineId: string): Promise<void> {
    const row = await this.begin(
      machineId,
      'reboot',
      ['running'],
      this.options.config.shutdownTimeoutSeconds * 1000 + this.bootBudgetMs(),
    );
    this.reboots.set(machineId, 0);
    try {
      await this.hostOf(row).run(['reboot', domainName(machineId), '--mode', 'acpi'], 30_000);
    } catch (error) {
      await this.abandon(row, error);
    }
    this.runFlow(row, 'reboot', (signal) => this.rebootFlow(machineId, signal, false));
  }

  async destroy(machineId: string): Promise<void> {
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    // Whatever was under way is abandoned with the machine.
    const previous = this.flows.get(machineId);
    previous?.abort.abort();
    await previous?.done;
    const now = new Date();
    const updated = await this.store.update(machineId, {
      transition: 'destroy',
      transitionStartedAt: now,
      transitionDeadline: new Date(now.getTime() + 300_000),
    });
    this.consoleOf(updated!).setState(
      { status: 'destroying', message: 'The compute is being destroyed.' },
      false,
    );
    this.runFlow(updated!, 'destroy', () => this.destroyFlow(machineId));
  }

  async status(machineId: string): Promise<MachineStatus> {
    const row = await this.store.find(machineId);
    if (!row) return { state: 'absent', transition: null, ipv4: null, ipv6: null, lastOutcome: null };
    if (row.transition) return statusOf(row);
    const state = restingState(await domainState(this.hostOf(row).uri, domainName(machineId)));
    // A machine we keep a record of but libvirt lost (undefined by hand) can only be destroyed.
    return withExtras(statusOf(row, state === 'absent' ? 'error' : state), row);
  }

  async metrics(
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
    const console = this.consoles.get(machineId) ?? this.consoleOf(row);
    if (!row.transition) {
      const state = restingState(await domainState(this.hostOf(row).uri, domainName(machineId)));
      console.setState(this.restingConsoleState(row, state), state === 'running');
    }
    return console.attach(sink);
  }

  // ── Transitions ──

  private bootBudgetMs(): number {
    return this.options.config.bootTimeoutSeconds * 1000 + 120_000;
  }

  private hostOf(row: LibvirtMachineRow): HostConnection {
    const host = this.hosts.get(row.host);
    if (!host) throw new Error(`The machine's host ${row.host} is no longer in LIBVIRT_HOSTS.`);
    return host;
  }

  private consoleOf(row: LibvirtMachineRow): GuestConsole {
    let console = this.consoles.get(row.id);
    if (!console) {
      console = new GuestConsole(this.hostOf(row).uri, domainName(row.id), this.logger);
      this.consoles.set(row.id, console);
    }
    return console;
  }

  private restingConsoleState(row: LibvirtMachineRow, state: MachineState | 'absent') {
    if (state === 'running') {
      return { status: 'running', message: `Connected to the serial console of ${specOf(row).hostname}.` };
    }
    if (state === 'stopped') return { status: 'stopped', message: STOPPED_MESSAGE };
    return { status: 'error', message: 'The compute is in error: power it on, or destroy it.' };
  }

  /** Records a power transition as under way (refused when the machine is busy or in the wrong state). */
  private async begin(
    machineId: string,
    transition: Exclude<Transition, 'provision' | 'destroy'>,
    from: readonly string[],
    budgetMs: number,
  ): Promise<LibvirtMachineRow> {
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    if (row.transition || this.flows.has(machineId)) {
      throw new MachineStateError(
        `The machine is busy (${(row.transition ?? 'working').replace('_', ' ')}).`,
      );
    }
    const actual = restingState(await domainState(this.hostOf(row).uri, domainName(machineId)));
    const state = actual === 'absent' ? 'error' : actual;
    if (!from.includes(state)) {
      throw new MachineStateError(`A ${state} machine cannot ${transition.replace('_', ' ')}.`);
    }
    const now = new Date();
    const updated = await this.store.update(machineId, {
      state,
      transition,
      transitionStartedAt: now,
      transitionDeadline: new Date(now.getTime() + budgetMs),
    });
    this.consoleOf(updated!).setState({ status: CONSOLE_STATUS[transition] }, state === 'running');
    return updated!;
  }

  /** libvirt refused the request itself: the transition ends now, as failed, and the caller hears why. */
  private async abandon(row: LibvirtMachineRow, error: unknown): Promise<never> {
    await this.store.update(row.id, {
      transition: null,
      transitionStartedAt: null,
      transitionDeadline: null,
    });
    const detail = error instanceof VirshError ? error.detail : String(error);
    throw new MachineStateError(`libvirt refused (${detail}).`);
  }

  private resume(row: LibvirtMachineRow): void {
    const transition = row.transition as Transition;
    const id = row.id;
    const flows: Record<Transition, (signal: AbortSignal) => Promise<Outcome>> = {
      provision: (signal) => this.provision(id, signal, undefined),
      power_on: (signal) => this.powerOnFlow(id, signal, true),
      shutdown: (signal) => this.shutdownFlow(id, signal),
      power_off: (signal) => this.powerOffFlow(id, signal),
      reboot: (signal) => this.rebootFlow(id, signal, true),
      destroy: () => this.destroyFlow(id),
    };
    this.runFlow(row, transition, flows[transition]);
  }

  private runFlow(
    row: LibvirtMachineRow,
    transition: Transition,
    body: (signal: AbortSignal) => Promise<Outcome>,
  ): void {
    const abort = new AbortController();
    const done = (async () => {
      let outcome: Outcome;
      try {
        outcome = await body(abort.signal);
      } catch (error) {
        if (error instanceof Aborted || abort.signal.aborted) return;
        this.logger.error({ err: error, machineId: row.id, transition }, 'libvirt transition failed');
        const state = await this.currentState(row).catch(() => 'error' as const);
        outcome = {
          ok: false,
          message: failureMessage(transition, error),
          state: transition === 'provision' && state !== 'running' ? 'error' : state,
        };
      }
      if (abort.signal.aborted) return;
      await this.finish(row.id, transition, outcome);
    })().finally(() => {
      if (this.flows.get(row.id)?.done === done) this.flows.delete(row.id);
    });
    this.flows.set(row.id, { transition, abort, done });
  }

  private async currentState(row: LibvirtMachineRow): Promise<MachineState | 'absent'> {
    return restingState(await domainState(this.hostOf(row).uri, domainName(row.id)));
  }

  /** Stores how the transition ended, then tells the console and the control plane. */
  private async finish(machineId: string, transition: Transition, outcome: Outcome): Promise<void> {
    if (this.stopped) return;
    const current = await this.store.find(machineId);
    if (!current || current.transition !== transition) return;
    const at = new Date();
    const lastOutcome = { transition, ok: outcome.ok, message: outcome.message, at };
    let status: MachineStatus;
    if (outcome.state === 'absent' && transition === 'destroy') {
      await this.store.remove(machineId);
      await forgetSamples(this.options.db, machineId);
      this.consoles.get(machineId)?.end('The compute was destroyed.');
      this.consoles.delete(machineId);
      this.reboots.delete(machineId);
      this.wakers.delete(machineId);
      this.counters.delete(machineId);
      status = { state: 'absent', transition: null, ipv4: null, ipv6: null, lastOutcome };
    } else {
      const state = outcome.state === 'absent' ? 'error' : outcome.state;
      const row = await this.store.update(machineId, {
        state,
        transition: null,
        transitionStartedAt: null,
        transitionDeadline: null,
        lastOutcome: storedOutcome(lastOutcome),
      });
      status = withExtras(statusOf(row!), row!);
      const console = this.consoles.get(machineId);
      if (console) {
        const resting = this.restingConsoleState(row!, state);
        console.setState(
          outcome.ok ? resting : { ...resting, message: outcome.message ?? resting.message },
          state === 'running',
        );
      }
    }
    await this.listener?.(
      outcome.ok
        ? { type: 'transition.completed', machineId, transition, status }
        : {
            type: 'transition.failed',
            machineId,
            transition,
            message: outcome.message ?? 'The transition failed.',
            status,
          },
    );
  }

  // ── Waiting for libvirt ──

  private wake(machineId: string): void {
    for (const waker of this.wakers.get(machineId) ?? []) waker();
  }

  /** Sleeps up to `ms`, woken early by an event of the machine's domain. */
  private pause(machineId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const wakers = this.wakers.get(machineId) ?? new Set();
      this.wakers.set(machineId, wakers);
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        signal.removeEventListener('abort', done);
        if (signal.aborted) reject(new Aborted());
        else resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      wakers.add(done);
      signal.addEventListener('abort', done);
    });
  }

  /** Checks until `check` says done or the deadline passes; false at the deadline. */
  private async until(
    machineId: string,
    deadline: number,
    signal: AbortSignal,
    check: () => Promise<boolean>,
  ): Promise<boolean> {
    for (;;) {
      if (signal.aborted) throw new Aborted();
      if (await check()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.pause(machineId, Math.min(POLL_MS, left), signal);
    }
  }

  private deadlineOf(row: LibvirtMachineRow): number {
    return row.transitionDeadline?.getTime() ?? Date.now() + this.bootBudgetMs();
  }

  /**
   * Waits for the guest to finish booting: a login prompt on its serial console, or an SSH server answering
   * on its address. `start` runs once the console is followed, so nothing the guest prints is missed.
   */
  private async waitBooted(
    row: LibvirtMachineRow,
    signal: AbortSignal,
    options: { start?: () => Promise<void>; nudge?: boolean; since?: () => boolean },
  ): Promise<Outcome> {
    const console = this.consoleOf(row);
    let tail = '';
    let prompted = false;
    let lastOutput = Date.now();
    const unwatch = console.watch((chunk) => {
      lastOutput = Date.now();
      if (options.since && !options.since()) return;
      tail = (tail + chunk).slice(-4096);
      if (/login:/.test(tail)) {
        prompted = true;
        this.wake(row.id);
      }
    });
    try {
      await options.start?.();
      if (options.nudge) {
        await console.whenConnected(5_000);
        console.nudge();
      }
      const bootDeadline = Math.min(
        this.deadlineOf(row),
        Date.now() + this.options.config.bootTimeoutSeconds * 1000,
      );
      let state: MachineState | 'absent' = 'running';
      const booted = await this.until(row.id, bootDeadline, signal, async () => {
        if (prompted) return true;
        state = await this.currentState(row);
        if (state !== 'running') return true;
        if (options.since && !options.since()) return false;
        return sshAnswers(this.sshEndpoint(row));
      });
      if (state !== 'running') {
        return {
          ok: false,
          message: 'The machine stopped while it was booting; look at its console.',
          state,
        };
      }
      if (!booted) {
        // libvirt runs it: it is running, even if its operating system never said so.
        this.logger.warn({ machineId: row.id }, 'guest showed no login prompt and no SSH server in time');
      }
      return { ok: true, message: null, state: 'running' };
    } finally {
      // The prompt may be mid-line ("vm-1 login: " and the rest still on the wire): keep reading until the
      // console has been quiet a moment, so the whole of it is in the scrollback the next terminal gets.
      const lingerUntil = Date.now() + CONSOLE_LINGER_MAX_MS;
      const linger = () => {
        if (Date.now() - lastOutput >= CONSOLE_QUIET_MS || Date.now() >= lingerUntil) unwatch();
        else setTimeout(linger, 250).unref();
      };
      linger();
    }
  }

  private sshEndpoint(row: LibvirtMachineRow): { host: string; port: number } | undefined {
    const network = this.hostOf(row).config.network;
    if (network.mode === 'user' && row.sshPort !== null) {
      const local = /^[a-z0-9+]+:\/\/\//.test(this.hostOf(row).uri);
      const address = local
        ? network.bindAddress === '0.0.0.0'
          ? '127.0.0.1'
          : network.bindAddress
        : network.publishAddress;
      return { host: address, port: row.sshPort };
    }
    return row.ipv4 ? { host: row.ipv4, port: 22 } : undefined;
  }

  /** Starts the domain paused, opens its console, then lets it run. */
  private async startGuest(machineId: string): Promise<void> {
    let row = (await this.store.find(machineId))!;
    const host = this.hostOf(row);
    const name = domainName(machineId);
    for (let attempt = 0; ; attempt++) {
      try {
        await host.run(['start', name, '--paused'], 120_000);
        break;
      } catch (error) {
        const detail = error instanceof VirshError ? error.detail : '';
        if (attempt >= 3) throw error;
        if (row.acceleration === 'kvm' && /kvm|MSR/i.test(detail)) {
          host.fallBackToEmulation(detail);
          row = (await this.store.update(machineId, { acceleration: 'emulated' }))!;
        } else if (/host ?forward|hostfwd/i.test(detail) && row.sshPort !== null) {
          row = (await this.movePort(row)) ?? row;
        } else {
          throw error;
        }
        await host.define(this.xmlOf(row));
      }
    }
    const console = this.consoleOf(row);
    console.setState({ status: CONSOLE_STATUS[(row.transition as Transition) ?? 'power_on'] }, true);
    await console.whenConnected(5_000);
    await host.run(['resume', name], 60_000);
  }

  /** Another program holds the forwarded port: the machine takes another free one. */
  private async movePort(row: LibvirtMachineRow): Promise<LibvirtMachineRow | undefined> {
    const network = this.hostOf(row).config.network;
    if (network.mode !== 'user') return undefined;
    const [first, last] = portRange(network);
    const used = new Set(
      (await this.store.all()).filter((other) => other.host === row.host).map((other) => other.sshPort),
    );
    for (let tries = 0; tries < 20; tries++) {
      const port = first + Math.floor(Math.random() * (last - first + 1));
      if (used.has(port)) continue;
      try {
        return await this.store.update(row.id, { sshPort: port });
      } catch {
        // Taken meanwhile by another server: try another.
      }
    }
    return undefined;
  }

  private xmlOf(row: LibvirtMachineRow): string {
    const host = this.hostOf(row);
    return domainXml({
      id: row.id,
      name: domainName(row.id),
      hostname: specOf(row).hostname,
      vcpus: row.vcpus,
      memoryMb: row.memoryMb,
      type: row.acceleration === 'kvm' ? 'kvm' : 'qemu',
      pool: host.config.pool,
      diskVolume: diskVolume(row.id),
      seedVolume: seedVolume(row.id),
      mac: macOf(row.id),
      network: host.config.network,
      sshPort: row.sshPort,
    });
  }

  private async volumeExists(host: HostConnection, volume: string): Promise<boolean> {
    try {
      await host.run(['vol-info', '--pool', host.config.pool, volume], 20_000);
      return true;
    } catch (error) {
      if (error instanceof VirshError && error.noVolume) return false;
      throw error;
    }
  }

  private async provision(
    machineId: string,
    signal: AbortSignal,
    rootPassword: string | undefined,
  ): Promise<Outcome> {
    const row = (await this.store.find(machineId))!;
    const host = this.hostOf(row);
    if (host.problem) throw new Error(`host ${host.name}: ${host.problem}`);
    const spec = specOf(row);
    const name = domainName(machineId);
    let state = await domainState(host.uri, name);
    if (state === 'absent') {
      this.consoleOf(row).setState({ status: 'provisioning', message: 'The disk is being prepared.' }, false);
      // After a restart the seed may already be there; without it a password compute cannot be made again
      // (the password is never stored).
      const seedThere = await this.volumeExists(host, seedVolume(machineId));
      if (!seedThere) {
        if (spec.rootPasswordHash && !rootPassword) {
          return {
            ok: false,
            message:
              'The server restarted before the root password reached the machine; destroy this compute and create it again.',
            state: 'error',
          };
        }
        await host.uploadVolume(seedVolume(machineId), await buildSeedIso(this.seedOf(row, rootPassword)));
      }
      if (signal.aborted) throw new Aborted();
      await host.createOverlay(diskVolume(machineId), row.diskGb, spec.image.id);
      if (signal.aborted) throw new Aborted();
      await host.define(this.xmlOf(row));
      state = 'shut off';
    }
    if (signal.aborted) throw new Aborted();
    const running = restingState(state) === 'running';
    return this.waitBooted(row, signal, {
      start: running ? undefined : () => this.startGuest(machineId),
      nudge: running,
    });
  }

  private seedOf(row: LibvirtMachineRow, rootPassword: string | undefined): SeedInput {
    const spec = specOf(row);
    const network = this.hostOf(row).config.network;
    let static_: SeedInput['network'] = null;
    if (network.mode === 'bridge' && row.ipv4) {
      const block = parseIpv4Block(network.ipv4)!;
      const gateway = firstHost(network.ipv4);
      const prefix6 = network.ipv6 ? Number(network.ipv6.split('/')[1]) : 64;
      static_ = {
        ipv4: { address: row.ipv4, prefixLength: block.prefixLength, gateway },
        ipv6:
          row.ipv6 && network.gateway6
            ? { address: row.ipv6, prefixLength: prefix6, gateway: network.gateway6 }
            : null,
        nameservers: network.nameservers,
      };
    }
    return {
      instanceId: row.id,
      hostname: spec.hostname,
      sshPublicKey: spec.sshPublicKey,
      rootPasswordCrypt: rootPassword ? cryptRootPassword(rootPassword) : null,
      mac: macOf(row.id),
      network: static_,
    };
  }

  private async powerOnFlow(machineId: string, signal: AbortSignal, resumed: boolean): Promise<Outcome> {
    const row = (await this.store.find(machineId))!;
    const state = await this.currentState(row);
    // A machine whose provisioning failed before libvirt had it is made again (disk, seed, domain).
    if (state === 'absent') return this.provision(machineId, signal, undefined);
    const running = state === 'running';
    if (resumed && running) return this.waitBooted(row, signal, { nudge: true });
    if (running) return { ok: true, message: null, state: 'running' };
    return this.waitBooted(row, signal, { start: () => this.startGuest(machineId) });
  }

  private async shutdownFlow(machineId: string, signal: AbortSignal): Promise<Outcome> {
    const row = (await this.store.find(machineId))!;
    const stopped = await this.until(machineId, this.deadlineOf(row), signal, async () =>
      ['stopped', 'absent'].includes(await this.currentState(row)),
    );
    if (stopped) return { ok: true, message: null, state: 'stopped' };
    const state = await this.currentState(row);
    const seconds = this.options.config.shutdownTimeoutSeconds;
    return {
      ok: false,
      message: `The operating system did not shut down within ${seconds} s (it may ignore the ACPI power button); the compute is still running. Power it off to force it.`,
      state,
    };
  }

  private async powerOffFlow(machineId: string, signal: AbortSignal): Promise<Outcome> {
    const row = (await this.store.find(machineId))!;
    const host = this.hostOf(row);
    try {
      await host.run(['destroy', domainName(machineId)], 60_000);
    } catch (error) {
      if (!(error instanceof VirshError && (error.notRunning || error.noDomain))) throw error;
    }
    const stopped = await this.until(machineId, this.deadlineOf(row), signal, async () =>
      ['stopped', 'absent'].includes(await this.currentState(row)),
    );
    return stopped
      ? { ok: true, message: null, state: 'stopped' }
      : {
          ok: false,
          message: 'libvirt did not confirm the power-off; try again.',
          state: await this.currentState(row),
        };
  }

  private async rebootFlow(machineId: string, signal: AbortSignal, resumed: boolean): Promise<Outcome> {
    const row = (await this.store.find(machineId))!;
    if (resumed) return this.waitBooted(row, signal, { nudge: true });
    const shutdownDeadline = Date.now() + this.options.config.shutdownTimeoutSeconds * 1000;
    // The guest shuts down on the ACPI request and libvirt starts it again: its reset is the reboot event.
    const reset = await this.until(machineId, shutdownDeadline, signal, async () => {
      if ((this.reboots.get(machineId) ?? 0) > 0) return true;
      return (await this.currentState(row)) !== 'running';
    });
    const state = await this.currentState(row);
    if (!reset) {
      return {
        ok: false,
        message: `The operating system did not restart within ${this.options.config.shutdownTimeoutSeconds} s (it may ignore the ACPI power button); the compute is still running. Power it off and on instead.`,
        state,
      };
    }
    if (state !== 'running') {
      return { ok: false, message: 'The machine stopped instead of restarting; power it on.', state };
    }
    return this.waitBooted(row, signal, {});
  }

  private async destroyFlow(machineId: string): Promise<Outcome> {
    const row = (await this.store.find(machineId))!;
    const host = this.hostOf(row);
    const name = domainName(machineId);
    try {
      await host.run(['destroy', name], 60_000);
    } catch (error) {
      if (!(error instanceof VirshError && (error.notRunning || error.noDomain))) throw error;
    }
    try {
      await host.run(['undefine', name], 60_000);
    } catch (error) {
      if (!(error instanceof VirshError && error.noDomain)) throw error;
    }
    await host.deleteVolume(diskVolume(machineId));
    await host.deleteVolume(seedVolume(machineId));
    return { ok: true, message: null, state: 'absent' };
  }

  // ── What libvirt says on its own ──

  private idOfDomain(domain: string): string | undefined {
    const match = /^ikirere-([0-9a-f-]{36})$/.exec(domain);
    return match?.[1];
  }

  private onDomainEvent(event: DomainEvent): void {
    const machineId = this.idOfDomain(event.domain);
    if (!machineId) return;
    if (event.kind === 'reboot') this.reboots.set(machineId, (this.reboots.get(machineId) ?? 0) + 1);
    this.wake(machineId);
    if (event.kind === 'lifecycle' && !this.flows.has(machineId)) {
      void this.noticeChange(machineId, event.detail).catch((error: unknown) =>
        this.logger.warn({ err: error, machineId }, 'could not follow a libvirt event'),
      );
    }
  }

  /** A machine at rest changed on its own (the guest shut itself down, someone used virsh). */
  private async noticeChange(machineId: string, detail: string): Promise<void> {
    const row = await this.store.find(machineId);
    if (!row || row.transition || this.flows.has(machineId)) return;
    const state = await this.currentState(row);
    if (state === 'absent' || state === row.state) return;
    const updated = await this.store.update(machineId, { state });
    this.consoles.get(machineId)?.setState(this.restingConsoleState(updated!, state), state === 'running');
    const message =
      state === 'stopped'
        ? /Shutdown/i.test(detail)
          ? 'The operating system shut the machine down.'
          : `The machine stopped (libvirt: ${detail || 'stopped'}).`
        : state === 'running'
          ? 'The machine was started outside the console.'
          : `The machine crashed (libvirt: ${detail || 'crashed'}).`;
    await this.listener?.({
      type: 'machine.changed',
      machineId,
      status: withExtras(statusOf(updated!), updated!),
      message,
    });
  }

  /** After a restart: machines at rest are compared with libvirt, one listing per host. */
  private async reconcileResting(): Promise<void> {
    const rows = (await this.store.all()).filter((row) => !row.transition);
    for (const host of this.usable()) {
      let states: Map<string, DomainState>;
      try {
        states = await host.domainStates();
      } catch (error) {
        this.logger.warn({ err: error, host: host.name }, 'could not list the domains of a libvirt host');
        continue;
      }
      for (const row of rows.filter((entry) => entry.host === host.name)) {
        const state = restingState(states.get(domainName(row.id)) ?? 'absent');
        if (state !== 'absent' && state !== row.state)
          await this.noticeChange(row.id, 'while the server was down');
      }
    }
  }

  // ── Monitoring ──

  private async sample(): Promise<void> {
    if (this.stopped) return;
    // A host that could not be reached (or had no pool) at start is tried again: it may be back.
    await Promise.all(
      [...this.hosts.values()].filter((host) => host.problem !== undefined).map((host) => host.check()),
    );
    if (!this.sampling) return;
    const interval = this.options.config.sampleIntervalSeconds;
    const rows = await this.store.all().catch(() => []);
    for (const host of this.usable()) {
      const mine = rows.filter((row) => row.host === host.name);
      if (mine.length === 0) continue;
      let text: string;
      try {
        text = await host.run(
          [
            'domstats',
            '--raw',
            '--cpu-total',
            '--balloon',
            '--block',
            '--interface',
            '--vcpu',
            '--list-running',
          ],
          30_000,
        );
      } catch (error) {
        this.logger.warn({ err: error, host: host.name }, 'could not read domain statistics');
        continue;
      }
      const now = Date.now();
      const counters = parseDomstats(text, now);
      const minute = new Date(Math.floor(now / 1000 / interval) * interval * 1000);
      for (const row of mine) {
        const current = counters.get(domainName(row.id));
        const previous = this.counters.get(row.id);
        if (!current) {
          this.counters.delete(row.id);
          continue;
        }
        this.counters.set(row.id, current);
        const sample = previous && rates(previous, current);
        if (sample) await storeSample(this.options.db, row.id, minute, sample).catch(() => {});
      }
    }
    if (Date.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = Date.now();
      await pruneSamples(this.options.db, new Date()).catch(() => {});
    }
  }
}

/** The programs the driver runs, looked up on PATH. */
function missingTools(): string[] {
  const directories = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return [VIRSH, GENISOIMAGE, 'script'].filter(
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

function diskVolume(machineId: string): string {
  return `ikirere-${machineId}.qcow2`;
}

function seedVolume(machineId: string): string {
  return `ikirere-${machineId}-seed.iso`;
}

function firstHost(cidr: string): string {
  const [address] = cidr.split('/');
  const parts = address!.split('.').map(Number);
  parts[3] = (parts[3] ?? 0) + 1;
  return parts.join('.');
}

function addressesOf(row: LibvirtMachineRow): MachineAddresses {
  return {
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    sshPort: row.sshPort,
    acceleration: row.acceleration as 'kvm' | 'emulated',
  };
}

function withExtras(status: MachineStatus, row: LibvirtMachineRow): MachineStatus {
  return { ...status, ...addressesOf(row) };
}

function failureMessage(transition: Transition, error: unknown): string {
  const detail =
    error instanceof VirshError ? error.detail : error instanceof Error ? error.message : String(error);
  const what = {
    provision: 'The machine could not be made',
    power_on: 'The machine did not start',
    shutdown: 'The shutdown could not be requested',
    power_off: 'The machine could not be powered off',
    reboot: 'The machine could not be rebooted',
    destroy: 'The machine could not be destroyed; try again',
  }[transition];
  return `${what} (libvirt: ${detail.slice(0, 300)}).`;
}

/** Whether an SSH server answers at the endpoint (its banner starts with "SSH-"). */
export function sshAnswers(
  endpoint: { host: string; port: number } | undefined,
  timeoutMs = 1_500,
): Promise<boolean> {
  if (!endpoint) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = createConnection({ host: endpoint.host, port: endpoint.port });
    let banner = '';
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      banner += chunk;
      if (banner.length >= 4) done(banner.startsWith('SSH-'));
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
  });
}
