// PGlite is a single-process database: two servers writing the same directory would corrupt it, so the
// first one takes a lock file holding its pid and later ones are turned away while that process lives.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another Ikirere server (pid ${ownerPid}) is using the data directory ${dataDir}. ` +
        'Stop that server first, or set DATA_DIR to another directory. ' +
        `If no such server runs, delete ${join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  // Two attempts: the second follows the removal of a lock left behind by a process that died.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return lockHandle(path);
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    const owner = readOwnerPid(path);
    if (owner !== undefined && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    rmSync(path, { force: true });
  }
  throw new Error(`Could not take the lock ${path}: another process keeps recreating it.`);
}

function lockHandle(path: string): DataDirLock {
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      // Only remove a lock that is still ours, never one a successor took after a forced takeover.
      if (readOwnerPid(path) === process.pid) rmSync(path, { force: true });
    },
  };
}

function readOwnerPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it is alive.
    return isErrno(error, 'EPERM');
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
