// PostgreSQL behind Patroni, failed over while people work: three etcd members, two PostgreSQL nodes under
// Patroni with synchronous replication, HAProxy to the primary by Patroni's REST check, two Ikirere servers
// behind nginx — all from Debian's packages on loopback ports (scripts/patroni.ts). Three times in a row the
// primary is lost at once (SIGKILL to its Patroni, its postmaster and its backends) while clients write
// through nginx: every answer is a success or a 503 with Retry-After (never a 500, never a hang), the servers
// reconnect to the promoted standby by themselves, every acknowledged write is in the database afterwards,
// a console socket is told to resync and hears of changes again, a DNS record added during the failover is
// answered by both servers' embedded DNS, and no compute-hour is charged twice.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerMessage, serverMessageSchema } from '@/contract/socket';
import { HANG_MS, RETRY_PACE_MS, startWriters, unavailableWindow } from '../../scripts/failover-writers';
import { type Nginx, startNginx } from '../../scripts/nginx';
import { type PatroniDeployment, startPatroniDeployment } from '../../scripts/patroni';
import { freePort, type ServerProcess, startServerProcess } from '../../scripts/server-process';
import { hourStartsBetween } from '../../server/billing/metering';
import { type DatabaseHandle, openDatabase } from '../../server/db';
import { clusterLeadership, computes, usageAccruals, verificationChallenges } from '../../server/db/schema';
import { queryDns } from '../../server/dns/client';
import { fundTeam, waitUntil } from '../cluster/support';
import { computeRequest, computesPath } from '../server/support/computes';
import { createLiveAccount, type LiveAccount, openTicketedSocket } from '../server/support/live-account';
import type { SocketProbe } from '../server/support/socket-client';

const ROUNDS = 3;
const WRITERS = 4;

let deployment: PatroniDeployment;
let database: DatabaseHandle;
let nginx: Nginx;
const servers: ServerProcess[] = [];
let owner: LiveAccount;
let teamId: string;
let domainId: string;
let zone: string;

async function call(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${owner.token}`,
      'Content-Type': 'application/json',
      ...(method === 'POST' ? { 'Idempotency-Key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(HANG_MS),
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Tries a change through nginx until it is accepted; every refusal on the way must be a 503 with Retry-After. */
async function untilAccepted(method: string, path: string, body: unknown, refusals: number[]) {
  for (;;) {
    const answer = await call(nginx.url, method, path, body);
    if (answer.status < 300) return answer;
    refusals.push(answer.status);
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, RETRY_PACE_MS));
  }
}

async function nextOfType(probe: SocketProbe, type: ServerMessage['type'], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = v.parse(serverMessageSchema, await probe.next(Math.max(1, deadline - Date.now())));
    if (message.type === type) return message;
  }
}

function dnsOf(server: ServerProcess) {
  return async (name: string) => {
    try {
      const answer = await queryDns({
        name,
        type: 'A',
        host: '127.0.0.1',
        port: server.dnsPort,
        timeoutMs: 1_000,
      });
      return (answer.answers ?? []).map((record) => ('data' in record ? String(record.data) : ''));
    } catch {
      return [];
    }
  };
}

async function leadershipEpoch(): Promise<number> {
  const [row] = await database.db.select().from(clusterLeadership);
  return row?.epoch ?? 0;
}

const logs = () =>
  `${servers.map((server, index) => `── server ${index}\n${server.output().split('\n').slice(-30).join('\n')}`).join('\n')}\n${deployment?.logs() ?? ''}`;

beforeAll(async () => {
  deployment = await startPatroniDeployment();
  const admin = new pg.Client({ connectionString: deployment.url('postgres') });
  await admin.connect();
  await admin.query('create role ikirere login');
  await admin.query('create database ikirere owner ikirere');
  await admin.end();
  const url = `postgres://ikirere@127.0.0.1:${deployment.port}/ikirere`;
  for (let index = 0; index < 2; index++) {
    servers.push(
      await startServerProcess({ DATABASE_URL: url, LOG_LEVEL: 'info', BILLING_SWEEP_SECONDS: '1' }),
    );
  }
  nginx = startNginx(
    await freePort(),
    servers.map((server) => server.port),
  );
  await waitUntil(async () => (await fetch(`${nginx.url}/healthz`).catch(() => undefined))?.ok === true);
  database = await openDatabase({ kind: 'postgres', url, migrate: false });

  owner = await createLiveAccount(servers[0]!.url);
  teamId = (await call(nginx.url, 'GET', '/user/api/v1/teams')).body.teams[0].id;
  await fundTeam(database.db, teamId, 10_000_000);
  zone = `failover-${Date.now().toString(36)}.rw`;
  const domain = await call(nginx.url, 'POST', `/resource-manager/api/v1/teams/${teamId}/domains`, {
    name: zone,
  });
  expect(domain.status, JSON.stringify(domain.body)).toBe(201);
  domainId = domain.body.id;
  // A compute running for three days: the leader's sweep charges its hours, across the failovers too.
  const compute = await call(nginx.url, 'POST', computesPath(teamId), computeRequest());
  expect(compute.status, JSON.stringify(compute.body)).toBe(201);
  await database.db
    .update(computes)
    .set({ createdAt: sql`now() - interval '3 days'` })
    .where(eq(computes.id, compute.body.id));
}, 240_000);

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      console.error(
        `A server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().split('\n').slice(-40).join('\n')}`,
      );
    }
  }
  await database?.close().catch(() => {});
  await nginx?.stop();
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  await deployment?.stop();
});

