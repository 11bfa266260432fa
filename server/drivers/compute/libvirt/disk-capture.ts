// Capturing a stopped machine's disk as a team image, through virsh so it works the same on a remote host
// (qemu+ssh) as on this one: `vol-create-from` copies the disk (a qcow2 overlay) into a new volume with
// libvirt's `qemu-img convert`, which reads through the backing chain and writes a standalone qcow2; the
// copy is then fetched with `vol-download` into the control plane's file and deleted on the host.
// (A machine made from a team image: team-image-disk.ts.)
import { randomUUID } from 'node:crypto';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MachineStateError } from '../compute-driver';
import type { FlowContext } from './flows/flow';
import { currentState } from './flows/machine-state';
import { diskVolume, generationOf } from './provisioning';

/** A disk of a few GB is copied twice (convert, download): allow for a slow host. */
const COPY_TIMEOUT_MS = 60 * 60_000;

export class DiskCaptures {
  /** Machines whose disk is being captured: they take no transition but destroy meanwhile. */
  private readonly capturing = new Set<string>();

  constructor(private readonly context: FlowContext) {}

  /** Throws the reason when an image is being captured from the machine's disk. */
  refuseWhileCapturing(machineId: string): void {
    if (this.capturing.has(machineId)) {
      throw new MachineStateError('An image is being captured from its disk; wait until it is done.');
    }
  }

  async capture(machineId: string, destination: string): Promise<void> {
    // Marked before the first await: a power action asked a moment after the capture is refused.
    this.refuseWhileCapturing(machineId);
    this.capturing.add(machineId);
    try {
      await this.copy(machineId, destination);
    } finally {
      this.capturing.delete(machineId);
    }
  }

  private async copy(machineId: string, destination: string): Promise<void> {
    const row = await this.context.store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    if (row.transition || (await currentState(this.context, row)) !== 'stopped') {
      throw new MachineStateError('Only a stopped machine’s disk can be captured; power it off first.');
    }
    const host = this.context.hosts.of(row);
    const copy = `ikirere-capture-${randomUUID()}.qcow2`;
    const partial = `${destination}.part`;
    try {
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
      await host.run(['vol-download', '--pool', host.config.pool, copy, partial], COPY_TIMEOUT_MS);
      await rename(partial, destination);
    } finally {
      await rm(partial, { force: true });
      await host.deleteVolume(copy).catch((error: unknown) => {
        this.context.logger.warn({ err: error, volume: copy }, 'could not delete a capture’s copy');
      });
    }
  }
}

async function withTempFile<T>(name: string, content: string, use: (path: string) => Promise<T>) {
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-capture-'));
  try {
    const path = join(directory, name);
    await writeFile(path, content, { mode: 0o600 });
    return await use(path);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
