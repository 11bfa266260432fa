// The compute driver: what the control plane (server/computes) asks of a hypervisor. The embedded default
// is the hypervisor simulator (./simulator); a real adapter (a cloud or libvirt/Proxmox/OpenStack API)
// implements the same interface and is chosen with COMPUTE_DRIVER.
//
// Contract between the two sides:
// - Machines are keyed by the compute's id. The control plane owns the compute record and its status; the
//   driver owns the machine. Every power call only *starts* a transition and resolves once the hypervisor
//   accepted it; the outcome arrives later as a MachineEvent through the listener given to start().
// - Events are delivered at least once: after a crash the driver may report an outcome again, so the
//   listener must be idempotent (the control plane ignores an outcome for a transition it is not waiting for).
// - After a restart the control plane calls status() for every compute it believes is mid-transition and
//   settles the difference (server/computes/reconcile.ts): that is how a transition whose outcome was missed
//   while the server was down still completes, whatever the driver.
// - Methods throw MachineStateError when the machine cannot do this now (not running, unknown), and
//   DriverCapacityError when the hypervisor has no room (no free address); anything else is a fault.

import type { ComputeMetrics, MetricsRange } from '@/contract/computes';
import type { FirewallRule } from '@/contract/firewalls';
import type { HostDrainResult } from '@/contract/operator';
import {
  asValue,
  type CatalogMessage,
  type StoredMessage,
  type StoredValue,
  untranslated,
} from '../../i18n/stored-message';

/**
 * What a driver tells the person in the compute's history: a server catalog message with its values
 * (`message(id, values)` of server/i18n/stored-message.ts), read in each reader's language, and its English
 * text for logs. A hypervisor's own error text goes in as a value; a driver without catalog messages may
 * give text only (`untranslated`), shown as it is.
 */
export type DriverMessage = StoredMessage;

/** The transitions a machine goes through; create's is `provision`. */
export type Transition =
  | 'provision'
  | 'power_on'
  | 'shutdown'
  | 'power_off'
  | 'reboot'
  | 'rebuild'
  | 'resize'
  | 'rescue'
  | 'unrescue'
  | 'destroy';
export const TRANSITIONS: readonly Transition[] = [
  'provision',
  'power_on',
  'shutdown',
  'power_off',
  'reboot',
  'rebuild',
  'resize',
  'rescue',
  'unrescue',
  'destroy',
];

/** Where a machine rests between transitions (rescue: booted into the rescue system, its disk as the second). */
/** unreachable: its host does not answer, so nobody can tell (src/domain/compute-lifecycle.ts). */
export type MachineState = 'provisioning' | 'running' | 'stopped' | 'error' | 'rescue' | 'unreachable';

/**
 * How root signs in to the rescue system: the one-time password (plain only on the request that generated
 * it, never stored; its hash is kept for a console login and a resumed boot), and the compute's own SSH keys
 * (in the machine's spec).
 */
export interface RescueAccess {
  rootPassword?: string;
  rootPasswordHash: string;
}

export interface MachineSpec {
  /** The compute's id. */
  id: string;
  hostname: string;
  locationId: string;
  /** Display name of the image ("Ubuntu 24.04 LTS") and its family (ubuntu, debian, …). */
  image: { id: string; name: string; version: string; family: string };
  vcpus: number;
  memoryMb: number;
  diskGb: number;
  /** The root password's hash (password computes), for a console login; never the password. */
  rootPasswordHash: string | null;
  /** Their fingerprints, comma-separated. */
  sshKeyFingerprint: string | null;
  /** The SSH public keys a key compute's root signs in with, one per line (pasted and saved keys). */
  sshPublicKey: string | null;
  /**
   * The user-data the compute was made with (#cloud-config or a #! script, checked by the contract), run
   * by the image's cloud-init at first boot beside the driver's own settings; null or absent when none.
   */
  userData?: string | null;
  /**
   * A team image to start from instead of the catalog's (`image` then names the operating system it runs):
   * a standalone qcow2 on the control plane's host, copied whole into the machine's disk.
   */
  teamImageFile?: string | null;
  /**
   * The generated root password, only on the create request that made it (never stored by the control
   * plane): a real machine's image needs it to set the password; a retried provisioning has none.
   */
  rootPassword?: string;
  createdAt: Date;
}

/** Where a machine is reached and how it runs, once the driver has placed it. */
export interface MachineAddresses {
  ipv4: string | null;
  ipv6: string | null;
  /** The port `ssh` must use when it is not 22 (a guest published through a port forward). */
  sshPort?: number | null;
  /** How the hypervisor runs it: with KVM, or in plain QEMU emulation (slower). */
  acceleration?: 'kvm' | 'emulated' | null;
}