describe('PostgreSQL behind Patroni, its primary killed while people work', () => {
  it(`fails over ${ROUNDS} times: 503 with Retry-After meanwhile, no acknowledged write lost, live updates and DNS catch up`, async () => {
    const acknowledged: string[] = [];
    const epochBefore = await leadershipEpoch();
    for (let round = 1; round <= ROUNDS; round++) {
      const { primary, standby } = await deployment.waitHealthy();
      const socket = await openTicketedSocket(servers[1]!.url, owner.token);
      expect(v.parse(serverMessageSchema, await socket.next(5_000)).type).toBe('hello');

      const writers = startWriters(nginx.url, `round${round}-${Date.now().toString(36)}`, WRITERS);
      const { answers } = writers;
      await waitUntil(() => answers.filter((answer) => answer.status === 200).length >= 20, 30_000, logs);

      const killedAt = performance.now();
      deployment.kill(primary);
      // A record added while the primary is gone: accepted once the standby is promoted.
      const refusals: number[] = [];
      const record = await untilAccepted(
        'POST',
        `/resource-manager/api/v1/teams/${teamId}/domains/${domainId}/records`,
        { type: 'A', name: `round${round}`, value: `192.0.2.${round}` },
        refusals,
      );
      expect(record.status).toBe(201);
      expect((await deployment.primary())?.name).toBe(standby.name);
      // The writers go on until each of them has been answered with a success again.
      await waitUntil(
        () =>
          answers.some((answer) => answer.at > killedAt && answer.status === 503) &&
          answers.filter((answer) => answer.at > killedAt && answer.status === 200).length >= WRITERS * 5,
        60_000,
        logs,
      );
      await writers.stop();

      // Only successes and 503s with Retry-After, as problem documents; nothing hung (a hang fails the fetch).
      const statuses = new Set(answers.map((answer) => answer.status));
      expect([...statuses].sort(), logs()).toEqual([200, 503]);
      for (const answer of answers.filter((each) => each.status === 503)) {
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(answer.contentType).toMatch(/^application\/problem\+json/);
      }
      const window = unavailableWindow(answers, killedAt)!;
      const ok = answers.filter((answer) => answer.status === 200);
      acknowledged.push(...ok.map((answer) => answer.challengeId!));
      console.info(
        `failover ${round}: ${primary.name} → ${standby.name}; first 503 → first success ${Math.round(window.ms)} ms; ` +
          `${ok.length} writes acknowledged, ${answers.length - ok.length} answered 503`,
      );

      // The console socket on the second server was told to read again, and hears of changes again.
      await nextOfType(socket, 'resync', 30_000);
      const renamed = await call(nginx.url, 'PATCH', `/user/api/v1/teams/${teamId}`, {
        name: `After failover ${round}`,
      });
      expect(renamed.status).toBe(200);
      expect(await nextOfType(socket, 'team.updated', 10_000)).toEqual({ type: 'team.updated', teamId });
      socket.ws.close();

      // Both servers' embedded DNS answer the record added during the failover.
      for (const server of servers) {
        const ask = dnsOf(server);
        await waitUntil(
          async () => (await ask(`round${round}.${zone}`)).includes(`192.0.2.${round}`),
          30_000,
          logs,
        );
      }

      // The lost node comes back as the standby (rewound if it must), synchronous again before the next round.
      deployment.restart(primary);
    }
    await deployment.waitHealthy();

    // Each failover ended the leader's session: a server took the lead again under a new term every time.
    await waitUntil(async () => (await leadershipEpoch()) >= epochBefore + ROUNDS, 30_000, logs);

    // Every acknowledged write is in the database: none lost over the failovers.
    const ids = [...new Set(acknowledged)];
    expect(ids.length).toBe(acknowledged.length);
    const found = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(verificationChallenges)
      .where(sql`${verificationChallenges.id} in ${ids}`);
    console.info(
      `${ids.length} writes acknowledged over ${ROUNDS} failovers, ${ids.length - found[0]!.count} lost`,
    );
    expect(found[0]!.count).toBe(ids.length);

    // Every hour of the three-day-old compute charged once: as many hours accrued as have started.
    const [compute] = await database.db.select().from(computes).where(eq(computes.teamId, teamId));
    await waitUntil(
      async () => {
        const before = hourStartsBetween(compute!.createdAt, compute!.createdAt, new Date());
        const [accrued] = await database.db
          .select({ hours: sql<number>`coalesce(sum(${usageAccruals.hours}), 0)::int` })
          .from(usageAccruals)
          .where(eq(usageAccruals.computeId, compute!.id));
        const after = hourStartsBetween(compute!.createdAt, compute!.createdAt, new Date());
        expect(accrued!.hours).toBeLessThanOrEqual(after);
        return accrued!.hours >= before;
      },
      30_000,
      logs,
    );
  }, 420_000);
});
