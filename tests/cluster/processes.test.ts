// Servers as separate processes on one PostgreSQL database, the way they are deployed: the one running the
// background work killed with SIGKILL in the middle of a long metering catch-up (another finishes it, nothing
// charged twice or lost), and Debian's nginx in front of two servers while one of them stops and starts again.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverMessageSchema } from '@/contract/socket';
import { type Nginx, startNginx } from '../../scripts/nginx';
import { freePort, type ServerProcess, startServerProcess } from '../../scripts/server-process';
import { ledgerSum } from '../../server/billing/ledger';
import {
  addMonths,
  hourStartsBetween,
  meterUsage,
  monthStartOf,
  planPrice,
} from '../../server/billing/metering';
import { accruedSum } from '../../server/billing/pending-usage';
import { type Database, type DatabaseHandle, openDatabase } from '../../server/db';
import { billingAccounts, computes, usageAccruals } from '../../server/db/schema';
import { computeRequest, computesPath } from '../server/support/computes';
import { createLiveAccount, openTicketedSocket } from '../server/support/live-account';
import { createScratchDatabase, type ScratchDatabase } from '../server/support/postgres';
import type { SocketProbe } from '../server/support/socket-client';
import { fundTeam, requirePostgres, waitUntil } from './support';

const LEADING = /this server runs the background work/;
const COMPUTES = 5;
const FUNDS = 10_000_000;

/** What metering must have charged a compute made at `created`, per month start: hours × rate within the cap. */
function expectedCharges(
  created: Date,
  instanceType: Record<string, unknown>,
  asOf: Date,
): Map<number, number> {
  const price = planPrice(instanceType, 'RWF');
  const charges = new Map<number, number>();
  for (let month = monthStartOf(created); month <= asOf; month = addMonths(month, 1)) {
    const end = new Date(Math.min(addMonths(month, 1).getTime(), asOf.getTime() + 1));
    const hours = hourStartsBetween(created, month < created ? created : month, end);
    if (hours > 0) charges.set(month.getTime(), Math.min(hours * price.hourlyMinor, price.monthlyMinor));
  }
  return charges;
}

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
    // One compute a sweep (a second apart): a catch-up of several computes takes several sweeps.
    const slow = { METERING_COMPUTES_PER_SWEEP: '1' };
    const first = await serve(slow);
    await waitUntil(() => LEADING.test(first.output()), 20_000);
    const second = await serve(slow);
    const owner = await createLiveAccount(first.url);
    const teamId = (await call(first.url, 'GET', '/user/api/v1/teams', owner.token)).body.teams[0].id;
    await fundTeam(database.db, teamId, FUNDS);
    // Computes made 50 days ago (over two or three calendar months), none metered yet: the team's billing
    // lock is held while they are made and back-dated, so no sweep meters them before.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from billing_accounts where team_id = ${teamId} for update`);
      for (let index = 0; index < COMPUTES; index++) {
        const created = await call(first.url, 'POST', computesPath(teamId), owner.token, computeRequest());
        expect(created.status, JSON.stringify(created.body)).toBe(201);
      }
      await tx
        .update(computes)
        .set({ createdAt: sql`now() - interval '50 days'` })
        .where(eq(computes.teamId, teamId));
    });
    const metered = async () =>
      (
        await database.db
          .select({ count: sql<number>`count(distinct ${usageAccruals.computeId})::int` })
          .from(usageAccruals)
          .where(eq(usageAccruals.teamId, teamId))
      )[0]!.count;

    await waitUntil(async () => (await metered()) > 0, 30_000, first.output);
    first.child.kill('SIGKILL');
    const meteredByFirst = await metered();
    expect(await pendingHours()).toBeGreaterThan(0); // killed in the middle: computes were still due

    await waitUntil(() => LEADING.test(second.output()), 20_000, second.output);
    await waitUntil(async () => (await pendingHours()) === 0, 60_000, second.output);
    expect(await metered()).toBeGreaterThan(meteredByFirst);

    // Every compute charged exactly what its hours come to, month by month within the cap, once.
    const made = await database.db.select().from(computes).where(eq(computes.teamId, teamId));
    expect(made).toHaveLength(COMPUTES);
    const asOf = new Date();
    let total = 0;
    for (const compute of made) {
      const rows = await database.db
        .select()
        .from(usageAccruals)
        .where(eq(usageAccruals.computeId, compute.id));
      const byMonth = new Map<number, number>();
      for (const row of rows) {
        byMonth.set(row.monthStart.getTime(), (byMonth.get(row.monthStart.getTime()) ?? 0) + row.amountMinor);
      }
      const expected = expectedCharges(compute.createdAt, compute.instanceType, asOf);
      // The hour starting while this runs may be in or out: compare every month but the current one whole.
      for (const [month, amount] of expected) {
        if (month === monthStartOf(asOf).getTime()) {
          expect(Math.abs((byMonth.get(month) ?? 0) - amount)).toBeLessThanOrEqual(10);
        } else {
          expect(byMonth.get(month), new Date(month).toISOString()).toBe(amount);
        }
      }
      expect([...byMonth.keys()].every((month) => expected.has(month))).toBe(true);
      total += [...byMonth.values()].reduce((sum, amount) => sum + amount, 0);
    }
    // The surviving leader goes on sweeping (and posts ended months once metering has caught up): read the
    // account and the sums it caches from one snapshot.
    const seen = await database.db.transaction(
      async (tx) => {
        const [account] = await tx
          .select({ balanceMinor: billingAccounts.balanceMinor, accruedMinor: billingAccounts.accruedMinor })
          .from(billingAccounts)
          .where(eq(billingAccounts.teamId, teamId));
        const [charged] = await tx
          .select({ sum: sql<string>`coalesce(sum(${usageAccruals.amountMinor}), 0)` })
          .from(usageAccruals)
          .where(eq(usageAccruals.teamId, teamId));
        return {
          account: account!,
          charged: Number(charged!.sum),
          accrued: await accruedSum(tx, teamId),
          ledger: await ledgerSum(tx, teamId),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // An hour may have started since the rows above were read: the snapshot's charges decide, and differ
    // from the months checked above by that hour at most.
    const anHour = COMPUTES * planPrice(made[0]!.instanceType, 'RWF').hourlyMinor;
    expect(Math.abs(seen.charged - total)).toBeLessThanOrEqual(anHour);
    expect(seen.account.balanceMinor).toBe(FUNDS - seen.charged);
    expect(seen.account.accruedMinor).toBe(seen.accrued);
    expect(seen.account.balanceMinor).toBe(seen.ledger - seen.account.accruedMinor);
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
