// What every open console learns over its socket besides computes: the team's settings and verification,
// who is in it (and, for the person concerned, their own membership), invitations to them, domains and
// records, and money moving. Each message goes out after the change committed, to the right people only.

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerMessage, serverMessageSchema } from '@/contract/socket';
import { loadConfig } from '../../../server/config';
import { passkeys, teamMembers, teams } from '../../../server/db/schema';
import { createLogger } from '../../../server/logger';
import { type RunningServer, startServer } from '../../../server/main';
import { createLiveAccount, type LiveAccount, openTicketedSocket } from '../support/live-account';
import type { SocketProbe } from '../support/socket-client';
import { emptyStaticDir } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const OPERATOR_TOKEN = 'live-operator-token-0123456789abcdefghij';

let database: TestDatabase;
let server: RunningServer;
let owner: LiveAccount;
let colleague: LiveAccount;
let outsider: LiveAccount;
let ids: Record<'owner' | 'colleague' | 'outsider', string>;
let teamId: string;

async function call(method: string, path: string, token: string, body?: unknown, headers = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function userIdOf(account: LiveAccount): Promise<string> {
  return (await call('GET', '/user/api/v1/auth/session', account.token)).body.user.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    STATIC_DIR: emptyStaticDir(),
    SIMULATOR_SPEED: '200',
    OPERATOR_TOKEN,
  });
  server = await startServer(config, { database: database.handle, logger: createLogger('silent') });
  [owner, colleague, outsider] = [
    await createLiveAccount(server.url),
    await createLiveAccount(server.url),
    await createLiveAccount(server.url),
  ];
  ids = {
    owner: await userIdOf(owner),
    colleague: await userIdOf(colleague),
    outsider: await userIdOf(outsider),
  };
  const [team] = await server.database.db.insert(teams).values({ name: 'Live settings' }).returning();
  teamId = team!.id;
  await server.database.db.insert(teamMembers).values([
    { teamId, userId: ids.owner, role: 'OWNER' },
    { teamId, userId: ids.colleague, role: 'MEMBER' },
  ]);
});
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

/** The messages a socket received (heartbeats aside) until `done`, or until the time runs out. */
async function messages(probe: SocketProbe, done: (seen: ServerMessage[]) => boolean, timeoutMs = 3_000) {
  const seen: ServerMessage[] = [];
  const deadline = Date.now() + timeoutMs;
  while (!done(seen) && Date.now() < deadline) {
    const message = await probe.next(Math.max(1, deadline - Date.now())).catch(() => undefined);
    if (!message) break;
    const parsed = v.parse(serverMessageSchema, message);
    if (!['hello', 'heartbeat', 'pong'].includes(parsed.type)) seen.push(parsed);
  }
  return seen;
}

const has = (type: ServerMessage['type']) => (seen: ServerMessage[]) => seen.some((m) => m.type === type);
const types = (seen: ServerMessage[]) => seen.map((message) => message.type);

async function sockets() {
  const opened = {
    owner: await openTicketedSocket(server.url, owner.token),
    colleague: await openTicketedSocket(server.url, colleague.token),
    outsider: await openTicketedSocket(server.url, outsider.token),
  };
  for (const probe of Object.values(opened)) await probe.next(); // hello
  return opened;
}

