// Servers sharing one PostgreSQL database (DATABASE_URL; skipped without one): how long a change made through
// server A takes to reach a console socket held on server B (1,000 team renames, from the request leaving to
// the message arriving), and requests per second through nginx in front of one server, then two.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as v from 'valibot';
import { serverMessageSchema } from '@/contract/socket';
import { createLiveAccount, openTicketedSocket } from '../../tests/server/support/live-account';
import { createScratchDatabase } from '../../tests/server/support/postgres';
import { NGINX, startNginx } from '../nginx';
import { freePort, removeDataDir, type ServerProcess, startServerProcess } from '../server-process';

export interface ClusterFigures {
  changes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Requests per second through nginx: one server behind it, then two. */
  rpsOneServer: number;
  rpsTwoServers: number;
}

const CHANGES = 1_000;
const LOAD_SECONDS = 5;
const CONCURRENCY = 16;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** GET requests from CONCURRENCY clients for LOAD_SECONDS; answers the successful ones per second. */
async function load(url: string, token: string): Promise<number> {
  const until = performance.now() + LOAD_SECONDS * 1000;
  let ok = 0;
  const client = async () => {
    while (performance.now() < until) {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.ok) ok += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return ok / LOAD_SECONDS;
}

export async function benchCluster(): Promise<ClusterFigures | { skipped: string }> {
  const adminUrl = process.env.DATABASE_URL?.trim();
  if (!adminUrl) return { skipped: 'DATABASE_URL is not set (.ci/run starts a PostgreSQL and sets it)' };
  if (!existsSync(NGINX)) return { skipped: `${NGINX} is missing (sudo apt-get install -y nginx)` };
  const scratch = await createScratchDatabase(adminUrl);
  const servers: ServerProcess[] = [];
  let nginx: ReturnType<typeof startNginx> | undefined;
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' };
    const a = await startServerProcess(env, { port: portA });
    servers.push(a);
    const b = await startServerProcess(env, { port: portB });
    servers.push(b);
    const owner = await createLiveAccount(a.url);
    const headers = { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' };
    const teams = (await (await fetch(`${a.url}/user/api/v1/teams`, { headers })).json()) as {
      teams: { id: string }[];
    };
    const teamId = teams.teams[0]!.id;
    const socket = await openTicketedSocket(b.url, owner.token);
    await socket.next(); // hello

    const latencies: number[] = [];
    for (let index = 0; index < CHANGES; index++) {
      const sent = performance.now();
      const renamed = fetch(`${a.url}/user/api/v1/teams/${teamId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name: `Bench ${index} ${randomBytes(3).toString('hex')}` }),
      });
      for (;;) {
        const message = v.parse(serverMessageSchema, await socket.next(10_000));
        if (message.type === 'team.updated') break;
      }
      latencies.push(performance.now() - sent);
      await (await renamed).arrayBuffer();
    }
    socket.ws.close();
    latencies.sort((x, y) => x - y);

    const front = await freePort();
    nginx = startNginx(front, [portA]);
    await waitForHealth(nginx.url);
    const rpsOneServer = await load(`${nginx.url}/user/api/v1/teams`, owner.token);
    await nginx.stop();
    const front2 = await freePort();
    nginx = startNginx(front2, [portA, portB]);
    await waitForHealth(nginx.url);
    const rpsTwoServers = await load(`${nginx.url}/user/api/v1/teams`, owner.token);
    return {
      changes: CHANGES,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1) ?? 0,
      rpsOneServer,
      rpsTwoServers,
    };
  } finally {
    await nginx?.stop();
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
    await scratch.drop();
  }
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await fetch(`${url}/healthz`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx at ${url} did not answer`);
}

export function printClusterFigures(figures: ClusterFigures | { skipped: string }): boolean {
  console.log('\nServers sharing PostgreSQL (two servers, nginx in front)');
  if ('skipped' in figures) {
    console.log(`  skipped: ${figures.skipped}`);
    return true;
  }
  console.log(
    `  change through A → socket on B, ${figures.changes} changes: p50 ${figures.p50Ms.toFixed(1)} ms, ` +
      `p99 ${figures.p99Ms.toFixed(1)} ms, max ${figures.maxMs.toFixed(1)} ms (target ≤ 1,000 ms)`,
  );
  console.log(
    `  GET /user/api/v1/teams through nginx, ${CONCURRENCY} clients for ${LOAD_SECONDS} s: ` +
      `one server ${figures.rpsOneServer.toFixed(0)}/s, two servers ${figures.rpsTwoServers.toFixed(0)}/s ` +
      '(one machine of 2 cores runs both servers, nginx and the load)',
  );
  return figures.p99Ms <= 1_000;
}
