// The audit log: every team change recorded with who, what and from where, readable by the owner and
// admins only, filtered by action, actor and time, and paged newest first.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, auditLogSchema } from '@/contract/teams';
import { buildIdentityTestApp, type IdentityTestApp, uniqueEmail } from '../support/identity';
import { expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  // Behind a proxy: the client address comes from X-Forwarded-For, which the tests set.
  t = buildIdentityTestApp(database.handle, { config: { trustProxy: true } });
});
afterAll(() => database?.dispose());

const from = (ip: string) => ({
  'X-Forwarded-For': ip,
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
});

interface History {
  teamId: string;
  owner: Person;
  admin: Person;
  member: Person;
  startedAt: Date;
  middle: Date;
}

/** A team with a little history: a rename, an invitation, a role change, then (a day later) more. */
async function history(): Promise<History> {
  const owner = await person(t, 'Olive Owner');
  const admin = await person(t, 'Alice Admin');
  const member = await person(t, 'Mark Member');
  const teamId = await teamOf(t, owner, [
    [admin, 'ADMIN'],
    [member, 'MEMBER'],
  ]);
  const startedAt = t.clock.now();
  const ok = async (answer: Promise<{ status: number }>) => expect((await answer).status).toBeLessThan(300);
  await ok(
    send(t, 'PATCH', `/teams/${teamId}`, {
      token: owner.token,
      body: { name: 'Acme' },
      headers: from('203.0.113.7'),
    }),
  );
  await ok(
    send(t, 'POST', `/teams/${teamId}/invitations`, {
      token: admin.token,
      body: { email: uniqueEmail('guest'), role: 'MEMBER' },
      headers: from('198.51.100.20'),
    }),
  );
  await ok(
    send(t, 'PATCH', `/teams/${teamId}/members/${member.id}`, {
      token: owner.token,
      body: { role: 'ADMIN' },
    }),
  );
  t.clock.advance(86_400_000);
  const middle = t.clock.now();
  await ok(
    send(t, 'PATCH', `/teams/${teamId}/members/${member.id}`, {
      token: admin.token,
      body: { role: 'MEMBER' },
    }),
  );
  await ok(send(t, 'PATCH', `/teams/${teamId}`, { token: owner.token, body: { currency: 'USD' } }));
  return { teamId, owner, admin, member, startedAt, middle };
}

async function read(h: History, query = '', who: Person = h.owner) {
  const answer = await send(t, 'GET', `/teams/${h.teamId}/audit-log${query}`, { token: who.token });
  expectStatus(answer, 200);
  return v.parse(auditLogSchema, answer.body);
}

const actions = (entries: AuditEntry[]) => entries.map((entry) => entry.action);

describe('GET /teams/:teamId/audit-log', () => {
  it('shows every change newest first, with who did it, to what, and from where', async () => {
    const h = await history();
    const { entries, nextCursor } = await read(h);
    expect(actions(entries)).toEqual([
      'team.currency_changed',
      'member.role_changed',
      'member.role_changed',
      'invitation.sent',
      'team.renamed',
    ]);
    expect(nextCursor).toBeNull();
    expect(entries.at(-1)).toMatchObject({
      actor: { id: h.owner.id, name: 'Olive Owner', email: h.owner.email },
      target: 'Acme',
      details: { from: 'Acme Rwanda', to: 'Acme' },
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      at: h.startedAt.toISOString(),
    });
    expect(entries.at(-2)).toMatchObject({ actor: { id: h.admin.id }, ip: '198.51.100.20' });
  });

  it('filters by action prefix, by actor and by time', async () => {
    const h = await history();
    expect(actions((await read(h, '?action=member')).entries)).toEqual([
      'member.role_changed',
      'member.role_changed',
    ]);
    expect(actions((await read(h, '?action=team.renamed')).entries)).toEqual(['team.renamed']);
    // A prefix is literal: LIKE wildcards match nothing.
    expect((await read(h, '?action=%25')).entries).toEqual([]);
    expect(actions((await read(h, `?actor=${h.admin.id}`)).entries)).toEqual([
      'member.role_changed',
      'invitation.sent',
    ]);
    expect(actions((await read(h, `?from=${h.middle.toISOString()}`)).entries)).toEqual([
      'team.currency_changed',
      'member.role_changed',
    ]);
    expect(actions((await read(h, `?to=${h.middle.toISOString()}&action=team`)).entries)).toEqual([
      'team.renamed',
    ]);
  });

  it('pages through the log with the cursor, newest first, without gaps or repeats', async () => {
    const h = await history();
    const everything = (await read(h)).entries.map((entry) => entry.id);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await read(h, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(everything);
  });

  it('says when a cursor or a page size is not usable', async () => {
    const h = await history();
    const cursor = await send(t, 'GET', `/teams/${h.teamId}/audit-log?cursor=garbage`, {
      token: h.owner.token,
    });
    expectStatus(cursor, 422);
    expect(cursor.body.errors).toEqual([
      { field: 'cursor', message: 'This page link is not valid any more. Start again from the first page.' },
    ]);
    const limit = await send(t, 'GET', `/teams/${h.teamId}/audit-log?limit=1000`, { token: h.owner.token });
    expectStatus(limit, 422);
    expect(limit.body.errors[0].field).toBe('limit');
  });

  it('is for the owner and admins: members get 403, outsiders 404', async () => {
    const h = await history();
    expect((await read(h, '', h.admin)).entries).toHaveLength(5);
    const member = await send(t, 'GET', `/teams/${h.teamId}/audit-log`, { token: h.member.token });
    expectStatus(member, 403);
    expect(member.body.detail).toBe("Only the team's owner and admins can see the team's activity.");
    const outsider = await person(t);
    expectStatus(await send(t, 'GET', `/teams/${h.teamId}/audit-log`, { token: outsider.token }), 404);
  });

  it('keeps another team’s entries apart', async () => {
    const h = await history();
    const other = await history();
    const ours = (await read(h)).entries.map((entry) => entry.id);
    const theirs = (await read(other)).entries.map((entry) => entry.id);
    expect(ours.filter((id) => theirs.includes(id))).toEqual([]);
  });
});
