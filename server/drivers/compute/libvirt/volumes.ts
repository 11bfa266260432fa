// Volumes on libvirt: each a qcow2 in the storage pool of its location's first host (named from the
// volume's id, never from input), attached to a machine on that host as a virtio disk with `virsh
// attach-device --live --config` (hot-plugged into a running guest, kept in the domain's definition) and
// taken off with `detach-device`; grown with `blockresize` while a running guest has it (the guest sees the
// new size at once) or `vol-resize` otherwise. The disk carries the volume's id as its serial, so a guest
// finds it under /dev/disk/by-id/virtio-<serial> whatever vdX it became.
import { MachineStateError, type VolumeDriver, type VolumeSpec } from '../compute-driver';
import { domainName, escapeXml } from './domain-xml';
import type { FlowContext } from './flows/flow';
import { currentState } from './flows/machine-state';
import { type HostConnection, withTempFile } from './host-connection';
import { VirshError } from './virsh';

/** The volume's file in the pool. */
export function volumeFile(volumeId: string): string {
  return `ikirere-vol-${volumeId}.qcow2`;
}

/** What the guest reads as the disk's serial (virtio allows 20 characters). */
function volumeSerial(volumeId: string): string {
  return volumeId.replace(/-/g, '').slice(0, 20);
}

/** How long a running guest is given to let an unplugged disk go. */
const UNPLUG_WAIT_MS = 20_000;

const TARGETS = 'bcdefghijklmnopqrstuvwxyz'.split('').map((letter) => `vd${letter}`);

/** The disk as the domain holds it: the volume's file by its path in the pool (what domblklist lists). */
function diskXml(path: string, volumeId: string, target: string): string {
  const x = escapeXml;
  return `<disk type='file' device='disk'>
  <driver name='qemu' type='qcow2'/>
  <source file='${x(path)}'/>
  <target dev='${target}' bus='virtio'/>
  <serial>${volumeSerial(volumeId)}</serial>
</disk>`;
}

/** The domain's disks as `domblklist --details` lists them: target and source path. */
async function disksOf(host: HostConnection, machineId: string, inactive: boolean) {
  const text = await host.run(
    ['domblklist', domainName(machineId), '--details', ...(inactive ? ['--inactive'] : [])],
    30_000,
  );
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length >= 4 && parts[1] === 'disk')
    .map((parts) => ({ target: parts[2]!, source: parts.slice(3).join(' ') }));
}

function reason(error: unknown): string {
  return error instanceof VirshError ? error.detail.slice(0, 300) : (error as Error).message;
}

export class LibvirtVolumes implements VolumeDriver {
  constructor(private readonly context: FlowContext) {}

  /** The host a volume of this location lives on: the location's first host. */
  private hostFor(volume: VolumeSpec): HostConnection {
    const host = this.context.hosts
      .all()
      .find((candidate) => candidate.config.location === volume.locationId);
    if (!host) throw new MachineStateError('No hypervisor host serves this location.');
    return host;
  }

  /** The machine, on the volume's host, at rest: its host and whether it runs. */
  private async machine(volume: VolumeSpec, machineId: string) {
    const row = await this.context.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    const host = this.context.hosts.of(row);
    if (host.name !== this.hostFor(volume).name) {
      throw new MachineStateError(
        'the compute runs on another host of this location than the volume; volumes attach to computes on its host.',
      );
    }
    const state = await currentState(this.context, row);
    if (row.transition || (state !== 'running' && state !== 'stopped')) {
      throw new MachineStateError(
        `the machine is ${row.transition ? 'changing state' : state}: a volume is attached to a running or stopped machine.`,
      );
    }
    return { host, running: state === 'running' };
  }

  async create(volume: VolumeSpec): Promise<void> {
    const host = this.hostFor(volume);
    await host.run(
      ['vol-create-as', host.config.pool, volumeFile(volume.id), `${volume.sizeGb}G`, '--format', 'qcow2'],
      120_000,
    );
  }

