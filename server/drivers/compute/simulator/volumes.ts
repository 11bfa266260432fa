// The simulator's volumes: honest metadata. It holds no disk; the control plane's volume row is the whole
// volume. What it does check is what a hypervisor would refuse: a machine it does not have, one mid-
// transition or not at rest, one in another location, shrinking. Each call takes a believable moment.
// A machine whose hostname holds fail-attach refuses every attach (simulated failure, for tests and demos).
import { MachineStateError, type VolumeDriver, type VolumeSpec } from '../compute-driver';
import { pause } from './disk-capture';
import type { MachineStore } from './machine-store';
import { specOf } from './machine-store';

/** How long a hotplug takes before the speed factor. */
const HOTPLUG_BASE_MS = 2_000;

export class SimulatedVolumes implements VolumeDriver {
  constructor(
    private readonly store: MachineStore,
    private readonly speed: () => number,
  ) {}

  private moment(): Promise<void> {
    return pause(Math.max(1, Math.round(HOTPLUG_BASE_MS / this.speed())));
  }

  private async machineFor(volume: VolumeSpec, machineId: string): Promise<void> {
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    if (row.transition || (row.state !== 'running' && row.state !== 'stopped')) {
      throw new MachineStateError(
        `The machine is ${row.transition ? 'changing state' : row.state}: a volume is attached to or detached from a running or stopped machine.`,
      );
    }
    if (specOf(row).locationId !== volume.locationId) {
      throw new MachineStateError('The machine is in another location than the volume.');
    }
  }

  async create(_volume: VolumeSpec): Promise<void> {
    await this.moment();
  }

  async attach(volume: VolumeSpec, machineId: string): Promise<void> {
    await this.machineFor(volume, machineId);
    await this.moment();
    const row = await this.store.find(machineId);
    if (row && specOf(row).hostname.includes('fail-attach')) {
      throw new MachineStateError('the guest did not accept the disk (simulated failure).');
    }
  }

  async detach(volume: VolumeSpec, machineId: string): Promise<void> {
    await this.machineFor(volume, machineId);
    await this.moment();
  }

  async grow(volume: VolumeSpec, sizeGb: number, machineId: string | null): Promise<void> {
    if (sizeGb < volume.sizeGb) throw new MachineStateError('A volume is never shrunk.');
    if (machineId) await this.machineFor(volume, machineId);
    await this.moment();
  }

  async remove(_volume: VolumeSpec): Promise<void> {
    await this.moment();
  }
}
