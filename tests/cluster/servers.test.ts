// Two servers on one PostgreSQL database, each with its own HTTP port, sockets and embedded DNS server, as two
// machines behind a load balancer would run them: what one does, the other's users see; the background work
// runs on one of them at a time; limits count the tries made through both.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerMessage, serverMessageSchema } from '@/contract/socket';
import { UsageSweep } from '../../server/billing';
import { loadConfig } from '../../server/config';
import { billingAccounts, usageAccruals } from '../../server/db/schema';
import { queryDns } from '../../server/dns/client';
import { createLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { computeRequest, computesPath } from '../server/support/computes';
import { TestClock } from '../server/support/identity';
import { createLiveAccount, type LiveAccount, openTicketedSocket } from '../server/support/live-account';
import { createScratchDatabase, type ScratchDatabase } from '../server/support/postgres';
import type { SocketProbe } from '../server/support/socket-client';
import { emptyStaticDir } from '../server/support/test-app';
import { fundTeam, requirePostgres, waitUntil } from './support';

const HOUR = 3_600_000;
/** Code sends one client address may make in the window, counted across both servers. */
const SENDS_PER_NETWORK = 12;
/** What the team is given to spend: computes are prepaid. */
const FUNDS = 1_000_000;

let scratch: ScratchDatabase;
const dataDirs: string[] = [];
const clock = new TestClock(new Date('2026-03-10T08:00:00Z'));
let a: RunningServer;
let b: RunningServer;
let owner: LiveAccount;
let teamId: string;

function start(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ikirere-cluster-'));
  dataDirs.push(dataDir);
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    DATABASE_URL: scratch.url,
    SIMULATOR_SPEED: '200',
    NAMESERVERS: 'ns1.example-dns.net,ns2.example-dns.net',
    DELEGATION_CHECK_INTERVAL_SECONDS: '0',
    // Sweeps are driven by the test's clock below, not by the servers' timers.
    BILLING_SWEEP_SECONDS: '3600',
  });
  return startServer(config, {
    logger: createLogger('silent'),
    leaderCheckMs: 50,
    delegationResolver: { lookupNs: async () => ({ ok: false, reason: 'offline test' }) },
    identity: {
      clock,
      networkLimits: {
        'send-code': { max: SENDS_PER_NETWORK, windowMs: 15 * 60_000 },
        'enter-code': { max: 100, windowMs: 15 * 60_000 },
      },
    },
  });
}

async function api(server: RunningServer, method: string, path: string, body?: unknown, token = owner.token) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The next message of `type` on the socket (others skipped), and when it arrived. */
async function nextOfType(probe: SocketProbe, type: ServerMessage['type']) {
  for (;;) {
    const message = v.parse(serverMessageSchema, await probe.next(5_000));
    if (message.type === type) return { message, at: performance.now() };
  }
}

function dnsOf(server: RunningServer) {
  const port = Number(server.domains.driver.info.endpoint.split(':').at(-1));
  return async (name: string, type: 'A' | 'SOA') => {
    const answer = await queryDns({ name, type, host: '127.0.0.1', port, timeoutMs: 2_000 });
    return {
      rcode: answer.rcode,
      data: (answer.answers ?? []).map((record) => ('data' in record ? record.data : undefined)),
    };
  };
}

