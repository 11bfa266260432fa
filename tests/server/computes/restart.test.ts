// After a restart every compute is where it was, and a transition that was under way completes: one that
// fell due while the server was down is settled during start, one still running resumes with the time it
// had left, and one whose request never reached the hypervisor is sent again. A real server on a data
// directory (or PostgreSQL), closed and started again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { computeEvents, computes } from '../../../server/db/schema';
import { createLogger } from '../../../server/logger';
import { type RunningServer, startServer } from '../../../server/main';
import { fundTeam } from '../support/billing';
import { computeRequest } from '../support/computes';
import { createLiveAccount } from '../support/live-account';
import { postgresUrl } from '../support/postgres';
import { emptyStaticDir } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const TIMINGS = 'provision=50,power_on=50,power_off=50,destroy=50,shutdown=1500,reboot=5000';

let dataDir: string;
let scratch: TestDatabase | undefined;
let server: RunningServer | undefined;

function start(): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    SIMULATOR_TIMINGS: TIMINGS,
    ...(scratch?.url ? { DATABASE_URL: scratch.url } : {}),
  });
  return startServer(config, { logger: createLogger('silent') });
}

async function api(method: string, path: string, token: string, body?: unknown, headers = {}) {
  const response = await fetch(`${server!.url}/resource-manager/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-restart-'));
  // PostgreSQL runs reopen their scratch database; PGlite runs reopen the data directory.
  if (postgresUrl) scratch = await openTestDatabase();
  await scratch?.handle.close();
});
afterAll(async () => {
  await server?.close();
  if (scratch?.url) await scratch.dispose().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server restart', () => {
  it('finds every compute where it was and completes what was under way', async () => {
    server = await start();
    const { token } = await createLiveAccount(server.url);
    const teams = await fetch(`${server.url}/user/api/v1/teams`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const teamId = ((await teams.json()) as { teams: { id: string }[] }).teams[0]!.id;
    await fundTeam(server.database.db, teamId); // computes are prepaid

    const ids = {} as Record<'overdue' | 'resumed' | 'unsent' | 'steady', string>;
    for (const name of ['overdue', 'resumed', 'unsent', 'steady'] as const) {
      const created = await api(
        'POST',
        `/teams/${teamId}/computes`,
        token,
        computeRequest({ hostname: name }),
        {
          'Idempotency-Key': `restart-${name}-${Date.now()}`,
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[name] = created.body.compute.id;
    }
    const read = (id: string) => api('GET', `/teams/${teamId}/computes/${id}`, token);
    for (const id of Object.values(ids))
      await until(
        () => read(id),
        (answer) => answer.body.status === 'running',
      );

    expect(
      (await api('POST', `/teams/${teamId}/computes/${ids.overdue}/actions`, token, { type: 'shutdown' }))
        .status,
    ).toBe(202);
    expect(
      (await api('POST', `/teams/${teamId}/computes/${ids.resumed}/actions`, token, { type: 'reboot' }))
        .status,
    ).toBe(202);
    // As if the server stopped between recording a shutdown and asking the hypervisor for it.
    const db = server.database.db;
    await db.update(computes).set({ status: 'stopping' }).where(eq(computes.id, ids.unsent));
    await db.insert(computeEvents).values({
      computeId: ids.unsent,
      action: 'shutdown',
      actorUserId: null,
      result: 'in-progress',
      at: new Date(),
    });

    await server.close();
    server = undefined;
    // The shutdown (1.5 s) falls due while the server is down; the reboot (5 s) does not.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    server = await start();

    // Settled during start, before the first request is served.
    expect((await read(ids.overdue)).body.status).toBe('stopped');
    expect((await read(ids.resumed)).body.status).toBe('rebooting');
    expect((await read(ids.steady)).body.status).toBe('running');
    const unsent = await until(
      () => read(ids.unsent),
      (answer) => answer.body.status === 'stopped',
    );
    expect(unsent.body.status).toBe('stopped');
    const resumed = await until(
      () => read(ids.resumed),
      (answer) => answer.body.status === 'running',
    );
    expect(resumed.body.status).toBe('running');

    const history = await api('GET', `/teams/${teamId}/computes/${ids.overdue}/history`, token);
    expect(
      history.body.events.map(
        (event: { action: string; result: string }) => `${event.action}:${event.result}`,
      ),
    ).toEqual(['recovered:succeeded', 'shutdown:succeeded', 'create:succeeded']);
    expect(history.body.events[0].message).toBe(
      'The server restarted while the compute was stopping; it carried on from where it was.',
    );
    const steady = await api('GET', `/teams/${teamId}/computes/${ids.steady}/history`, token);
    expect(steady.body.events.map((event: { action: string }) => event.action)).toEqual(['create']);

    // The addresses stayed with their computes: a new compute gets a fresh one.
    const list = await api('GET', `/teams/${teamId}/computes`, token);
    const addresses = list.body.computes.map((compute: { ipv4: string }) => compute.ipv4);
    expect(new Set(addresses).size).toBe(4);
  });
});
