// A server whose PostgreSQL goes away and comes back, as in a failover: the connection cut under it (a proxy
// this test runs between the server and the database drops every connection and refuses new ones). Requests
// that need the database answer 503 with Retry-After, quickly — never a 500, never a hang — the server
// stays up, and once the database is back the same requests succeed again without a restart, its link to
// the other servers is restored and it takes the background work up again.
import { rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerMessage, serverMessageSchema } from '@/contract/socket';
import { freePort, type ServerProcess, startServerProcess } from '../../scripts/server-process';
import { createLiveAccount, openTicketedSocket } from '../server/support/live-account';
import { createScratchDatabase, type ScratchDatabase } from '../server/support/postgres';
import { requirePostgres, waitUntil } from './support';

/** A TCP forwarder to PostgreSQL that can drop every connection and refuse new ones, then take them again. */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
        from.pipe(to);
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** The database is gone: every connection reset, nothing listening. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }
}

let scratch: ScratchDatabase;
let proxy: CuttableProxy;
let server: ServerProcess;

beforeAll(async () => {
  scratch = await createScratchDatabase(requirePostgres());
  const url = new URL(scratch.url);
  proxy = new CuttableProxy(await freePort(), { host: url.hostname, port: Number(url.port || 5432) });
  await proxy.open();
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  server = await startServerProcess({ DATABASE_URL: url.toString(), LOG_LEVEL: 'info' });
});
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  await proxy?.cut();
  await scratch?.drop();
});

/** A request that must write to the database: asking for a sign-in code (one challenge row). */
async function askForCode(n: number) {
  const started = Date.now();
  const response = await fetch(`${server.url}/user/api/v1/auth/email-code`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `loss-${n}-${Date.now()}@example.rw` }),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as { title?: string; detail?: string },
    ms: Date.now() - started,
  };
}

describe('a server whose database goes away', () => {
  it('answers 503 with Retry-After while it is gone, stays up, and serves again once it is back', async () => {
    expect((await askForCode(0)).status).toBe(200);
    // A console connected meanwhile: its socket stays open through the loss (it is to the server, not the
    // database), and it is told to read again what it shows once the server's link is back.
    const owner = await createLiveAccount(server.url);
    const socket = await openTicketedSocket(server.url, owner.token);
    expect(v.parse(serverMessageSchema, await socket.next(5_000)).type).toBe('hello');

    for (let round = 1; round <= 2; round++) {
      await proxy.cut();
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await askForCode(round * 10 + attempt);
        expect(answer.status, JSON.stringify(answer)).toBe(503);
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(answer.contentType).toMatch(/^application\/problem\+json/);
        expect(answer.body.detail).toMatch(/database/i);
        // Bounded by the connection timeout (5 s), not a hang.
        expect(answer.ms).toBeLessThan(15_000);
      }
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(server.child.exitCode).toBeNull();

      await proxy.open();
      // The pool makes new connections by itself: no restart.
      let last = 0;
      await waitUntil(
        async () => {
          last = (await askForCode(round * 10 + 9)).status;
          return last === 200;
        },
        30_000,
        () => `last status ${last}\n${server.output().slice(-3000)}`,
      );
      // Its link to the other servers (LISTEN) and the background work (the leader's lock) come back too.
      const times = (pattern: RegExp) => server.output().match(new RegExp(pattern, 'g'))?.length ?? 0;
      await waitUntil(
        () =>
          times(/link to the other servers restored/) === round &&
          times(/runs the background work/) === round + 1,
        30_000,
        () => server.output().slice(-3000),
      );
      let message: ServerMessage;
      do message = v.parse(serverMessageSchema, await socket.next(10_000));
      while (message.type !== 'resync');
    }
    socket.ws.close();
    expect(server.output()).not.toMatch(/unhandled error/);
  });
});
