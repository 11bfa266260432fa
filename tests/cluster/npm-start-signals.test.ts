// `npm start` stopped the ways a service manager or a person stops it: SIGTERM to the whole process group
// (systemd's default), and SIGTERM to npm's own pid. Either way the server stops once and gracefully — it logs
// "stopped" once, with no forced exit — and no process of the group is left running. Twenty times each, on
// PostgreSQL (the embedded database's lock being freed is checked in tests/server/main.test.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../server/support/postgres';
import { emptyStaticDir } from '../server/support/test-app';
import { requirePostgres } from './support';

const ROUNDS = 20;
const ROOT = join(import.meta.dirname, '..', '..');
const dataDirs: string[] = [];
let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase(requirePostgres());
});
afterAll(async () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await scratch?.drop();
});

interface Started {
  dataDir: string;
  npm: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

/** `npm start` as the leader of its own process group, once its server answers. */
async function npmStart(dataDir: string): Promise<Started> {
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      DNS_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      STATIC_DIR: emptyStaticDir(),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  npm.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  for (;;) {
    if (/Ikirere console: http/.test(output)) break;
    if (npm.exitCode !== null) throw new Error(`npm start ended during start-up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { dataDir, npm, output: () => output, exited };
}

/** The processes still in the group (npm, sh, scripts/start.mjs, the server). */
function groupMembers(pgid: number): number[] {
  const listed = spawnSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' }).stdout;
  return listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
}

async function until(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectGracefulStop(started: Started, pgid: number): Promise<void> {
  await started.exited;
  await until(
    () => groupMembers(pgid).length === 0,
    () => `still running: ${groupMembers(pgid).join(', ')}\n${started.output()}`,
  );
  expect(started.output().match(/"msg":"stopped"/g) ?? [], started.output()).toHaveLength(1);
  expect(started.output()).not.toMatch(/shutdown took too long|shutdown failed/);
}

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ikirere-npm-start-'));
  dataDirs.push(dir);
  return dir;
}

// The two run side by side (each on its own data directory and port) to keep the suite's time down.
describe.concurrent('npm start', () => {
  it(`stops gracefully on SIGTERM to its process group, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    const dataDir = freshDataDir();
    for (let round = 0; round < ROUNDS; round++) {
      const started = await npmStart(dataDir);
      const pgid = started.npm.pid!;
      process.kill(-pgid, 'SIGTERM');
      await expectGracefulStop(started, pgid);
    }
  }, 600_000);

  it(`stops gracefully on SIGTERM to npm alone, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    const dataDir = freshDataDir();
    for (let round = 0; round < ROUNDS; round++) {
      const started = await npmStart(dataDir);
      const pgid = started.npm.pid!;
      started.npm.kill('SIGTERM');
      await expectGracefulStop(started, pgid);
    }
  }, 600_000);
});
