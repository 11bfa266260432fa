// The console WebSocket on a real server: hello, heartbeats, ping/pong, and a clear close for anything
// outside the contract. The heartbeat is shortened so the test sees several beats quickly. Every socket is
// opened as the console does: with a ticket, from the server's own origin (socket-tickets.test.ts covers
// who is let in).
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { problemSchema } from '@/contract/problem';
import { MAX_CLIENT_MESSAGE_BYTES, serverMessageSchema } from '@/contract/socket';
import { loadConfig } from '../../../server/config';
import { createLogger } from '../../../server/logger';
import { type RunningServer, startServer } from '../../../server/main';
import { createLiveAccount, type LiveAccount, openTicketedSocket } from '../support/live-account';
import { opened, openSocket } from '../support/socket-client';
import { emptyStaticDir } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const HEARTBEAT_MS = 150;

let database: TestDatabase;
let server: RunningServer;
let account: LiveAccount;
const connect = (options?: { autoPong?: boolean }) => openTicketedSocket(server.url, account.token, options);

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ PORT: '0', DNS_PORT: '0', STATIC_DIR: emptyStaticDir() });
  server = await startServer(config, {
    database: database.handle,
    logger: createLogger('silent'),
    heartbeatIntervalMs: HEARTBEAT_MS,
  });
  account = await createLiveAccount(server.url);
});
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

describe('messages', () => {
  it('says hello with the heartbeat interval, then beats on that interval', async () => {
    const probe = await connect();
    const hello = v.parse(serverMessageSchema, await probe.next());
    expect(hello).toEqual({
      type: 'hello',
      serverTime: expect.any(String),
      heartbeatIntervalMs: HEARTBEAT_MS,
    });
    expect(Math.abs(Date.parse(hello.type === 'hello' ? hello.serverTime : '') - Date.now())).toBeLessThan(
      5_000,
    );

    const started = Date.now();
    expect(v.parse(serverMessageSchema, await probe.next())).toMatchObject({ type: 'heartbeat' });
    expect(v.parse(serverMessageSchema, await probe.next())).toMatchObject({ type: 'heartbeat' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS);
    probe.ws.close();
  });

  it('answers ping with pong', async () => {
    const probe = await connect();
    await probe.next(); // hello
    probe.ws.send(JSON.stringify({ type: 'ping' }));
    let reply = await probe.next();
    while ((reply as { type: string }).type === 'heartbeat') reply = await probe.next();
    expect(reply).toEqual({ type: 'pong' });
    probe.ws.close();
  });
});

describe('messages outside the contract', () => {
  it.each([
    ['text that is not JSON', 'hello?', 1008, 'Invalid message: not JSON'],
    [
      'JSON of an unknown type',
      JSON.stringify({ type: 'subscribe', topic: 'computes' }),
      1008,
      'Invalid message: not in the contract',
    ],
    ['binary data', Buffer.from([1, 2, 3]), 1003, 'Binary messages are not supported'],
  ])('closes the socket on %s with a code and reason', async (_label, payload, code, reason) => {
    const probe = await connect();
    await opened(probe.ws);
    probe.ws.send(payload);
    expect(await probe.closed).toEqual({ code, reason });
  });

  it('closes with 1009 when a message exceeds the size cap', async () => {
    const probe = await connect();
    await opened(probe.ws);
    probe.ws.send(JSON.stringify({ type: 'ping', padding: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) }));
    expect((await probe.closed).code).toBe(1009);
  });
});

describe('connections', () => {
  it('cuts off a peer that stops answering WebSocket pings', async () => {
    const probe = await connect({ autoPong: false });
    await opened(probe.ws);
    const started = Date.now();
    expect((await probe.closed).code).toBe(1006);
    expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 4);
  });

  it('keeps a peer that answers pings', async () => {
    const probe = await connect();
    await opened(probe.ws);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4));
    expect(probe.ws.readyState).toBe(WebSocket.OPEN);
    probe.ws.close();
  });

  it('refuses upgrades on any other path', async () => {
    const probe = openSocket(`${server.url.replace('http', 'ws')}/ws`);
    const status = await new Promise<number | undefined>((resolve) => {
      probe.ws.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      probe.ws.on('open', () => resolve(undefined));
    });
    expect(status).toBe(404);
  });

  it('answers a plain HTTP request on the socket path with 426 and a problem', async () => {
    const response = await fetch(`${server.url}/resource-manager`);
    expect(response.status).toBe(426);
    expect(response.headers.get('Upgrade')).toBe('websocket');
    expect(v.is(problemSchema, await response.json())).toBe(true);
  });
});
