// Backups and restores of a machine's disk on libvirt, through virsh so they work the same on a remote host.
//
// A running machine is backed up with libvirt's push-mode backup (`virsh backup-begin`): QEMU copies the
// disk as it was the instant the job began (it keeps the blocks the guest overwrites meanwhile until they are
// copied), so the copy is consistent without pausing the guest or an external snapshot to commit back.
// The job writes a full, standalone qcow2 into a volume made for it in the host's pool, which is then fetched
// with `vol-download` and deleted. A reboot keeps the job (QEMU resets the guest in the same process); power
// off, destroy and anything else that ends the QEMU process ends the job, and the backup fails with the reason.
// A stopped machine is copied with `vol-create-from` like a capture; a power action asked meanwhile goes
// ahead and the copy is thrown away.
//
// A restore writes the backup into the machine's next disk generation beside the current one (as a rebuild
// does), switches the domain to it, and only then deletes the old disk: a failure leaves the old disk whole.
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { MachineStateError, type Transition } from '../compute-driver';
import { domainName } from './domain-xml';
import type { FlowContext } from './flows/flow';
import { currentState } from './flows/machine-state';
import { type HostConnection, withTempFile } from './host-connection';
import type { LibvirtMachineRow } from './machine-store';
import { diskVolume, domainXmlOf, generationOf, seedVolume } from './provisioning';
import { diskFromTeamImage } from './team-image-disk';
import { VirshError } from './virsh';

/** A disk of a few GB copied by an emulated QEMU, then downloaded: allow for a slow host. */
const COPY_TIMEOUT_MS = 60 * 60_000;
/** How often a backup job is asked how it is going. */
const JOB_POLL_MS = 500;

const INTERRUPTIONS: Partial<Record<Transition, string>> = {
  power_on: 'The compute was powered on during the backup, so its disk changed; the backup was stopped.',
  shutdown: 'The compute was shut down during the backup; the backup was stopped.',
  power_off: 'The compute was powered off during the backup; the backup was stopped.',
  rebuild: 'The compute was rebuilt during the backup; the backup was stopped.',
  rescue: 'The compute entered rescue mode during the backup; the backup was stopped.',
  destroy: 'The compute was destroyed during the backup.',
};

export class DiskBackups {
  /** Machines being backed up, with the reason a transition ended their backup (undefined: still going). */
  private readonly running = new Map<string, { reason: string | undefined }>();
  private readonly restoring = new Set<string>();

  constructor(private readonly context: FlowContext) {}

  refuseWhileRestoring(machineId: string): void {
    if (this.restoring.has(machineId)) {
      throw new MachineStateError('A backup is being restored onto its disk; wait until it is done.');
    }
  }

  /**
   * A transition begins: a backup it ends is marked (the job itself ends with the QEMU process). Answers
   * how to take the mark back when libvirt refuses the transition after all.
   */
  transitionBegins(machineId: string, transition: Transition): () => void {
    const backup = this.running.get(machineId);
    const reason = INTERRUPTIONS[transition];
    if (!backup || !reason || backup.reason) return () => {};
    backup.reason = reason;
    return () => {
      backup.reason = undefined;
    };
  }

  async backup(machineId: string, destination: string): Promise<void> {
    if (this.running.has(machineId)) throw new MachineStateError('A backup of this machine is under way.');
    this.refuseWhileRestoring(machineId);
    const mark: { reason: string | undefined } = { reason: undefined };
    this.running.set(machineId, mark);
    const partial = `${destination}.part`;
    try {
      const row = await this.context.store.find(machineId);
      if (!row) throw new MachineStateError('The hypervisor has no such machine.');
      const state = row.transition ? 'busy' : await currentState(this.context, row);
      if (state !== 'running' && state !== 'stopped') {
        throw new MachineStateError(
          `A ${row.transition ? row.transition.replace('_', ' ') : state} machine cannot be backed up now.`,
        );
      }
      const host = this.context.hosts.of(row);
      const copy = `ikirere-backup-${randomUUID()}.qcow2`;
      try {
        if (state === 'running') await this.pushBackup(host, row, copy, mark);
        else await this.copyStopped(host, row, copy);
        if (mark.reason) throw new MachineStateError(mark.reason);
        await host.run(['vol-download', '--pool', host.config.pool, copy, partial], COPY_TIMEOUT_MS);
        if (mark.reason) throw new MachineStateError(mark.reason);
        await rename(partial, destination);
      } finally {
        await host.deleteVolume(copy).catch((error: unknown) => {
          this.context.logger.warn({ err: error, volume: copy }, 'could not delete a backup’s copy');
        });
      }
    } finally {
      this.running.delete(machineId);
      await rm(partial, { force: true });
    }
  }

