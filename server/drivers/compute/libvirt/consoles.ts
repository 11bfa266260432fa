// The guests' serial consoles, one GuestConsole per machine that has been watched or attached, and what a
// console says about a machine at rest or in a transition.
import type { Logger } from '../../../logger';
import type { MachineState, Transition } from '../compute-driver';
import { domainName } from './domain-xml';
import { type ConsoleState, GuestConsole } from './guest-console';
import type { Hosts } from './hosts';
import { type LibvirtMachineRow, specOf } from './machine-store';

/** What a console says while a transition is under way. */
export const CONSOLE_STATUS: Record<Transition, string> = {
  provision: 'provisioning',
  power_on: 'starting',
  shutdown: 'stopping',
  power_off: 'stopping',
  reboot: 'rebooting',
  rebuild: 'rebuilding',
  resize: 'resizing',
  rescue: 'entering_rescue',
  unrescue: 'leaving_rescue',
  destroy: 'destroying',
};

export function restingConsoleState(row: LibvirtMachineRow, state: MachineState | 'absent'): ConsoleState {
  if (state === 'running') {
    return { status: 'running', message: `Connected to the serial console of ${specOf(row).hostname}.` };
  }
  if (state === 'rescue') {
    return {
      status: 'rescue',
      message: `Connected to the rescue system of ${specOf(row).hostname} (its disk is /dev/vdb).`,
    };
  }
  if (state === 'stopped') {
    return { status: 'stopped', message: 'The compute is stopped. Power it on to use the console.' };
  }
  if (state === 'unreachable') {
    return {
      status: 'error',
      message: "The compute's hypervisor host cannot be reached; its console comes back when the host does.",
    };
  }
  return { status: 'error', message: 'The compute is in error: power it on, or destroy it.' };
}

export class GuestConsoles {
  private readonly consoles = new Map<string, GuestConsole>();

  constructor(
    private readonly hosts: Hosts,
    private readonly logger: Logger,
  ) {}

  /** The machine's console, opened on first use. */
  of(row: LibvirtMachineRow): GuestConsole {
    let console = this.consoles.get(row.id);
    if (!console) {
      console = new GuestConsole(this.hosts.of(row).uri, domainName(row.id), this.logger);
      this.consoles.set(row.id, console);
    }
    return console;
  }

  /** The machine's console if it has one (nobody watches or attached otherwise: nothing to tell). */
  existing(machineId: string): GuestConsole | undefined {
    return this.consoles.get(machineId);
  }

  /** The machine is gone: its terminals are told and closed. */
  end(machineId: string, reason: string): void {
    this.consoles.get(machineId)?.end(reason);
    this.consoles.delete(machineId);
  }

  disposeAll(): void {
    for (const console of this.consoles.values()) console.dispose();
    this.consoles.clear();
  }
}
