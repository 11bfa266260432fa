// What every transition flow is made of: the driver's parts a flow works with (FlowContext), how a flow
// ends (Outcome), and the shape of one transition (TransitionFlow), so that a new transition (rebuild,
// resize, rescue…) is one file beside the others, registered in ./index.ts.

import type { Database } from '../../../../db';
import type { Logger } from '../../../../logger';
import type { DriverMessage, MachineState, Transition } from '../../compute-driver';
import type { GuestConsoles } from '../consoles';
import type { HostFirewalls } from '../firewall';
import type { HostConnection } from '../host-connection';
import type { Hosts } from '../hosts';
import type { LibvirtConfig } from '../libvirt-config';
import type { LibvirtMachineRow, LibvirtMachineStore } from '../machine-store';
import type { HostNetworks } from '../private-networks';
import type { DomainWaits } from './domain-waits';

export interface FlowContext {
  readonly config: LibvirtConfig;
  readonly logger: Logger;
  readonly db: Database;
  readonly store: LibvirtMachineStore;
  readonly hosts: Hosts;
  readonly consoles: GuestConsoles;
  readonly waits: DomainWaits;
  /** The guests' firewalls (network filters on bridge hosts). */
  readonly firewalls: HostFirewalls;
  /** The machines' cards on private networks, and those networks on the hosts. */
  readonly networks: HostNetworks;
}

/** How a transition ended: the state the machine rests in, and what the person is told when it failed. */
export interface Outcome {
  ok: boolean;
  message: DriverMessage | null;
  state: MachineState | 'absent';
}

export interface RunOptions {
  /** The flow was under way when the server stopped: libvirt may already be past its first steps. */
  resumed: boolean;
  /** Only on the create request itself (never stored): the seed of a password compute needs it. */
  rootPassword?: string;
}

/** One power transition: from which states it may begin, how long it may take, and its steps. */
export interface TransitionFlow {
  transition: Transition;
  /** The resting states it may begin from (power transitions; provision and destroy begin their own way). */
  from: readonly MachineState[];
  budgetMs(config: LibvirtConfig): number;
  /** Asked of libvirt before the request is answered: libvirt refusing it is the caller's error. */
  request?(host: HostConnection, row: LibvirtMachineRow, context: FlowContext): Promise<void>;
  /** Waits for libvirt to report the outcome (and does the steps still to do). */
  run(
    context: FlowContext,
    row: LibvirtMachineRow,
    signal: AbortSignal,
    options: RunOptions,
  ): Promise<Outcome>;
}

/** How long a guest may take to start and boot: the boot timeout, plus the time to make its disk. */
export function bootBudgetMs(config: LibvirtConfig): number {
  return config.bootTimeoutSeconds * 1000 + 120_000;
}

/** When the transition under way is given up, as stored with it. */
export function deadlineOf(context: FlowContext, row: LibvirtMachineRow): number {
  return row.transitionDeadline?.getTime() ?? Date.now() + bootBudgetMs(context.config);
}
