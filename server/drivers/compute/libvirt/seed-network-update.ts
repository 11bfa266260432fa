// A machine's seed given a new network-config, its meta-data and user-data kept byte for byte (the root
// password's crypt is in there, and nowhere else): the seed is fetched from the host's pool, its two files
// read with isoinfo (genisoimage's package), a new ISO written, and uploaded over the same volume in place
// (vol-upload writes into the existing file), so a running guest's QEMU, which holds the file open, reads
// the new one when the guest reads its seed again. The ISO is padded to the volume's size; a larger one
// grows the volume first.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedIso } from './cloud-init-seed';
import type { HostConnection } from './host-connection';

export const ISOINFO = process.env.IKIRERE_ISOINFO ?? 'isoinfo';

function fileOf(iso: string, name: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      ISOINFO,
      ['-i', iso, '-J', '-x', `/${name}`],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`isoinfo could not read ${name}: ${stderr || error.message}`))
          : resolve(stdout),
    ),
  );
}

export async function replaceSeedNetworkConfig(
  host: HostConnection,
  volume: string,
  networkConfig: string,
): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-seed-update-'));
  try {
    const current = join(directory, 'current.iso');
    await host.run(['vol-download', '--pool', host.config.pool, volume, current], 120_000);
    const metaData = await fileOf(current, 'meta-data');
    const userData = await fileOf(current, 'user-data');
    if (!metaData.includes('instance-id')) throw new Error(`the seed ${volume} has no meta-data`);
    const next = await seedIso({
      'meta-data': metaData,
      'user-data': userData,
      'network-config': networkConfig,
    });
    const size = (await stat(current)).size;
    if (next.length > size) {
      await host.run(['vol-resize', '--pool', host.config.pool, volume, String(next.length)], 60_000);
    }
    const padded = next.length < size ? Buffer.concat([next, Buffer.alloc(size - next.length)]) : next;
    const upload = join(directory, 'next.iso');
    await writeFile(upload, padded, { mode: 0o600 });
    await host.run(['vol-upload', '--pool', host.config.pool, volume, upload], 120_000);
    // Read back: the pool holds the new network-config.
    const check = join(directory, 'check.iso');
    await host.run(['vol-download', '--pool', host.config.pool, volume, check], 120_000);
    if ((await fileOf(check, 'network-config')) !== networkConfig) {
      throw new Error(`the seed ${volume} did not take its new network-config`);
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
