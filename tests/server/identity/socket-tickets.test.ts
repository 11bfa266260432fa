// Who may open the console WebSocket: a page from an allowed origin holding a fresh single-use ticket from
// a fully verified session; and a socket closes with 4001 the moment its session ends.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema } from '@/contract/auth';
import { socketTicketSchema } from '@/contract/socket-ticket';
import { loadConfig } from '../../../server/config';
import { socketTickets } from '../../../server/db/schema';
import { createLogger } from '../../../server/logger';
import { type RunningServer, startServer } from '../../../server/main';
import { isOriginAllowed } from '../../../server/socket/admission';
import { TestClock } from '../support/identity';
import {
  codeFromMailbox,
  createLiveAccount,
  type LiveAccount,
  openTicketedSocket,
  signOut,
  socketTicket,
} from '../support/live-account';
import { openSocket, type SocketProbe } from '../support/socket-client';
import { emptyStaticDir } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let server: RunningServer;
const clock = new TestClock();
let socketBase: string;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startServer(loadConfig({ PORT: '0', DNS_PORT: '0', STATIC_DIR: emptyStaticDir() }), {
    database: database.handle,
    logger: createLogger('silent'),
    identity: { clock },
  });
  socketBase = `${server.url.replace('http', 'ws')}/resource-manager`;
});
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

/** The HTTP status of the upgrade: 101 when the socket opened, else the refusal's status. */
function upgradeStatus(probe: SocketProbe): Promise<number> {
  return new Promise((resolve) => {
    probe.ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        // Every refusal explains itself as problem+json.
        expect(JSON.parse(body)).toMatchObject({ status: response.statusCode, detail: expect.any(String) });
        resolve(response.statusCode ?? 0);
      });
    });
    probe.ws.on('open', () => {
      resolve(101);
      probe.ws.close();
    });
  });
}

const withTicket = (ticket: string, origin: string | null = server.url) =>
  openSocket(`${socketBase}?ticket=${encodeURIComponent(ticket)}`, origin ? { origin } : {});

describe('tickets', () => {
  let account: LiveAccount;
  beforeAll(async () => {
    account = await createLiveAccount(server.url);
  });

  it('are issued for 30 seconds and stored hashed', async () => {
    const response = await fetch(`${server.url}/resource-manager/api/v1/socket-tickets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(response.status).toBe(201);
    const body = v.parse(socketTicketSchema, await response.json());
    expect(Date.parse(body.expiresAt) - clock.now().getTime()).toBe(30_000);
    const rows = await server.identity.db
      .select()
      .from(socketTickets)
      .where(eq(socketTickets.ticketHash, body.ticket));
    expect(rows).toEqual([]);
  });

  it('need a session', async () => {
    const response = await fetch(`${server.url}/resource-manager/api/v1/socket-tickets`, { method: 'POST' });
    expect(response.status).toBe(401);
  });

  it('open the socket once', async () => {
    const ticket = await socketTicket(server.url, account.token);
    const first = withTicket(ticket);
    expect(await first.next()).toMatchObject({ type: 'hello' });
    first.ws.close();
    expect(await upgradeStatus(withTicket(ticket))).toBe(401);
  });

  it('expire after 30 seconds', async () => {
    const ticket = await socketTicket(server.url, account.token);
    clock.advance(30_000);
    expect(await upgradeStatus(withTicket(ticket))).toBe(401);
  });

  it('are required', async () => {
    expect(await upgradeStatus(openSocket(socketBase, { origin: server.url }))).toBe(401);
    expect(await upgradeStatus(withTicket('x'.repeat(43)))).toBe(401);
  });

  it('die with their session', async () => {
    const other = await createLiveAccount(server.url);
    const ticket = await socketTicket(server.url, other.token);
    await signOut(server.url, other.token);
    expect(await upgradeStatus(withTicket(ticket))).toBe(401);
  });
});

describe('origins', () => {
  let account: LiveAccount;
  beforeAll(async () => {
    account = await createLiveAccount(server.url);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['the same host on another port', 'http://127.0.0.1:1'],
  ])('refuses a page from %s', async (_label, origin) => {
    const ticket = await socketTicket(server.url, account.token);
    expect(await upgradeStatus(withTicket(ticket, origin))).toBe(403);
    // The refusal did not spend the ticket.
    expect(await upgradeStatus(withTicket(ticket))).toBe(101);
  });

  it('refuses a handshake without an Origin', async () => {
    const ticket = await socketTicket(server.url, account.token);
    expect(await upgradeStatus(withTicket(ticket, null))).toBe(403);
  });

  it('follows ALLOWED_ORIGINS when set, and otherwise the Host the socket was asked on', () => {
    expect(isOriginAllowed('http://localhost:5173', 'localhost:5173', undefined)).toBe(true);
    expect(isOriginAllowed('http://LOCALHOST:5173', 'localhost:5173', undefined)).toBe(true);
    expect(isOriginAllowed('http://localhost:5174', 'localhost:5173', undefined)).toBe(false);
    expect(isOriginAllowed('null', 'localhost:5173', undefined)).toBe(false);
    const allowed = ['https://console.example.rw'];
    expect(isOriginAllowed('https://console.example.rw', 'internal:3000', allowed)).toBe(true);
    expect(isOriginAllowed('https://console.example.rw.evil.example', 'internal:3000', allowed)).toBe(false);
    expect(isOriginAllowed('http://internal:3000', 'internal:3000', allowed)).toBe(false);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://console.example.rw/, http://localhost:5173' }).allowedOrigins,
    ).toEqual(['https://console.example.rw', 'http://localhost:5173']);
  });
});

describe('a session that ends', () => {
  it('closes its sockets with 4001 on sign-out', async () => {
    const account = await createLiveAccount(server.url);
    const probe = await openTicketedSocket(server.url, account.token);
    expect(await probe.next()).toMatchObject({ type: 'hello' });
    await signOut(server.url, account.token);
    expect(await probe.closed).toEqual({ code: 4001, reason: 'session ended' });
  });

  it('closes the sockets of the sessions signed out elsewhere, and only those', async () => {
    const account = await createLiveAccount(server.url);
    clock.advance(61_000);
    const challenge = (await (
      await fetch(`${server.url}/user/api/v1/auth/email-code`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email }),
      })
    ).json()) as { challengeId: string };
    await server.identity.deliveries.settled();
    const second = v.parse(
      authResultSchema,
      await (
        await fetch(`${server.url}/user/api/v1/auth/email-code/verify`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            challengeId: challenge.challengeId,
            code: await codeFromMailbox(server.url, account.email),
          }),
        })
      ).json(),
    );

    const kept = await openTicketedSocket(server.url, account.token);
    const ended = await openTicketedSocket(server.url, second.token);
    expect(await kept.next()).toMatchObject({ type: 'hello' });
    expect(await ended.next()).toMatchObject({ type: 'hello' });

    const response = await fetch(`${server.url}/user/api/v1/auth/sessions/sign-out-others`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(await response.json()).toEqual({ revoked: 1 });
    expect(await ended.closed).toEqual({ code: 4001, reason: 'session ended' });
    kept.ws.send(JSON.stringify({ type: 'ping' }));
    let reply = await kept.next();
    while ((reply as { type: string }).type === 'heartbeat') reply = await kept.next();
    expect(reply).toEqual({ type: 'pong' });
    kept.ws.close();
  });
});
