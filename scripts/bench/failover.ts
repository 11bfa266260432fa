// PostgreSQL behind Patroni failed over under load (scripts/patroni.ts: etcd ×3, Patroni ×2 with synchronous
// replication, HAProxy; two servers behind nginx): the primary is killed FAILOVERS times in a row while
// WRITERS clients write through nginx. Figures: how long writes were refused each time (first 503 → first
// success), and the writes acknowledged and lost over all of them (each acknowledged write looked for in the
// database afterwards). Skipped when Debian's patroni, etcd-server or haproxy is missing.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startWriters, unavailableWindow } from '../failover-writers';
import { NGINX, type Nginx, startNginx } from '../nginx';
import { ETCD, HAPROXY, PATRONI, type PatroniDeployment, startPatroniDeployment } from '../patroni';
import { freePort, removeDataDir, type ServerProcess, startServerProcess } from '../server-process';

const FAILOVERS = 3;
const WRITERS = 4;
/** Writes acknowledged before and after each failover. */
const WRITES_AROUND = 20;
/** The target for the time writes are refused: Patroni's leader key lives 8 s (scripts/patroni.ts). */
const TARGET_WINDOW_MS = 15_000;

export interface FailoverFigures {
  windowsMs: number[];
  acknowledged: number;
  lost: number;
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function benchFailover(): Promise<FailoverFigures | { skipped: string }> {
  for (const binary of [PATRONI, ETCD, HAPROXY, NGINX]) {
    if (!existsSync(binary)) {
      return { skipped: `${binary} is missing (apt-get install patroni etcd-server haproxy nginx)` };
    }
  }
  let deployment: PatroniDeployment | undefined;
  let nginx: Nginx | undefined;
  const servers: ServerProcess[] = [];
  try {
    deployment = await startPatroniDeployment();
    const admin = new pg.Client({ connectionString: deployment.url('postgres') });
    await admin.connect();
    await admin.query('create role ikirere login');
    await admin.query('create database ikirere owner ikirere');
    await admin.end();
    const url = `postgres://ikirere@127.0.0.1:${deployment.port}/ikirere`;
    for (let index = 0; index < 2; index++) {
      servers.push(await startServerProcess({ DATABASE_URL: url, LOG_LEVEL: 'warn' }));
    }
    nginx = startNginx(
      await freePort(),
      servers.map((server) => server.port),
    );

    const windowsMs: number[] = [];
    const acknowledged: string[] = [];
    for (let round = 1; round <= FAILOVERS; round++) {
      const { primary } = await deployment.waitHealthy();
      const writers = startWriters(nginx.url, `bench${round}-${Date.now().toString(36)}`, WRITERS);
      const served = (since: number) =>
        writers.answers.filter((answer) => answer.at > since && answer.status < 300).length;
      await until(() => served(0) >= WRITES_AROUND, 30_000, 'writes before the failover');
      const killedAt = performance.now();
      deployment.kill(primary);
      await until(
        () => unavailableWindow(writers.answers, killedAt) !== undefined && served(killedAt) >= WRITES_AROUND,
        60_000,
        'writes after the failover',
      );
      await writers.stop();
      windowsMs.push(unavailableWindow(writers.answers, killedAt)!.ms);
      acknowledged.push(
        ...writers.answers.flatMap((answer) => (answer.challengeId ? [answer.challengeId] : [])),
      );
      deployment.restart(primary);
    }
    await deployment.waitHealthy();

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query<{ count: number }>(
      'select count(*)::int as count from verification_challenges where id = any($1::uuid[])',
      [acknowledged],
    );
    await check.end();
    return { windowsMs, acknowledged: acknowledged.length, lost: acknowledged.length - rows[0]!.count };
  } finally {
    await nginx?.stop();
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
    await deployment?.stop();
  }
}

export function printFailoverFigures(figures: FailoverFigures | { skipped: string }): boolean {
  console.log(
    `\nPostgreSQL failing over under Patroni (etcd ×3, 2 nodes synchronous, HAProxy; 2 servers behind nginx, ${WRITERS} writers)`,
  );
  if ('skipped' in figures) {
    console.log(`  skipped: ${figures.skipped}`);
    return true;
  }
  console.log(
    `  first 503 → first success, ${figures.windowsMs.length} failovers: ` +
      `${figures.windowsMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (target ≤ ${TARGET_WINDOW_MS / 1000} s)`,
  );
  console.log(`  writes acknowledged ${figures.acknowledged}, lost ${figures.lost} (target 0)`);
  return figures.lost === 0 && figures.windowsMs.every((ms) => ms <= TARGET_WINDOW_MS);
}
