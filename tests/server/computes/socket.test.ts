// Computes live over the sockets of a real server: every change reaches the open sockets of the team's
// members (and of nobody else, nor of someone just removed), and the serial console answers its ticket
// holder if they belong to the compute's team, with the compute's real hostname.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessageSchema } from '@/contract/socket';
import { loadConfig } from '../../../server/config';
import { teamMembers, teams } from '../../../server/db/schema';
import { createLogger } from '../../../server/logger';
import { type RunningServer, startServer } from '../../../server/main';
import { fundTeam } from '../support/billing';
import { computeRequest } from '../support/computes';
import { openConsole } from '../support/console-client';
import { createLiveAccount, type LiveAccount, openTicketedSocket } from '../support/live-account';
import type { SocketProbe } from '../support/socket-client';
import { emptyStaticDir } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let server: RunningServer;
let owner: LiveAccount;
let colleague: LiveAccount;
let outsider: LiveAccount;
let teamId: string;

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}/resource-manager/api/v1/teams/${teamId}/computes${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(method === 'POST' && path === '' ? { 'Idempotency-Key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function running(overrides = {}) {
  const created = await api('POST', '', owner.token, computeRequest(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (let attempt = 0; attempt < 300; attempt++) {
    const read = await api('GET', `/${created.body.compute.id}`, owner.token);
    if (read.body.status === 'running') return { ...created.body, compute: read.body };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never running');
}

async function userIdOf(account: LiveAccount): Promise<string> {
  const response = await fetch(`${server.url}/user/api/v1/auth/session`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  return ((await response.json()) as { user: { id: string } }).user.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    STATIC_DIR: emptyStaticDir(),
    SIMULATOR_SPEED: '200',
  });
  server = await startServer(config, { database: database.handle, logger: createLogger('silent') });
  [owner, colleague, outsider] = [
    await createLiveAccount(server.url),
    await createLiveAccount(server.url),
    await createLiveAccount(server.url),
  ];
  const db = server.database.db;
  const [team] = await db
    .insert(teams)
    .values({ name: 'Live team', verificationStatus: 'VERIFIED' })
    .returning();
  teamId = team!.id;
  await fundTeam(db, teamId); // computes are prepaid
  await db.insert(teamMembers).values([
    { teamId, userId: await userIdOf(owner), role: 'OWNER' },
    { teamId, userId: await userIdOf(colleague), role: 'MEMBER' },
  ]);
});
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

type Message = v.InferOutput<typeof serverMessageSchema>;

/** Compute messages a socket received, until `done` says enough (or the time runs out). */
async function computeMessages(probe: SocketProbe, done: (seen: Message[]) => boolean, timeoutMs = 3_000) {
  const seen: Message[] = [];
  const deadline = Date.now() + timeoutMs;
  while (!done(seen) && Date.now() < deadline) {
    const message = await probe.next(Math.max(1, deadline - Date.now())).catch(() => undefined);
    if (!message) break;
    const parsed = v.parse(serverMessageSchema, message);
    if (parsed.type.startsWith('compute.')) seen.push(parsed);
  }
  return seen;
}

const statusesOf = (messages: Message[]) =>
  messages.map((message) => (message.type === 'compute.updated' ? message.compute.status : message.type));

describe('live updates', () => {
  it('reach every member of the team within a second, and nobody else', async () => {
    const [mine, theirs, stranger] = [
      await openTicketedSocket(server.url, owner.token),
      await openTicketedSocket(server.url, colleague.token),
      await openTicketedSocket(server.url, outsider.token),
    ];
    for (const probe of [mine, theirs, stranger]) await probe.next(); // hello
    const started = Date.now();
    const created = await api('POST', '', owner.token, computeRequest());
    const id = created.body.compute.id;
    const toRunning = (seen: Message[]) => statusesOf(seen).includes('running');
    const [ownerSaw, colleagueSaw] = await Promise.all([
      computeMessages(mine, toRunning),
      computeMessages(theirs, toRunning),
    ]);
    expect(Date.now() - started).toBeLessThan(1_000 + 300);
    for (const seen of [ownerSaw, colleagueSaw]) {
      expect(statusesOf(seen)[0]).toBe('provisioning');
      expect(statusesOf(seen).at(-1)).toBe('running');
      const last = seen.at(-1)!;
      expect(last.type === 'compute.updated' && last.compute).toMatchObject({ id, ipv4: expect.any(String) });
    }
    expect(await computeMessages(stranger, () => false, 300)).toEqual([]);

    // Tags change: a whole new compute, with the tags.
    await api('PUT', `/${id}/tags`, owner.token, { tags: ['live'] });
    for (const probe of [mine, theirs]) {
      const tagged = await computeMessages(probe, (seen) => seen.length > 0);
      expect(tagged[0]!.type === 'compute.updated' && tagged[0]!.compute.tags).toEqual(['live']);
    }

    // Removed from the team: nothing more, at once, without reconnecting.
    await server.database.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, await userIdOf(colleague))));
    await api('POST', `/${id}/actions`, owner.token, { type: 'reboot' });
    const afterReboot = await computeMessages(mine, (seen) => statusesOf(seen).includes('running'));
    expect(statusesOf(afterReboot)).toEqual(['rebooting', 'running']);
    expect(await computeMessages(theirs, () => false, 300)).toEqual([]);

    await api('DELETE', `/${id}`, owner.token, { confirmHostname: created.body.compute.hostname });
    const gone = await computeMessages(mine, (seen) =>
      seen.some((message) => message.type === 'compute.deleted'),
    );
    expect(gone.at(-1)).toEqual({ type: 'compute.deleted', teamId, computeId: id });
    for (const probe of [mine, theirs, stranger]) probe.ws.close();
    await server.database.db
      .insert(teamMembers)
      .values({ teamId, userId: await userIdOf(colleague), role: 'MEMBER' });
  });
});

