// Two leaders overlapping: server A leads, then its lock's session ends without A hearing of it (its link to
// the database frozen, as in a network cut or a paused process), so server B takes the lock while A still
// believes it leads and its background work goes on through its other connections. The fence refuses A's
// work from the moment B's term began: nothing A's work writes commits beside B's, and A stops leading.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/server-process';
import { type Cluster, joinCluster } from '../../server/cluster';
import { type DatabaseHandle, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { createScratchDatabase, type ScratchDatabase } from '../server/support/postgres';
import { requirePostgres, waitUntil } from './support';

/** A TCP forwarder to PostgreSQL that can freeze: it keeps every connection open but passes nothing on. */
class FreezableProxy {
  private readonly pairs = new Set<[Socket, Socket]>();
  private server: Server | undefined;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      for (const socket of pair) socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', () => resolve()));
  }

  /** Nothing passes any more in either direction, and a side that closes is not told to the other. */
  freeze(): void {
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  async close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let scratch: ScratchDatabase;
let proxy: FreezableProxy;
const handles: DatabaseHandle[] = [];
const clusters: Cluster[] = [];
const logger = createLogger('silent');

/** A server's background work: a row a moment, in a transaction, saying which server wrote it under which term. */
function recorder(database: DatabaseHandle, server: string, refused: unknown[]) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  return {
    name: `recording for ${server}`,
    start() {
      timer = setInterval(() => {
        running ??= database.db
          .transaction(async (tx) => {
            await tx.execute(
              sql`insert into fencing_probe (server, epoch) select ${server}, epoch from cluster_leadership`,
            );
          })
          .catch((error: unknown) => {
            refused.push(error);
          })
          .finally(() => {
            running = undefined;
          });
      }, 20);
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function rows(server: string) {
  const result = await handles[0]!.db.execute<{ epoch: string }>(
    sql`select epoch from fencing_probe where server = ${server} order by id`,
  );
  return result.rows.map((row) => Number(row.epoch));
}

beforeAll(async () => {
  scratch = await createScratchDatabase(requirePostgres());
  const url = new URL(scratch.url);
  proxy = new FreezableProxy(await freePort(), { host: url.hostname, port: Number(url.port || 5432) });
  await proxy.open();
  for (let index = 0; index < 2; index++) {
    handles.push(await openDatabase({ kind: 'postgres', url: scratch.url }));
  }
  await handles[0]!.db.execute(
    sql`create table fencing_probe (id bigserial primary key, server text not null, epoch bigint not null)`,
  );
});
afterAll(async () => {
  await proxy?.close();
  for (const cluster of clusters) await cluster.close();
  for (const handle of handles) await handle.close();
  await scratch?.drop();
});

describe('two leaders overlapping', () => {
  it("refuses the deposed leader's work once the new leader's term began", async () => {
    // A's lock and listener go through the proxy; its pool straight to the database. A checks its lock
    // only every minute: it will not notice by itself that it lost it.
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const a = await joinCluster({ ...handles[0]!, url: viaProxy.toString() } as DatabaseHandle, logger, {
      leaderCheckMs: 60_000,
    });
    clusters.push(a);
    const refusedA: unknown[] = [];
    a.whileLeading(recorder(handles[0]!, 'A', refusedA));
    await waitUntil(() => a.isLeader);
    await waitUntil(async () => (await rows('A')).length >= 3);
    const termA = (await rows('A'))[0]!;

    // A's lock session ends on the database's side; A hears nothing of it.
    proxy.freeze();
    await handles[1]!.db.execute(
      sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = 7314160`,
    );

    const b = await joinCluster(handles[1]!, logger, { leaderCheckMs: 50 });
    clusters.push(b);
    const refusedB: unknown[] = [];
    b.whileLeading(recorder(handles[1]!, 'B', refusedB));
    await waitUntil(() => b.isLeader);
    // For a moment both believe they lead; A's work, still running, is refused and A steps down.
    await waitUntil(() => refusedA.length > 0 && !a.isLeader, 10_000);
    expect(String(refusedA[0])).toMatch(/Another server runs the background work since leadership term/);
    await waitUntil(async () => (await rows('B')).length >= 3);

    // Everything A wrote was under its own term, before B's began; B's under B's; B's work never refused.
    const writtenByA = await rows('A');
    const writtenByB = await rows('B');
    expect(new Set(writtenByA)).toEqual(new Set([termA]));
    expect(new Set(writtenByB)).toEqual(new Set([termA + 1]));
    const order = await handles[1]!.db.execute<{ server: string }>(
      sql`select server from fencing_probe order by id`,
    );
    const servers = order.rows.map((row) => row.server);
    expect(servers.lastIndexOf('A')).toBeLessThan(servers.indexOf('B'));
    expect(refusedB).toEqual([]);
    expect(b.isLeader).toBe(true);
  });
});