/** A machine's size: what a plan gives it, and what a resize changes. */
export interface MachineSize {
  vcpus: number;
  memoryMb: number;
  diskGb: number;
}

/** A machine the hypervisor cannot place: which request field is the reason, and why in words. */
export interface PlacementRefusal {
  field: 'locationId' | 'operatingSystemId' | 'instanceTypeId';
  message: string;
}

export interface MachineOutcome {
  transition: Transition;
  ok: boolean;
  message: DriverMessage | null;
  at: Date;
}

export interface MachineStatus {
  /** absent: the hypervisor has no such machine (never made, or destroyed). */
  state: MachineState | 'absent';
  /** The transition under way, or null. */
  transition: Transition | null;
  ipv4: string | null;
  ipv6: string | null;
  /** How the latest transition ended, to settle one whose event was missed. */
  lastOutcome: MachineOutcome | null;
  /** As in MachineAddresses, when the driver has them (they may change: a forwarded port taken meanwhile). */
  sshPort?: number | null;
  acceleration?: 'kvm' | 'emulated' | null;
}

export type MachineEvent =
  | { type: 'transition.completed'; machineId: string; transition: Transition; status: MachineStatus }
  | {
      /** The machine changed on its own, outside any transition (the guest shut itself down, say). */
      type: 'machine.changed';
      machineId: string;
      status: MachineStatus;
      /** Said in the compute's history, e.g. "The operating system shut the machine down." */
      message: DriverMessage;
    }
  | {
      type: 'transition.failed';
      machineId: string;
      transition: Transition;
      /** Said to the user in the compute's history, e.g. "The guest did not shut down within 60 s." */
      message: DriverMessage;
      status: MachineStatus;
    };

export type MachineEventListener = (event: MachineEvent) => Promise<void>;

/** A hypervisor host as the operator sees it (`npm run ops -- hosts`): computes are named by their ids. */
export interface HostReport {
  name: string;
  location: string;
  uri: string;
  reachable: boolean;
  problem: string | null;
  acceleration: 'kvm' | 'emulated';
  drained: boolean;
  capacity: { vcpus: number; memoryMb: number; diskGb: number };
  used: { vcpus: number; memoryMb: number; diskGb: number };
  machineIds: string[];
}

/** A driver with hosts an operator sees and drains (libvirt); the simulator has none. */
export interface HostFleet {
  hosts(): Promise<HostReport[]>;
  /** Takes no new machines from now on; its stopped machines move to other hosts of its location. */
  drain(host: string): Promise<HostDrainResult>;
  undrain(host: string): Promise<void>;
}

/** Where a console's output goes: one attached terminal (a WebSocket). */
export interface ConsoleSink {
  output(data: string): void;
  /** The machine changed state, or the console says something about itself (stopped, attached). */
  status(status: string, message?: string): void;
  /** Nothing more will come (the machine was destroyed); the terminal should close. */
  end(reason: string): void;
}

export interface ConsoleAttachment {
  /** Keystrokes or pasted text, as the terminal produced them. */
  input(data: string): void;
  resize(cols: number, rows: number): void;
  detach(): void;
}

/** A volume as the driver sees it: its disk is named from the id (never from input), in its location. */
export interface VolumeSpec {
  id: string;
  sizeGb: number;
  locationId: string;
}

/**
 * Volumes: block devices kept apart from any machine, attached to one machine of their location at a time.
 * Each call resolves once done (they take seconds, not minutes) and throws MachineStateError with the
 * reason when it cannot be done now; a failure changes nothing.
 */
export interface VolumeDriver {
  /** Makes the empty disk of `sizeGb` in its location. */
  create(volume: VolumeSpec): Promise<void>;
  /** Attaches it to the machine as a virtio disk: hot-plugged into a running guest, kept in its definition. */
  attach(volume: VolumeSpec, machineId: string): Promise<void>;
  /** Takes it off the machine (unplugged from a running guest); its data stays on it. */
  detach(volume: VolumeSpec, machineId: string): Promise<void>;
  /** Grows it to `sizeGb` (never shrinks), attached (the running guest sees the new size) or not. */
  grow(volume: VolumeSpec, sizeGb: number, machineId: string | null): Promise<void>;
  /** Deletes a detached volume's disk; one already gone is no error. */
  remove(volume: VolumeSpec): Promise<void>;
}