beforeAll(async () => {
  scratch = await createScratchDatabase(requirePostgres());
  a = await start();
  b = await start();
  owner = await createLiveAccount(a.url);
  teamId = (await api(b, 'GET', '/user/api/v1/teams')).body.teams[0].id;
  await fundTeam(a.database.db, teamId, FUNDS);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await scratch?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('two servers on one PostgreSQL database', () => {
  it('tell a console connected to B of a change made through A within a second', async () => {
    const onB = await openTicketedSocket(b.url, owner.token);
    await onB.next(); // hello
    const sent = performance.now();
    const renamed = await api(a, 'PATCH', `/user/api/v1/teams/${teamId}`, { name: 'Renamed through A' });
    expect(renamed.status).toBe(200);
    const { message, at } = await nextOfType(onB, 'team.updated');
    expect(message).toEqual({ type: 'team.updated', teamId });
    expect(at - sent).toBeLessThan(1_000);
    onB.ws.close();
  });

  it('deliver messages longer than NOTIFY allows, whole and in order', async () => {
    const received: unknown[] = [];
    const stop = b.cluster.subscribe('live', (payload) => received.push(payload));
    const long = { users: [], message: { type: 'note', text: 'x'.repeat(20_000) } };
    await a.cluster.broadcast('live', { users: [], message: { type: 'first' } });
    await a.cluster.broadcast('live', long);
    await a.cluster.broadcast('live', { users: [], message: { type: 'last' } });
    await waitUntil(() => received.length >= 3);
    stop();
    expect(received).toEqual([
      { users: [], message: { type: 'first' } },
      long,
      { users: [], message: { type: 'last' } },
    ]);
  });

  it('answer the same over DNS after a change through either', async () => {
    const [askA, askB] = [dnsOf(a), dnsOf(b)];
    const zone = `both-${Date.now().toString(36)}.rw`;
    const created = await api(a, 'POST', `/resource-manager/api/v1/teams/${teamId}/domains`, { name: zone });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await waitUntil(async () => (await askB(zone, 'SOA')).rcode === 'NOERROR');

    const added = await api(
      b,
      'POST',
      `/resource-manager/api/v1/teams/${teamId}/domains/${created.body.id}/records`,
      {
        type: 'A',
        name: 'api',
        value: '192.0.2.44',
      },
    );
    expect(added.status).toBe(201);
    expect((await askB(`api.${zone}`, 'A')).data).toEqual(['192.0.2.44']);
    await waitUntil(async () => (await askA(`api.${zone}`, 'A')).data.length === 1);
    expect((await askA(`api.${zone}`, 'A')).data).toEqual(['192.0.2.44']);
    expect((await askA(zone, 'SOA')).data).toEqual((await askB(zone, 'SOA')).data);

    const deleted = await api(
      a,
      'DELETE',
      `/resource-manager/api/v1/teams/${teamId}/domains/${created.body.id}`,
      {
        confirmName: zone,
      },
    );
    expect(deleted.status).toBe(204);
    await waitUntil(async () => (await askB(`api.${zone}`, 'A')).rcode === 'REFUSED');
  });

  it('count code sends across both servers: N servers do not multiply the tries', async () => {
    let accepted = 0;
    let refused: Response | undefined;
    for (let index = 0; index < SENDS_PER_NETWORK * 2 && !refused; index++) {
      const response = await fetch(`${(index % 2 ? a : b).url}/user/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Sprayed', email: `spray-${index}-${Date.now()}@example.com` }),
      });
      if (response.status === 429) refused = response;
      else {
        expect(response.status).toBeLessThan(300);
        accepted += 1;
      }
    }
    // The owner's account took two sends (e-mail and phone) before these.
    expect(accepted).toBe(SENDS_PER_NETWORK - 2);
    expect(refused?.status).toBe(429);
  });

  it('charge every compute-hour of a day exactly once while both sweep', async () => {
    // A compute made through A; both servers sweep every simulated hour, at the same moment.
    const created = await fetch(`${a.url}${computesPath(teamId)}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${owner.token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': randomUUID(),
      },
      body: JSON.stringify(computeRequest()),
    });
    expect(created.status).toBe(201);
    const { compute } = (await created.json()) as { compute: { id: string } };
    const sweeps = [new UsageSweep(a.billing), new UsageSweep(b.billing)];
    for (let hour = 0; hour < 24; hour++) {
      clock.advance(HOUR);
      await Promise.all(sweeps.map((sweep) => sweep.sweep()));
    }
    // One row for the compute's month, with the hour it started and 24 more begun since, each once (RWF 10
    // an hour), and the balance down by exactly that.
    const months = await a.database.db
      .select()
      .from(usageAccruals)
      .where(eq(usageAccruals.computeId, compute.id));
    expect(months).toHaveLength(1);
    expect(months[0]).toMatchObject({ hours: 25, amountMinor: 250 });
    const [account] = await a.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.teamId, teamId));
    expect(account).toMatchObject({ balanceMinor: FUNDS - 250, accruedMinor: 250 });
  });

  it('run the background work on exactly one server, and hand it over when that one stops', async () => {
    await waitUntil(() => a.cluster.isLeader || b.cluster.isLeader);
    expect([a.cluster.isLeader, b.cluster.isLeader].filter(Boolean)).toHaveLength(1);
    const leaderWasA = a.cluster.isLeader;
    const [leader, follower] = leaderWasA ? [a, b] : [b, a];
    await leader.close();
    await waitUntil(() => follower.cluster.isLeader);
    const restarted = await start();
    if (leaderWasA) a = restarted;
    else b = restarted;
    // The restarted server stays a follower while the other holds the lock (several of its checks pass).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(follower.cluster.isLeader).toBe(true);
    expect(restarted.cluster.isLeader).toBe(false);
  });
});
