// `tsx server/main.ts` as an operator runs it: the URL line, SIGTERM ending in exit 0 within the limit,
// clear refusals for bad settings and for a data directory another server holds, and a server killed with
// SIGKILL that always comes back.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../server/db/data-dir-lock';
import { emptyStaticDir } from './support/test-app';

const ROOT = join(import.meta.dirname, '..', '..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `orphaned`: the server's parent is `sleep`, which never reaps its children, so a killed server stays a
 * zombie (as under a PID 1 that does not reap, in many containers); `child` is then that parent.
 */
function runServer(env: Record<string, string>, options: { orphaned?: boolean } = {}): Run {
  const [command, args] = options.orphaned
    ? [
        'sh',
        ['-c', '"$0" --import tsx server/main.ts & echo "server pid $!"; exec sleep 600', process.execPath],
      ]
    : [process.execPath, ['--import', 'tsx', 'server/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    // Only what the test names: an inherited DATABASE_URL or PORT must not leak into the child.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A start on a machine other work keeps busy (one took 83 s on 2 cores at a load average of 21). */
const START_MS = 150_000;

async function waitFor(run: Run, pattern: RegExp, timeoutMs = 45_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${pattern} in output:\n${run.output()}`);
}

describe('configuration errors', () => {
  it('lists every bad variable and exits 1 before touching anything', async () => {
    const run = runServer({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
    expect(run.output()).toContain('LOG_LEVEL must be one of');
    expect(run.output()).toContain('DATABASE_URL must be a PostgreSQL URL');
  });
});

// On the embedded database, whatever database the other server tests use: the data directory's lock is what
// this file checks, and it only exists there (servers on PostgreSQL share their database, not a directory).
describe('a running server', () => {
  let dataDir: string;
  let run: Run;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ikirere-data-'));
    run = runServer({ PORT: '0', DNS_PORT: '0', DATA_DIR: dataDir, STATIC_DIR: emptyStaticDir() });
    url = (await waitFor(run, /Ikirere console: (http:\/\/127\.0\.0\.1:\d+)/, START_MS))[1]!;
  }, START_MS + 10_000);
  afterAll(async () => {
    if (run?.child.exitCode === null) run.child.kill('SIGKILL');
    await run?.exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves at the URL it prints', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
  });

  it('turns away a second server on the same data directory', async () => {
    const second = runServer({ PORT: '0', DNS_PORT: '0', DATA_DIR: dataDir, STATIC_DIR: emptyStaticDir() });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Ikirere server (pid ${run.child.pid}) is using the data directory`,
    );
  });

  it('stops on SIGTERM with exit code 0, well within 10 s, and frees the data directory', async () => {
    const started = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.output()).toMatch(/"msg":"stopped"/);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });
});

function processState(pid: number): string | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) S …", the state after the command's closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

// Issue 25: the restart right after a kill -9 was refused, the pid lock fooled by a zombie or a reused pid.
describe('a server killed with SIGKILL', () => {
  const runs: Run[] = [];
  let dataDir: string;
  afterAll(async () => {
    for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    await Promise.all(runs.map((run) => run.exited));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('comes back at once, cycle after cycle, reaped or left a zombie, past a lock file naming a live process', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ikirere-data-'));
    // The lock file of the former format, naming a live process that is no server (after a power cut, its
    // pid may belong to anything): this test's own.
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${process.pid}\n`);
    const env = { PORT: '0', DNS_PORT: '0', DATA_DIR: dataDir, STATIC_DIR: emptyStaticDir() };
    for (let cycle = 0; cycle < 2; cycle++) {
      const orphaned = cycle % 2 === 1;
      const run = runServer(env, { orphaned });
      runs.push(run);
      const url = (await waitFor(run, /Ikirere console: (http:\/\/127\.0\.0\.1:\d+)/, START_MS))[1]!;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const pid = orphaned ? Number((await waitFor(run, /server pid (\d+)/))[1]) : run.child.pid!;
      process.kill(pid, 'SIGKILL');
      if (orphaned) {
        // A zombie, which kill(pid, 0) still finds: the former lock took it for a live server.
        await waitUntil(() => processState(pid) === 'Z');
        expect(() => process.kill(pid, 0)).not.toThrow();
      } else {
        await run.exited;
      }
    }
    const last = runServer(env);
    runs.push(last);
    const url = (await waitFor(last, /Ikirere console: (http:\/\/127\.0\.0\.1:\d+)/, START_MS))[1]!;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    last.child.kill('SIGTERM');
    expect(await last.exited).toBe(0);
  }, 900_000);
});

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