/** A machine's card on a team's private network: the network (its host side named from the id, never from input), its block, and the machine's address and MAC on it. */
export interface NetworkCard {
  networkId: string;
  ipv4Block: string;
  address: string;
  mac: string;
}

/**
 * Private networks: per team network, an isolated segment on the hypervisor that its machines join with a
 * card of their own (the second after their public one). Each call resolves once done and throws
 * MachineStateError with the reason when it cannot be done now; a failure changes nothing on the host.
 */
export interface PrivateNetworkDriver {
  /** host: the hypervisor keeps each network apart (its own bridge); simulated: kept as data only. */
  readonly isolation: 'host' | 'simulated';
  /**
   * Where the driver reads a machine's cards (in the order they joined) whenever it defines the machine
   * again (create, rebuild, resize, rescue, a move), so its cards and its seed's network-config stay.
   */
  takeCardsFrom(source: (machineId: string) => Promise<readonly NetworkCard[]>): void;
  /**
   * Makes the network on the machine's host if it is not there, and gives the machine its card on it:
   * hot-plugged into a running guest, kept in its definition, its address in the seed's network-config.
   * `peers` are the network's other machines (one host carries a network: a machine elsewhere is refused).
   */
  join(card: NetworkCard, machineId: string, peers: readonly string[]): Promise<void>;
  /** Takes the card off the machine (unplugged from a running guest) and out of its seed. */
  leave(card: NetworkCard, machineId: string): Promise<void>;
  /** Removes the network from every host that has it, once no machine is on it. */
  remove(networkId: string): Promise<void>;
}

export interface DriverInfo {
  kind: 'simulator' | 'production';
  /** Shown by the console, e.g. "Hypervisor simulator". */
  name: string;
}

