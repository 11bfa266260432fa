// The simulator's disk capture: its machines have no disk contents, so a capture writes what a fresh disk
// of the machine's size would be, a real (empty) qcow2 made by qemu-img, after a believable delay. Downloads,
// checks and computes made from it then work on a real file, as on libvirt.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How long a capture takes before the speed factor: about a minute for a small disk copied whole. */
export const CAPTURE_BASE_MS = 15_000;

export async function writeSimulatedDisk(destination: string, diskGb: number): Promise<void> {
  try {
    await run('qemu-img', ['create', '-q', '-f', 'qcow2', destination, `${diskGb}G`], { timeout: 30_000 });
  } catch (error) {
    await rm(destination, { force: true });
    throw error;
  }
}

/** Resolves after `ms` without keeping the process alive for it. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
