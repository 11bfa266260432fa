// What an operator sees of the database: migrations applied on a fresh start and not again on restart,
// the instance identity kept across restarts, and one server per PGlite data directory.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../../server/db/data-dir-lock';
import { ensureInstanceSettings } from '../../../server/db/instance-settings';
import { ALL_TABLES, appliedMigrations, journal, tables } from '../support/schema-tables';

const dataDirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ikirere-data-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('embedded PGlite in DATA_DIR', () => {
  it('migrates a fresh directory, keeps one server per directory, and restarts without migrating again', async () => {
    const dataDir = freshDataDir();
    const lockPath = join(dataDir, LOCK_FILE_NAME);

    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await tables(first)).toEqual(ALL_TABLES);
      expect(await appliedMigrations(first)).toBe(journal.entries.length);
      expect(existsSync(lockPath)).toBe(true);

      // A second server on the same directory is turned away with a message saying what to do.
      const second = openDatabase({ kind: 'pglite', dataDir });
      await expect(second).rejects.toThrow(DataDirLockedError);
      await expect(second).rejects.toThrow(
        `Another Ikirere server (pid ${process.pid}) is using the data directory ${dataDir}. Stop that server first, or set DATA_DIR to another directory.`,
      );
      // …and its failure leaves the first server's lock alone.
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(`(pid ${process.pid})`);
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath)).toBe(false);

    const instance = await (async () => {
      // A lock file left by an earlier version (a dead server's pid) is taken over.
      writeFileSync(lockPath, `${deadPid()}\n`);
      const restarted = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(existsSync(lockPath)).toBe(true);
        expect(await appliedMigrations(restarted)).toBe(journal.entries.length);
        return await ensureInstanceSettings(restarted.db);
      } finally {
        await restarted.close();
      }
    })();
    expect(instance.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(instance.instanceSecret.length).toBeGreaterThanOrEqual(43);
    // Three PGlite opens: 30 s was not enough on 2 cores at a load average of 19.
  }, 120_000);

  // The lock itself (SIGKILL, zombies, pids reused by other processes) is tested in data-dir-lock.test.ts.
  it('opens a directory whose lock file names a live process that is no Ikirere server', async () => {
    const dataDir = freshDataDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(join(dataDir, LOCK_FILE_NAME), `${other.pid}\n`);
      const opened = await openDatabase({ kind: 'pglite', dataDir });
      await opened.close();
    } finally {
      other.kill();
    }
  }, 120_000);
});