describe('live team updates', () => {
  it('tell every member when the team or its verification changes, and nobody else', async () => {
    const open = await sockets();
    await call('PATCH', `/user/api/v1/teams/${teamId}`, owner.token, { name: 'Live settings, renamed' });
    for (const probe of [open.owner, open.colleague]) {
      expect(await messages(probe, has('team.updated'))).toContainEqual({ type: 'team.updated', teamId });
    }

    const form = new FormData();
    for (const [name, value] of Object.entries({
      legalName: 'Live Settings Ltd',
      registrationNumber: 'RDB-1',
      country: 'RW',
      address: 'Kigali',
    }))
      form.append(name, value);
    form.append('documents', new File(['%PDF-1.7\n%%EOF\n'], 'certificate.pdf', { type: 'application/pdf' }));
    expect((await call('POST', `/user/api/v1/teams/${teamId}/verification`, owner.token, form)).status).toBe(
      200,
    );
    expect(types(await messages(open.colleague, has('team.updated')))).toContain('team.updated');

    const decided = await call('POST', `/ops/api/v1/teams/${teamId}/verification/decision`, OPERATOR_TOKEN, {
      decision: 'approve',
      message: 'Welcome.',
    });
    expect(decided.status).toBe(200);
    for (const probe of [open.owner, open.colleague]) {
      expect(types(await messages(probe, has('team.updated')))).toContain('team.updated');
    }
    expect(await messages(open.outsider, () => false, 300)).toEqual([]);
    for (const probe of Object.values(open)) probe.ws.close();
  });

  it('tell nothing to a member without two-factor sign-in while the team requires it', async () => {
    const db = server.database.db;
    // The owner signs in with a passkey (its key material does not matter here); the colleague does not.
    await db.insert(passkeys).values({
      id: 'live-test-key',
      userId: ids.owner,
      name: 'Key',
      publicKey: 'AAAA',
      createdAt: new Date(),
    });
    const required = await call('PUT', `/user/api/v1/teams/${teamId}/two-factor-requirement`, owner.token, {
      required: true,
    });
    expect(required.status).toBe(200);
    const open = await sockets();
    await call('PATCH', `/user/api/v1/teams/${teamId}`, owner.token, { name: 'Live settings, two factors' });
    expect(await messages(open.owner, has('team.updated'))).toContainEqual({ type: 'team.updated', teamId });
    expect(await messages(open.colleague, () => false, 300)).toEqual([]);
    await call('PUT', `/user/api/v1/teams/${teamId}/two-factor-requirement`, owner.token, {
      required: false,
    });
    await db.delete(passkeys).where(eq(passkeys.id, 'live-test-key'));
    for (const probe of Object.values(open)) probe.ws.close();
  });

  it('tell a member at once that their own role changed, and a removed member that they are out', async () => {
    const open = await sockets();
    await call('PATCH', `/user/api/v1/teams/${teamId}/members/${ids.colleague}`, owner.token, {
      role: 'ADMIN',
    });
    expect(await messages(open.colleague, has('membership.changed'))).toContainEqual({
      type: 'membership.changed',
      teamId,
    });
    const ownerSaw = await messages(open.owner, has('members.changed'));
    expect(types(ownerSaw)).toContain('members.changed');
    expect(types(ownerSaw)).not.toContain('membership.changed');

    await call('DELETE', `/user/api/v1/teams/${teamId}/members/${ids.colleague}`, owner.token);
    expect(types(await messages(open.colleague, has('membership.changed')))).toContain('membership.changed');
    // Out of the team: its news no longer reaches them.
    await call('PATCH', `/user/api/v1/teams/${teamId}`, owner.token, { name: 'Live settings again' });
    expect(types(await messages(open.owner, has('team.updated')))).toContain('team.updated');
    expect(await messages(open.colleague, () => false, 300)).toEqual([]);
    await server.database.db.insert(teamMembers).values({ teamId, userId: ids.colleague, role: 'MEMBER' });
    for (const probe of Object.values(open)) probe.ws.close();
  });

  it('tell someone invited that an invitation arrived, and the team when it is answered', async () => {
    const open = await sockets();
    const invited = await call('POST', `/user/api/v1/teams/${teamId}/invitations`, owner.token, {
      email: outsider.email,
      role: 'MEMBER',
    });
    expect(invited.status).toBe(201);
    expect(await messages(open.outsider, has('invitations.changed'))).toEqual([
      { type: 'invitations.changed' },
    ]);
    expect(types(await messages(open.owner, has('members.changed')))).toContain('members.changed');

    await call('POST', `/user/api/v1/invitations/${invited.body.id}/accept`, outsider.token);
    expect(types(await messages(open.outsider, has('membership.changed')))).toContain('membership.changed');
    expect(types(await messages(open.colleague, has('members.changed')))).toContain('members.changed');
    await call('DELETE', `/user/api/v1/teams/${teamId}/members/${ids.outsider}`, owner.token);
    for (const probe of Object.values(open)) probe.ws.close();
  });

  it('tell the team about domains and their records', async () => {
    const open = await sockets();
    const base = `/resource-manager/api/v1/teams/${teamId}/domains`;
    const added = await call('POST', base, owner.token, { name: `live-${Date.now()}.rw` });
    expect(added.status).toBe(201);
    const updated = (await messages(open.colleague, has('domain.updated'))).find(
      (m) => m.type === 'domain.updated',
    );
    expect(updated?.type === 'domain.updated' && updated.domain.id).toBe(added.body.id);

    await call('POST', `${base}/${added.body.id}/records`, colleague.token, {
      type: 'TXT',
      name: 'live',
      value: 'hello',
    });
    expect(await messages(open.owner, has('dns-records.changed'))).toContainEqual({
      type: 'dns-records.changed',
      teamId,
      domainId: added.body.id,
    });

    await call('DELETE', `${base}/${added.body.id}`, owner.token, { confirmName: added.body.name });
    expect(await messages(open.colleague, has('domain.deleted'))).toContainEqual({
      type: 'domain.deleted',
      teamId,
      domainId: added.body.id,
    });
    expect(await messages(open.outsider, () => false, 300)).toEqual([]);
    for (const probe of Object.values(open)) probe.ws.close();
  });

  it('tell the team when a top-up is credited', async () => {
    const open = await sockets();
    const started = await call(
      'POST',
      `/payment/api/v1/teams/${teamId}/top-ups`,
      owner.token,
      { amountMinor: 10_000 },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(started.status).toBe(201);
    const approved = await fetch(new URL(`${started.body.topUp.checkoutUrl}/approve`, server.url), {
      method: 'POST',
      headers: { Origin: server.url },
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    expect(await messages(open.colleague, has('billing.changed'))).toContainEqual({
      type: 'billing.changed',
      teamId,
    });
    for (const probe of Object.values(open)) probe.ws.close();
  });
});
