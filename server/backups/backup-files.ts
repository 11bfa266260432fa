// The backup directory (DATA_DIR/backups): each available backup is `<id>.qcow2`, a standalone qcow2 the
// driver wrote. The driver writes `<id>.qcow2.part` and renames it once complete, so a backup interrupted
// (a power action, a crash) never leaves a half-written file under a backup's name; start() sweeps strays.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface BackupFacts {
  sizeBytes: number;
  virtualSizeBytes: number;
}

export class BackupFiles {
  constructor(readonly directory: string) {}

  async ready(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
  }

  pathOf(backupId: string): string {
    return join(this.directory, `${backupId}.qcow2`);
  }

  async remove(backupId: string): Promise<void> {
    await rm(this.pathOf(backupId), { force: true });
    await rm(`${this.pathOf(backupId)}.part`, { force: true });
  }

  /** Removes files no backup in `keep` owns (leftovers of a crash mid-copy). */
  async removeStrays(keep: ReadonlySet<string>): Promise<void> {
    for (const name of await readdir(this.directory)) {
      const id = name.replace(/\.qcow2(\.part)?$/, '');
      if (!keep.has(id) || name.endsWith('.part')) await rm(join(this.directory, name), { force: true });
    }
  }

  /** The size of the file and of the disk it holds, read with qemu-img (qcow2 only, never probed). */
  async factsOf(backupId: string): Promise<BackupFacts> {
    const path = this.pathOf(backupId);
    const { stdout } = await run('qemu-img', ['info', '--output=json', '-f', 'qcow2', path], {
      timeout: 60_000,
    });
    const info = JSON.parse(stdout) as { 'virtual-size'?: number; 'backing-filename'?: string };
    if (info['backing-filename']) throw new Error('The backup has a backing file; it must stand alone.');
    const { size } = await stat(path);
    return { sizeBytes: size, virtualSizeBytes: info['virtual-size'] ?? 0 };
  }
}
