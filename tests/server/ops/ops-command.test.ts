// `npm run ops` as an operator runs it beside a running server: it finds the server and the operator
// token from the same environment, and says plainly what to do when either is missing.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { teams, teamVerifications } from '../../../server/db/schema';
import { createLogger } from '../../../server/logger';
import { OPERATOR_TOKEN_FILE } from '../../../server/ops/operator-access';
import { type RunningServer, startServer } from '../../../server/start-server';
import { emptyStaticDir } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const ROOT = join(import.meta.dirname, '..', '..', '..');

let database: TestDatabase;
let server: RunningServer;
let dataDir: string;
let teamId: string;

function npmOps(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: ROOT,
    // Only what an operator's shell would have: no inherited DATABASE_URL, PORT or token.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, out: out.trim(), err: err.trim() })),
  );
}

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-ops-'));
  const config = loadConfig({ PORT: '0', DNS_PORT: '0', DATA_DIR: dataDir, STATIC_DIR: emptyStaticDir() });
  server = await startServer(config, { database: database.handle, logger: createLogger('silent') });
  const [team] = await database.handle.db
    .insert(teams)
    .values({ name: 'Umurage Ltd', verificationStatus: 'PENDING' })
    .returning({ id: teams.id });
  teamId = team!.id;
  await database.handle.db.insert(teamVerifications).values({
    teamId,
    legalName: 'Umurage Limited',
    registrationNumber: 'RDB-1',
    country: 'RW',
    address: 'Kigali',
    submittedAt: new Date(),
  });
});
afterAll(async () => {
  await server?.close();
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run ops', () => {
  it('reads the token the server wrote to DATA_DIR, lists the waiting team and approves it', async () => {
    expect(statSync(join(dataDir, OPERATOR_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    const env = { PORT: String(server.port), DATA_DIR: dataDir };
    const list = await npmOps(['verification', 'list'], env);
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(new RegExp(`^${teamId}\\s+Umurage Ltd\\s+Umurage Limited\\s+\\S+$`, 'm'));

    const approve = await npmOps(['verification', 'approve', teamId, '--message', 'Welcome.'], env);
    expect(approve.code, approve.err).toBe(0);
    expect(approve.out).toBe(
      `The team Umurage Ltd (${teamId}) is now VERIFIED. E-mailed the owners: nobody (the team has no owner).`,
    );
    const [row] = await database.handle.db.select().from(teams).where(eq(teams.id, teamId));
    expect(row!.verificationStatus).toBe('VERIFIED');
  });

  it('says where the token comes from when it has none, and how to reach a server that is not there', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'ikirere-ops-empty-'));
    try {
      const noToken = await npmOps(['verification', 'list'], {
        PORT: String(server.port),
        DATA_DIR: elsewhere,
      });
      expect(noToken.code).toBe(1);
      expect(noToken.err).toContain(
        `No operator token: set OPERATOR_TOKEN, or start the server once with this DATA_DIR so that it writes ${join(elsewhere, OPERATOR_TOKEN_FILE)}.`,
      );
      const noServer = await npmOps(['verification', 'list', '--server', 'http://127.0.0.1:9'], {
        DATA_DIR: dataDir,
      });
      expect(noServer.code).toBe(1);
      expect(noServer.err).toContain(
        'Could not reach the server at http://127.0.0.1:9. Start it (npm start), or say where it runs with --server <url>.',
      );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