describe('the serial console', () => {
  it('lets only members of the compute’s team in, with a ticket, from an allowed page', async () => {
    const { compute } = await running();
    expect(await (await openConsole(server.url, outsider.token, compute.id)).refused).toBe(404);
    expect(await (await openConsole(server.url, owner.token, randomUUID())).refused).toBe(404);
    expect(await (await openConsole(server.url, owner.token, 'not-an-id')).refused).toBe(404);
    expect(await (await openConsole(server.url, owner.token, compute.id, { ticket: null })).refused).toBe(
      401,
    );
    expect(
      await (await openConsole(server.url, owner.token, compute.id, { origin: 'https://evil.example' }))
        .refused,
    ).toBe(403);
    const plain = await fetch(`${server.url}/resource-manager/console/${compute.id}`);
    expect(plain.status).toBe(426);
  });

  it('logs root in on a key compute and answers with the compute’s own hostname', async () => {
    const { compute } = await running();
    const terminal = await openConsole(server.url, colleague.token, compute.id);
    await terminal.waitForStatus('running');
    await terminal.waitFor(new RegExp(`root@${compute.hostname}:~# $`));
    expect(terminal.output()).toContain(`${compute.hostname} login: root (automatic login)`);

    let mark = terminal.output().length;
    terminal.type('hostname\r');
    expect(await terminal.waitFor(new RegExp(`\\r\\n${compute.hostname}\\r\\n`), { since: mark })).toContain(
      `hostname\r\n${compute.hostname}\r\n`,
    );
    mark = terminal.output().length;
    terminal.type('uname -a\r');
    await terminal.waitFor(new RegExp(`Linux ${compute.hostname} 6\\.8\\.0-45-generic`), { since: mark });
    mark = terminal.output().length;
    terminal.type('ip addr\r');
    await terminal.waitFor(new RegExp(`inet ${compute.ipv4.replaceAll('.', '\\.')}/24`), { since: mark });
    mark = terminal.output().length;
    terminal.type('frobnicate\r');
    await terminal.waitFor(/-bash: frobnicate: command not found/, { since: mark });
    terminal.ws.close();

    // Reconnecting shows what was printed and the prompt again.
    const again = await openConsole(server.url, owner.token, compute.id);
    await again.waitFor(/frobnicate: command not found[\s\S]*root@.*:~# $/);
    again.ws.close();
  });

  it('asks for the root password on a password compute', async () => {
    const { compute, rootPassword } = await running({ authentication: { method: 'password' } });
    const terminal = await openConsole(server.url, owner.token, compute.id);
    await terminal.waitFor(new RegExp(`${compute.hostname} login: $`));
    terminal.type('root\r');
    await terminal.waitFor(/Password: $/);
    terminal.type('guess\r');
    await terminal.waitFor(/Login incorrect\r\n[\s\S]*login: $/);
    const mark = terminal.output().length;
    terminal.type(`root\r${rootPassword}\r`);
    const after = await terminal.waitFor(/root@.*:~# $/, { since: mark });
    expect(after).not.toContain(rootPassword);
    terminal.ws.close();
  });

  it('says a stopped compute is stopped, and comes alive on power-on', async () => {
    const { compute } = await running();
    const terminal = await openConsole(server.url, owner.token, compute.id);
    await terminal.waitForStatus('running');
    await api('POST', `/${compute.id}/actions`, owner.token, { type: 'shutdown' });
    await terminal.waitForStatus('stopped');
    expect(terminal.output()).toMatch(/reboot: Power down/);
    terminal.ws.close();

    const later = await openConsole(server.url, owner.token, compute.id);
    await later.waitForStatus('stopped');
    expect(later.statuses[0]).toEqual({
      status: 'stopped',
      message: 'The compute is stopped. Power it on to use the console.',
    });
    const mark = later.output().length;
    await api('POST', `/${compute.id}/actions`, owner.token, { type: 'power_on' });
    await later.waitForStatus('starting');
    await later.waitFor(/Linux version[\s\S]*login: root \(automatic login\)[\s\S]*:~# $/, { since: mark });

    await api('DELETE', `/${compute.id}`, owner.token, { confirmHostname: compute.hostname });
    const closed = await later.closed;
    expect(closed).toEqual({ code: 4004, reason: 'The compute was destroyed.' });
  });

  it('closes a removed member’s console at once, before another line is typed', async () => {
    const { compute } = await running();
    const leaving = await createLiveAccount(server.url);
    const leavingId = await userIdOf(leaving);
    await server.database.db.insert(teamMembers).values({ teamId, userId: leavingId, role: 'MEMBER' });
    const terminal = await openConsole(server.url, leaving.token, compute.id);
    await terminal.waitFor(/:~# $/);

    const removedAt = performance.now();
    const removed = await fetch(`${server.url}/user/api/v1/teams/${teamId}/members/${leavingId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(removed.status).toBe(204);
    const closed = await terminal.closed;
    expect(performance.now() - removedAt).toBeLessThan(1_000);
    expect(closed).toEqual({ code: 4003, reason: 'You no longer have access to this compute.' });
  });
});
