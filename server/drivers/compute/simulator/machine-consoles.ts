// The serial consoles of the simulator's machines, in memory: one per machine, made when the machine is
// first touched or attached, fed the machine's latest stored facts (size, addresses, boot time).

import type { Transition } from '../compute-driver';
import { verifyRootPassword } from '../root-password';
import { blockOf, type Ipv4Block } from './address-pool';
import type { ConsoleFacts } from './console/console-facts';
import { SerialConsole } from './console/serial-console';
import { type MachineRow, specOf, statusOf } from './machine-store';
import { sampleRunning } from './metrics';

export class MachineConsoles {
  private readonly consoles = new Map<string, SerialConsole>();
  /** The latest row of each machine with a console, for the console's facts (read synchronously). */
  private readonly rows = new Map<string, MachineRow>();

  constructor(
    private readonly ipv4Blocks: readonly Ipv4Block[],
    private readonly ipv6PrefixLength: number,
  ) {}

  row(machineId: string): MachineRow | undefined {
    return this.rows.get(machineId);
  }

  existing(machineId: string): SerialConsole | undefined {
    return this.consoles.get(machineId);
  }

  /** The machine is gone: its terminals are told and closed. */
  forget(machineId: string): void {
    this.consoles.get(machineId)?.destroyed();
    this.consoles.delete(machineId);
    this.rows.delete(machineId);
  }

  disposeAll(): void {
    for (const console of this.consoles.values()) console.dispose();
  }

  remember(row: MachineRow): void {
    this.rows.set(row.id, row);
  }

  consoleOf(row: MachineRow): SerialConsole {
    let console = this.consoles.get(row.id);
    if (!console) {
      const status = statusOf(row);
      console = new SerialConsole(
        () => this.factsOf(row.id),
        () => {
          // The latest spec: a rebuild may have changed the password or the way root signs in. The rescue
          // system's console logs root in by itself, as the libvirt rescue image's does (the one-time
          // password is for SSH).
          const latest = this.rows.get(row.id) ?? row;
          const hash = latest.state === 'rescue' ? null : specOf(latest).rootPasswordHash;
          return hash ? (password: string) => verifyRootPassword(password, hash) : undefined;
        },
        { status: status.transition ? transitionStatus(status.transition) : status.state },
      );
      this.consoles.set(row.id, console);
    }
    return console;
  }

  private factsOf(machineId: string): ConsoleFacts {
    const row = this.rows.get(machineId)!;
    const spec = specOf(row);
    const now = new Date();
    const running = row.bootedAt !== null;
    const sample = running
      ? sampleRunning({ ...spec, locationId: spec.locationId }, now.getTime() / 1000, row.bootedAt!.getTime())
      : undefined;
    const block = row.ipv4 ? blockOf(this.ipv4Blocks, row.ipv4) : undefined;
    return {
      spec,
      ipv4: row.ipv4,
      ipv4PrefixLength: block?.prefixLength ?? 24,
      ipv6: row.ipv6,
      ipv6PrefixLength: this.ipv6PrefixLength,
      now,
      uptimeSeconds: running ? Math.max(0, (now.getTime() - row.bootedAt!.getTime()) / 1000) : 0,
      cpuPercent: sample?.cpu ?? 0,
      memoryPercent: sample?.memory ?? 0,
    };
  }
}

function transitionStatus(transition: Transition): string {
  return {
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
  }[transition];
}
