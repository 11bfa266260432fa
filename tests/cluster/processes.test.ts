// Servers as separate processes on one PostgreSQL database, the way they are deployed: the one running the
// background work killed with SIGKILL in the middle of a long metering catch-up (another finishes it, nothing
// charged twice or lost), and Debian's nginx in front of two servers while one of them stops and starts again.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Nginx, startNginx } from '../../scripts/nginx';
import { freePort, type ServerProcess, startServerProcess } from '../../scripts/server-process';
import { ledgerSum } from '../../server/billing/ledger';
import { meterUsage } from '../../server/billing/metering';
import { type Database, type DatabaseHandle, openDatabase } from '../../server/db';
import { billingAccounts, computes, ledgerEntries } from '../../server/db/schema';
import { serverMessageSchema } from '../../src/contract/socket';
import { computeRequest, computesPath } from '../server/support/computes';
import { createLiveAccount, openTicketedSocket } from '../server/support/live-account';
import { createScratchDatabase, type ScratchDatabase } from '../server/support/postgres';
import type { SocketProbe } from '../server/support/socket-client';
import { fundTeam, requirePostgres, waitUntil } from './support';

const LEADING = /this server runs the background work/;

let scratch: ScratchDatabase;
let database: DatabaseHandle;
const running: ServerProcess[] = [];

function serve(extra: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  return startServerProcess(
    {
      DATABASE_URL: scratch.url,
      LOG_LEVEL: 'info',
      BILLING_SWEEP_SECONDS: '1',
      SIMULATOR_SPEED: '200',
      ...extra,
    },
    { port },
  ).then((server) => {
    running.push(server);
    return server;
  });
}

async function call(baseUrl: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(method === 'POST' ? { 'Idempotency-Key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * The compute-hours a sweep would charge now, found by running one and rolling it back: 0 once every hour
 * started so far is charged.
 */
async function pendingHours(): Promise<number> {
  let pending = 0;
  await database.db
    .transaction(async (tx) => {
      pending = (await meterUsage(tx as unknown as Database, new Date())).hoursCharged;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return pending;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(requirePostgres());
  database = await openDatabase({ kind: 'postgres', url: scratch.url });
});
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe('servers as processes', () => {
  it('finish the metering a killed leader was in the middle of, charging every hour once', async () => {
    const first = await serve();
    await waitUntil(() => LEADING.test(first.output()), 20_000);
    const second = await serve();
    const owner = await createLiveAccount(first.url);
    const teamId = (await call(first.url, 'GET', '/user/api/v1/teams', owner.token)).body.teams[0].id;
    await fundTeam(database.db, teamId);
    for (let index = 0; index < 3; index++) {
      const created = await call(first.url, 'POST', computesPath(teamId), owner.token, computeRequest());
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    // Made 50 days ago: thousands of hours to catch up, more than one sweep charges (1,000 compute-hours).
    await database.db
      .update(computes)
      .set({ createdAt: sql`now() - interval '50 days'` })
      .where(eq(computes.teamId, teamId));
    const charges = async () =>
      (
        await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.teamId, teamId), eq(ledgerEntries.kind, 'charge')))
      )[0]!.count;

    await waitUntil(async () => (await charges()) > 0, 30_000, first.output);
    first.child.kill('SIGKILL');
    const chargedByFirst = await charges();
    expect(await pendingHours()).toBeGreaterThan(0); // killed in the middle: hours were still due

    await waitUntil(() => LEADING.test(second.output()), 20_000, second.output);
    await waitUntil(async () => (await pendingHours()) === 0, 60_000, second.output);
    expect(await charges()).toBeGreaterThan(chargedByFirst);

    const duplicates = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from (select compute_id, period_start from ledger_entries
          where kind = 'charge' and team_id = ${teamId} group by 1, 2 having count(*) > 1) twice`,
    );
    expect(duplicates.rows[0]!.count).toBe(0);
    const [account] = await database.db
      .select({ balanceMinor: billingAccounts.balanceMinor })
      .from(billingAccounts)
      .where(eq(billingAccounts.teamId, teamId));
    expect(account!.balanceMinor).toBe(await ledgerSum(database.db, teamId));
  });

  describe('behind nginx', () => {
    let nginx: Nginx | undefined;
    afterAll(() => nginx?.stop());

    it('keep a console session working, socket included, while one server stops and starts again', async () => {
      const [portA, portB, front] = [await freePort(), await freePort(), await freePort()];
      const publicUrl = `http://127.0.0.1:${front}`;
      const env = { PUBLIC_URL: publicUrl, TRUST_PROXY: 'true' };
      const a = await serve(env, portA);
      await serve(env, portB);
      nginx = startNginx(front, [portA, portB]);
      await waitUntil(async () => (await fetch(`${publicUrl}/healthz`).catch(() => undefined))?.ok === true);

      const owner = await createLiveAccount(publicUrl);
      const teamId = (await call(publicUrl, 'GET', '/user/api/v1/teams', owner.token)).body.teams[0].id;
      const open = async () => {
        const probe = await openTicketedSocket(publicUrl, owner.token);
        const first = await Promise.race([probe.next(5_000), probe.closed]);
        expect(first as { type: string }, JSON.stringify(first)).toMatchObject({ type: 'hello' });
        return probe;
      };
      const renamedSeenOn = async (probe: SocketProbe, name: string) => {
        const renamed = await call(publicUrl, 'PATCH', `/user/api/v1/teams/${teamId}`, owner.token, { name });
        expect(renamed.status).toBe(200);
        for (;;) {
          const message = v.parse(serverMessageSchema, await probe.next(5_000));
          if (message.type === 'team.updated') return true;
        }
      };
      let socket = await open();
      expect(await renamedSeenOn(socket, 'Through nginx')).toBe(true);

      // A stops; every request meanwhile is answered (by B), and a socket A held closes as "going away".
      const stopping = a.stop();
      for (let index = 0; index < 20; index++) {
        expect((await call(publicUrl, 'GET', '/user/api/v1/teams', owner.token)).status).toBe(200);
      }
      expect(await stopping).toBe(0);
      if (socket.ws.readyState !== socket.ws.OPEN) {
        expect((await socket.closed).code).toBe(1001);
        socket = await open(); // what the console does: a new ticket, a new socket
      }
      expect(await renamedSeenOn(socket, 'While A is away')).toBe(true);

      // A is back on its port: requests reach both again, and the session goes on.
      await serve(env, portA);
      for (let index = 0; index < 10; index++) {
        expect((await call(publicUrl, 'GET', '/user/api/v1/teams', owner.token)).status).toBe(200);
      }
      const again = await open();
      expect(await renamedSeenOn(again, 'A is back')).toBe(true);
      expect(await renamedSeenOn(socket, 'Both hear it')).toBe(true);
      socket.ws.close();
      again.ws.close();
    });
  });
});
