// The simulator's backups and restores, mimicking libvirt's: a backup of a running or stopped machine takes a
// believable while and writes a real (empty) qcow2 of the machine's disk size; it never holds up a power
// action — one that changes what the disk is (power off or on, rebuild, rescue, destroy) ends it as failed
// with the reason, a reboot does not (the guest keeps its disk, as a QEMU reset keeps libvirt's backup job).
// A restore replaces a stopped machine's disk; meanwhile the machine takes no transition but destroy.
import { rename, rm, stat } from 'node:fs/promises';
import { MachineStateError, type Transition } from '../compute-driver';
import { pause, writeSimulatedDisk } from './disk-capture';

/** How long a backup takes before the speed factor: about a minute for a small disk. */
export const BACKUP_BASE_MS = 15_000;
export const RESTORE_BASE_MS = 15_000;

/** What ends a backup under way, in the words the compute's history shows. */
const INTERRUPTIONS: Partial<Record<Transition, string>> = {
  power_on: 'The compute was powered on during the backup, so its disk changed; the backup was stopped.',
  shutdown: 'The compute was shut down during the backup; the backup was stopped.',
  power_off: 'The compute was powered off during the backup; the backup was stopped.',
  rebuild: 'The compute was rebuilt during the backup; the backup was stopped.',
  rescue: 'The compute entered rescue mode during the backup; the backup was stopped.',
  destroy: 'The compute was destroyed during the backup.',
};

export class SimulatedBackups {
  private readonly running = new Map<string, (reason: string) => void>();
  private readonly restoring = new Set<string>();

  constructor(private readonly speed: number) {}

  private ms(base: number): number {
    return Math.max(1, Math.round(base / this.speed));
  }

  /** Throws the reason when the machine's disk is being restored (every transition but destroy waits). */
  refuseWhileRestoring(machineId: string): void {
    if (this.restoring.has(machineId)) {
      throw new MachineStateError('A backup is being restored onto its disk; wait until it is done.');
    }
  }

  /** A transition began: a backup it ends fails with the reason (a reboot leaves it going). */
  transitionBegan(machineId: string, transition: Transition): void {
    const reason = INTERRUPTIONS[transition];
    const abort = this.running.get(machineId);
    if (reason && abort) abort(reason);
  }

  /**
   * `check` answers the machine's disk size once it has made sure the machine may be backed up now (it
   * throws the reason otherwise); `exists` whether the machine still exists at the end.
   */
  async backup(
    machineId: string,
    destination: string,
    check: () => Promise<{ diskGb: number; failure: boolean }>,
    exists: () => Promise<boolean>,
  ): Promise<void> {
    // Marked before the first await: a power action a moment later already ends it.
    if (this.running.has(machineId)) throw new MachineStateError('A backup of this machine is under way.');
    this.refuseWhileRestoring(machineId);
    let abort: (reason: string) => void = () => {};
    const aborted = new Promise<never>((_, reject) => {
      abort = (reason) => reject(new MachineStateError(reason));
    });
    aborted.catch(() => {});
    this.running.set(machineId, abort);
    const partial = `${destination}.part`;
    try {
      const { diskGb, failure } = await Promise.race([check(), aborted]);
      await Promise.race([pause(this.ms(BACKUP_BASE_MS)), aborted]);
      if (failure) throw new MachineStateError('The disk could not be read (simulated failure).');
      if (!(await exists())) throw new MachineStateError('The compute was destroyed during the backup.');
      await Promise.race([writeSimulatedDisk(partial, diskGb), aborted]);
      await rename(partial, destination);
    } finally {
      this.running.delete(machineId);
      await rm(partial, { force: true });
    }
  }

  async restore(machineId: string, source: string, check: () => Promise<void>): Promise<void> {
    this.refuseWhileRestoring(machineId);
    if (this.running.has(machineId)) {
      throw new MachineStateError('A backup of this machine is under way; restore once it is done.');
    }
    this.restoring.add(machineId);
    try {
      await check();
      await stat(source).catch(() => {
        throw new MachineStateError('The backup’s file is missing.');
      });
      await pause(this.ms(RESTORE_BASE_MS));
    } finally {
      this.restoring.delete(machineId);
    }
  }
}
