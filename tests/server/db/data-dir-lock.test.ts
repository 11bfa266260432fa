// The data directory's lock is one the kernel releases when its holder dies: a server killed with SIGKILL
// (reaped or left a zombie) never keeps the next one out, a lock file naming an unrelated live process does
// not either, and a live holder, even in another network namespace, still does (issue 25).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../../server/db/data-dir-lock';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const HOLDER = ['--import', 'tsx', 'tests/server/support/lock-holder.ts'];

const dataDirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ikirere-lock-'));
  dataDirs.push(dir);
  return dir;
}
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `command`, resolving with the first line matching `pattern` on its standard output. */
function startAndWaitFor(command: string, args: string[], pattern: RegExp): Promise<RegExpMatchArray> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = output.match(pattern);
      if (match) resolve(match);
    });
    child.on('exit', () => reject(new Error(`${command} ended without ${pattern}:\n${output}`)));
  });
}

/** A process holding the lock of `dataDir`, and its pid once it holds it. */
async function holder(dataDir: string): Promise<{ pid: number; child: ChildProcess }> {
  const match = await startAndWaitFor(process.execPath, [...HOLDER, dataDir], /locked (\d+)/);
  return { pid: Number(match[1]), child: children.at(-1)! };
}

function processState(pid: number): string | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) S …", the state after the command's closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the data directory lock', () => {
  it('turns a second holder away with the first one’s pid, and is free again once released', async () => {
    const dataDir = freshDataDir();
    const lock = await acquireDataDirLock(dataDir);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);
    const refused = acquireDataDirLock(dataDir);
    await expect(refused).rejects.toThrow(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      `Another Ikirere server (pid ${process.pid}) is using the data directory ${dataDir}.`,
    );
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    (await acquireDataDirLock(dataDir)).release();
  });

  it('turns this process away while another live process holds it', async () => {
    const dataDir = freshDataDir();
    const { pid } = await holder(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`(pid ${pid})`);
  });

  it('is taken at once after its holder is killed with SIGKILL, cycle after cycle', async () => {
    const dataDir = freshDataDir();
    for (let cycle = 0; cycle < 6; cycle++) {
      const { child } = await holder(dataDir);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      (await acquireDataDirLock(dataDir)).release();
    }
    // Each holder is a Node process started through tsx: seconds each on a busy machine.
  }, 180_000);

  it('is taken at once after its holder is killed and left a zombie that kill(pid, 0) still finds', async () => {
    const dataDir = freshDataDir();
    // The holder's parent becomes `sleep`, which never waits for its children: killed, it stays a zombie
    // (as under a PID 1 that does not reap, in many containers).
    const script = `"$0" ${HOLDER.join(' ')} "$1" & exec sleep 600`;
    const match = await startAndWaitFor('sh', ['-c', script, process.execPath, dataDir], /locked (\d+)/);
    const pid = Number(match[1]);
    process.kill(pid, 'SIGKILL');
    await until(() => processState(pid) === 'Z');
    // What the former pid lock asked: the zombie looks alive.
    expect(() => process.kill(pid, 0)).not.toThrow();
    (await acquireDataDirLock(dataDir)).release();
  });

  it('ignores a lock file left naming the pid of an unrelated live process', async () => {
    const dataDir = freshDataDir();
    const unrelated = spawn('sleep', ['600']);
    children.push(unrelated);
    // The former lock's format: a file holding a pid, here one that after a power cut belongs to another process.
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${unrelated.pid}\n`);
    const lock = await acquireDataDirLock(dataDir);
    lock.release();
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${process.pid}\n`);
    (await acquireDataDirLock(dataDir)).release();
  });

  it('turns this process away while a holder in another network namespace lives', async () => {
    // The abstract socket is per network namespace; the socket file in the directory is seen from any.
    if (spawnSync('unshare', ['--net', 'true']).status !== 0) {
      throw new Error('this test needs `unshare --net` (root, or user namespaces)');
    }
    const dataDir = freshDataDir();
    const match = await startAndWaitFor(
      'unshare',
      ['--net', process.execPath, ...HOLDER, dataDir],
      /locked (\d+)/,
    );
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`(pid ${match[1]})`);
  });
});