  async attach(volume: VolumeSpec, machineId: string): Promise<void> {
    const { host, running } = await this.machine(volume, machineId);
    const path = (
      await host.run(['vol-path', '--pool', host.config.pool, volumeFile(volume.id)], 20_000)
    ).trim();
    const taken = new Set(
      [
        ...(await disksOf(host, machineId, true)),
        ...(running ? await disksOf(host, machineId, false) : []),
      ].map((disk) => disk.target),
    );
    const inDefinition = (await disksOf(host, machineId, true)).some((disk) => disk.source === path);
    if (inDefinition) return;
    const target = TARGETS.find((candidate) => !taken.has(candidate));
    if (!target) throw new MachineStateError('the machine has no free disk slot left.');
    try {
      await attachDisk(host, machineId, diskXml(path, volume.id, target), running);
    } catch (error) {
      throw new MachineStateError(`libvirt refused the disk (${reason(error)}).`);
    }
  }

  /**
   * Unplugged from the running guest first, and only once the guest has let it go (it is gone from the
   * live disks) taken out of the definition: a volume is never on two machines at once.
   */
  async detach(volume: VolumeSpec, machineId: string): Promise<void> {
    const { host, running } = await this.machine(volume, machineId);
    const path = (
      await host.run(['vol-path', '--pool', host.config.pool, volumeFile(volume.id)], 20_000)
    ).trim();
    const find = async (inactive: boolean) =>
      (await disksOf(host, machineId, inactive)).find((candidate) => candidate.source === path);
    try {
      const live = running ? await find(false) : undefined;
      if (live) {
        await withTempFile('disk.xml', diskXml(path, volume.id, live.target), (file) =>
          host.run(['detach-device', domainName(machineId), file, '--live'], 60_000),
        );
        const deadline = Date.now() + UNPLUG_WAIT_MS;
        while (await find(false)) {
          if (Date.now() > deadline) {
            throw new MachineStateError(
              'the guest did not let the disk go within 20 s; unmount it inside the guest and try again.',
            );
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      const defined = await find(true);
      if (defined) {
        await withTempFile('disk.xml', diskXml(path, volume.id, defined.target), (file) =>
          host.run(['detach-device', domainName(machineId), file, '--config'], 60_000),
        );
      }
    } catch (error) {
      if (error instanceof MachineStateError) throw error;
      throw new MachineStateError(
        `the disk could not be taken off (${reason(error)}); unmount it and try again.`,
      );
    }
  }

  async grow(volume: VolumeSpec, sizeGb: number, machineId: string | null): Promise<void> {
    if (sizeGb < volume.sizeGb) throw new MachineStateError('a volume is never shrunk.');
    const host = this.hostFor(volume);
    const path = (
      await host.run(['vol-path', '--pool', host.config.pool, volumeFile(volume.id)], 20_000)
    ).trim();
    if (machineId) {
      const { running } = await this.machine(volume, machineId);
      if (running) {
        const disk = (await disksOf(host, machineId, false)).find((candidate) => candidate.source === path);
        if (disk) {
          await host.run(['blockresize', domainName(machineId), disk.target, `${sizeGb}G`], 120_000);
          return;
        }
      }
    }
    await host.run(['vol-resize', '--pool', host.config.pool, volumeFile(volume.id), `${sizeGb}G`], 120_000);
  }

  async remove(volume: VolumeSpec): Promise<void> {
    await this.hostFor(volume).deleteVolume(volumeFile(volume.id));
  }
}

async function attachDisk(
  host: HostConnection,
  machineId: string,
  xml: string,
  running: boolean,
): Promise<void> {
  await withTempFile('disk.xml', xml, (path) =>
    host.run(
      ['attach-device', domainName(machineId), path, '--config', ...(running ? ['--live'] : [])],
      60_000,
    ),
  );
}