  /** libvirt's push-mode backup of the running domain's disk (vda) into the volume `copy`. */
  private async pushBackup(
    host: HostConnection,
    row: LibvirtMachineRow,
    copy: string,
    mark: { reason: string | undefined },
  ): Promise<void> {
    const pool = host.config.pool;
    const capacity = await volumeBytes(host, diskVolume(row.id, generationOf(row)));
    await host.run(['vol-create-as', pool, copy, String(capacity), '--format', 'qcow2'], 60_000);
    const path = (await host.run(['vol-path', '--pool', pool, copy], 20_000)).trim();
    const xml = `<domainbackup mode='push'><disks><disk name='vda' backup='yes' type='file'><target file='${escapeXml(path)}'/><driver type='qcow2'/></disk><disk name='vdb' backup='no'/></disks></domainbackup>`;
    const domain = domainName(row.id);
    try {
      await withTempFile('backup.xml', xml, (file) =>
        host.run(['backup-begin', domain, file, '--reuse-external'], 60_000),
      );
    } catch (error) {
      if (error instanceof VirshError && (error.notRunning || error.noDomain)) {
        throw new MachineStateError(mark.reason ?? 'The compute stopped before the backup began.');
      }
      throw error;
    }
    const deadline = Date.now() + COPY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const job = await jobInfo(host, domain);
      if (job === 'gone') {
        throw new MachineStateError(
          mark.reason ?? 'The compute stopped during the backup; the backup was stopped.',
        );
      }
      if (job !== 'active') break;
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
    }
    const done = await completedJob(host, domain);
    if (done !== 'completed') {
      throw new MachineStateError(
        mark.reason ??
          'The compute stopped during the backup (its QEMU process ended); the backup was stopped.',
      );
    }
  }

  /** A stopped machine's disk, read through its backing chain into the standalone volume `copy`. */
  private async copyStopped(host: HostConnection, row: LibvirtMachineRow, copy: string): Promise<void> {
    const xml = `<volume><name>${copy}</name><capacity>0</capacity><target><format type='qcow2'/></target></volume>`;
    await withTempFile('volume.xml', xml, (path) =>
      host.run(
        [
          'vol-create-from',
          host.config.pool,
          path,
          diskVolume(row.id, generationOf(row)),
          '--inputpool',
          host.config.pool,
        ],
        COPY_TIMEOUT_MS,
      ),
    );
  }

  async restore(machineId: string, source: string): Promise<void> {
    this.refuseWhileRestoring(machineId);
    if (this.running.has(machineId)) {
      throw new MachineStateError('A backup of this machine is under way; restore once it is done.');
    }
    this.restoring.add(machineId);
    try {
      const row = await this.context.store.find(machineId);
      if (!row) throw new MachineStateError('The hypervisor has no such machine.');
      if (row.transition || (await currentState(this.context, row)) !== 'stopped') {
        throw new MachineStateError('Only a stopped machine’s disk can be replaced; power it off first.');
      }
      await this.replaceDisk(row, source);
    } finally {
      this.restoring.delete(machineId);
    }
  }

  private async replaceDisk(row: LibvirtMachineRow, source: string): Promise<void> {
    const host = this.context.hosts.of(row);
    const pool = host.config.pool;
    const generation = generationOf(row);
    const next = generation + 1;
    const made = [diskVolume(row.id, next), seedVolume(row.id, next)];
    try {
      await diskFromTeamImage(host, made[0]!, row.diskGb, source);
      await host.deleteVolume(made[1]!);
      await host.run(['vol-clone', '--pool', pool, seedVolume(row.id, generation), made[1]!], 120_000);
    } catch (error) {
      for (const volume of made) await host.deleteVolume(volume).catch(() => {});
      const detail = error instanceof VirshError ? error.detail : String(error);
      throw new MachineStateError(
        `The disk could not be written (libvirt: ${detail.slice(0, 300)}); the old disk is kept.`,
      );
    }
    const current = await this.context.store.find(row.id);
    if (!current) {
      for (const volume of made) await host.deleteVolume(volume).catch(() => {});
      throw new MachineStateError('The compute was destroyed during the restore.');
    }
    const updated = await this.context.store.update(row.id, {
      spec: { ...current.spec, generation: next },
    });
    await host.define(await domainXmlOf(this.context, updated!));
    await host.deleteVolume(diskVolume(row.id, generation));
    await host.deleteVolume(seedVolume(row.id, generation));
  }
}

async function volumeBytes(host: HostConnection, volume: string): Promise<number> {
  const info = await host.run(['vol-info', '--bytes', '--pool', host.config.pool, volume], 20_000);
  const match = /Capacity:\s+(\d+)\s+bytes/.exec(info);
  if (!match) throw new Error(`vol-info did not give the capacity of ${volume}`);
  return Number(match[1]);
}

/** Whether the domain's job is still running: active, none (ended), or gone (the domain stopped). */
async function jobInfo(host: HostConnection, domain: string): Promise<'active' | 'none' | 'gone'> {
  try {
    const text = await host.run(['domjobinfo', domain], 20_000);
    return /Job type:\s+None/i.test(text) ? 'none' : 'active';
  } catch (error) {
    if (error instanceof VirshError && (error.notRunning || error.noDomain)) return 'gone';
    throw error;
  }
}

/** How the domain's last job ended, as libvirt kept it. */
async function completedJob(host: HostConnection, domain: string): Promise<'completed' | 'failed'> {
  try {
    const text = await host.run(['domjobinfo', domain, '--completed'], 20_000);
    return /Job type:\s+Completed/i.test(text) ? 'completed' : 'failed';
  } catch {
    return 'failed';
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/</g, '&lt;');
}