export interface ComputeDriver {
  readonly info: DriverInfo;
  /** Its hypervisor hosts, for the operator (libvirt); absent on a driver without hosts (the simulator). */
  readonly fleet?: HostFleet;
  /** Its volumes; absent on a driver that offers none. */
  readonly volumes?: VolumeDriver;
  /** Its private networks; absent on a driver that offers none. */
  readonly networks?: PrivateNetworkDriver;
  /** Resumes the driver (e.g. the transitions under way before a restart) and starts reporting to listener. */
  start(listener: MachineEventListener): Promise<void>;
  /** Stops timers and reporting; the machines stay as they are. */
  stop(): Promise<void>;
  /**
   * Completes stored transitions past their due time that no timer of this server will (the server that began
   * them stopped or died); run by the leader of servers sharing a database. Answers how many it completed.
   * Drivers that learn of completions from the hypervisor itself need none.
   */
  completeOverdue?(graceMs: number): Promise<number>;
  /**
   * Usage samples of every guest, taken by one server at a time (the leader of servers sharing a database,
   * through start-server): on while it leads, off when it stops leading.
   */
  sampleUsage?(on: boolean): void;
  /** Makes the machine and starts provisioning it; resolves with the addresses it will have. */
  create(spec: MachineSpec): Promise<MachineAddresses>;
  /**
   * Whether a machine of this size and image could be placed now, asked before anything is made (a full
   * location is refused with the reason); undefined when the driver has no such limits.
   */
  refusePlacement?(request: {
    locationId: string;
    imageId: string;
    vcpus: number;
    memoryMb: number;
    diskGb: number;
  }): Promise<PlacementRefusal | null>;
  powerOn(machineId: string): Promise<void>;
  /** Graceful: asks the guest to shut down (ACPI). */
  shutdown(machineId: string): Promise<void>;
  /** Forced: cuts the power. */
  powerOff(machineId: string): Promise<void>;
  reboot(machineId: string): Promise<void>;
  /**
   * Reinstalls the machine (running, stopped or in error) from `spec`'s image with its sign-in details and a
   * new seed (a new cloud-init instance id, so the guest sets itself up again), keeping its id, hostname,
   * addresses and size. The old disk goes only once the new one exists; a failure leaves the machine in
   * error with the reason. Completes once the rebuilt guest has booted.
   */
  rebuild(spec: MachineSpec): Promise<void>;
  /**
   * Gives a stopped machine another size: its vCPUs and memory, and its disk grown (never shrunk; the
   * guest's file system grows on its next boot). It stays stopped.
   */
  resize(machineId: string, size: MachineSize): Promise<void>;
  /**
   * Whether the machine's host has room for it at this size (its current size counted as freed), asked
   * before anything changes; undefined when the driver has no such limits.
   */
  refuseResize?(machineId: string, size: MachineSize): Promise<PlacementRefusal | null>;
  /**
   * Boots the machine (running, stopped or in error) into the rescue system: a small Linux of its own with
   * the machine's disk attached as the second disk (never its root), reached at the machine's addresses by
   * SSH with the machine's keys or the one-time password. Completes once the rescue system has booted; the
   * machine then rests in `rescue`. A failure leaves it in error with the reason.
   */
  rescue(machineId: string, access: RescueAccess): Promise<void>;
  /** Leaves rescue: the machine boots normally from its own disk and rests running. */
  unrescue(machineId: string): Promise<void>;
  /**
   * Copies a stopped machine's disk, as it is now, into a standalone qcow2 (no backing file) at
   * `destination`, a path on the control plane's host that does not exist yet. Resolves once the file is
   * complete; meanwhile the machine refuses every transition but destroy (MachineStateError). Throws
   * MachineStateError when the machine is not stopped; a failure leaves no file at `destination`.
   */
  captureDisk(machineId: string, destination: string): Promise<void>;
  /**
   * Backs up the machine's disk, running or stopped, into a standalone qcow2 at `destination` (a path on the
   * control plane's host that does not exist yet): a running guest's disk as it was at one instant. It never
   * holds up a power action: a machine powered off, powered on, rebuilt, rescued or destroyed meanwhile ends
   * the backup with MachineStateError saying so (a reboot does not: the guest keeps its disk). Throws
   * MachineStateError when the machine is mid-transition or being restored; a failure leaves no file.
   */
  backupDisk(machineId: string, destination: string): Promise<void>;
  /**
   * Replaces a stopped machine's disk with the standalone qcow2 at `source` (a backup), at the machine's size
   * (grown to its disk when the backup is smaller). Meanwhile the machine refuses every transition but destroy;
   * it stays stopped. Throws MachineStateError when it is not stopped; a failure leaves the old disk in place.
   */
  restoreDisk(machineId: string, source: string): Promise<void>;
  /** Stops the machine if needed and deletes it with its disk; its addresses return to the pool. */
  destroy(machineId: string): Promise<void>;
  status(machineId: string): Promise<MachineStatus>;
  /** Usage over the range; points before the machine existed are null, points while it was off are 0. */
  metrics(
    machine: { id: string; vcpus: number; memoryMb: number; createdAt: Date },
    range: MetricsRange,
  ): Promise<ComputeMetrics>;
  /**
   * Enforces inbound rules on the machine's network (null: no firewall applies, everything may come in;
   * the answers to what the machine sends always may). Resolves once the host applies them, to a running
   * guest too. A driver without it keeps no rules; the simulator keeps them as data (firewallEnforcement).
   */
  applyFirewall?(machineId: string, rules: readonly FirewallRule[] | null): Promise<void>;
  /**
   * Whether applied rules hold on the host's network ('host') or are only kept (the simulator: 'simulated').
   * Absent: 'host' when the driver has applyFirewall.
   */
  readonly firewallEnforcement?: 'host' | 'simulated';
  /** Where the driver reads the rules of a machine it is making, so they hold from its first boot. */
  takeFirewallRulesFrom?(source: (machineId: string) => Promise<readonly FirewallRule[] | null>): void;
  /** Attaches a terminal to the machine's serial console; undefined when the machine does not exist. */
  attachConsole(machineId: string, sink: ConsoleSink): Promise<ConsoleAttachment | undefined>;
}

/**
 * The machine cannot do this in its current state (or does not exist). Given a catalog message
 * (`message(id, values)`), a history reads the reason in its reader's language; given words, as they are.
 */
export class MachineStateError extends Error {
  readonly said: CatalogMessage | undefined;

  constructor(reason: string | CatalogMessage) {
    super(typeof reason === 'string' ? reason : reason.text);
    this.name = 'MachineStateError';
    this.said = typeof reason === 'string' ? undefined : reason;
  }

  /** The reason as a value inside a sentence: the catalog message, else the driver's words as they are. */
  get reason(): StoredValue {
    return this.said ? asValue(this.said) : this.message;
  }
}

/** The hypervisor has no room for the machine (no free address in the pool, no capacity). */
export class DriverCapacityError extends Error {
  private readonly catalogMessage: CatalogMessage | undefined;

  constructor(reason: string | CatalogMessage) {
    super(typeof reason === 'string' ? reason : reason.text);
    this.name = 'DriverCapacityError';
    this.catalogMessage = typeof reason === 'string' ? undefined : reason;
  }

  /** What the compute's history says: the catalog message, else the driver's words as they are. */
  get said(): StoredMessage {
    return this.catalogMessage ?? untranslated(this.message);
  }
}
