// Graceful shutdown of a real server: sockets told 1001, no new connections, in-flight requests finish
// (or are cut at the drain deadline), then the database closes and the data directory is free again.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { LOCK_FILE_NAME } from '../../server/db/data-dir-lock';
import { defineRoutes } from '../../server/http/routes';
import { createLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { createLiveAccount, openTicketedSocket } from './support/live-account';
import { createScratchDatabase, postgresUrl, type ScratchDatabase } from './support/postgres';
import { emptyStaticDir } from './support/test-app';

const DRAIN_TIMEOUT_MS = 1_500;

interface Gate {
  entered: Promise<void>;
  released: Promise<void>;
  enter(): void;
  release(): void;
}

function createGate(): Gate {
  const gate = {} as Gate;
  gate.entered = new Promise((resolve) => {
    gate.enter = resolve;
  });
  gate.released = new Promise((resolve) => {
    gate.release = resolve;
  });
  return gate;
}

const gates = { finishing: createGate(), hanging: createGate() };

const slowRoutes = defineRoutes('/slow').add({
  method: 'get',
  path: '/:name',
  summary: 'Answer once the test releases the gate',
  tokenScope: 'never',
  request: { params: v.object({ name: v.picklist(['finishing', 'hanging']) }) },
  responses: { 200: { description: 'Done.' } },
  handler: async (c, { params }) => {
    const gate = gates[params.name];
    gate.enter();
    await gate.released;
    return c.json({ done: true });
  },
});

/** A plain request on its own connection, so no pooled keep-alive socket hides a refused connect. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

let dataDir: string;
let scratch: ScratchDatabase | undefined;
let server: RunningServer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-data-'));
  scratch = postgresUrl ? await createScratchDatabase(postgresUrl) : undefined;
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  server = await startServer(config, {
    logger: createLogger('silent'),
    drainTimeoutMs: DRAIN_TIMEOUT_MS,
    additionalServices: [{ name: 'Test', basePath: '/test/api/v1', resources: [slowRoutes] }],
  });
});
afterAll(async () => {
  gates.hanging.release();
  await server?.close();
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('closes sockets with 1001, answers new requests 503, drains running ones, then closes the database', async () => {
  expect((await get(`${server.url}/healthz`)).status).toBe(200);
  if (!postgresUrl) expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);

  const account = await createLiveAccount(server.url);
  const socket = await openTicketedSocket(server.url, account.token);
  expect(await socket.next()).toMatchObject({ type: 'hello' });

  const finishing = get(`${server.url}/test/api/v1/slow/finishing`);
  // Ten more on their way as the stop comes: each is answered (done, or 503 if it arrived after), none cut.
  const others = Array.from({ length: 10 }, () => get(`${server.url}/test/api/v1/slow/finishing`));
  const hanging = get(`${server.url}/test/api/v1/slow/hanging`);
  await Promise.all([gates.finishing.entered, gates.hanging.entered]);

  const started = Date.now();
  const closing = server.close();

  expect(await socket.closed).toEqual({ code: 1001, reason: 'Server is shutting down' });
  // A request arriving while the server drains is answered 503 (a load balancer retries it elsewhere), not
  // reset; its connection is closed after the answer.
  const late = await get(`${server.url}/healthz`);
  expect(late.status).toBe(503);
  expect(JSON.parse(late.body)).toMatchObject({
    status: 503,
    detail: 'This server is restarting. Try again in a moment.',
  });

  // A request already running when the stop came still gets its answer…
  gates.finishing.release();
  expect(await finishing).toEqual({ status: 200, body: '{"done":true}' });
  for (const answer of await Promise.all(others)) expect([200, 503]).toContain(answer.status);
  // …while one that outlives the drain deadline is cut so the stop cannot hang.
  await expect(hanging).rejects.toThrow(/socket hang up|ECONNRESET/);

  await closing;
  // Stopped: the port is closed.
  await expect(get(`${server.url}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(DRAIN_TIMEOUT_MS - 50);
  expect(elapsed).toBeLessThan(10_000);

  await expect(server.database.ping()).rejects.toThrow();
  if (!postgresUrl) expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  // Closing twice (a second signal) is harmless.
  await server.close();
});
