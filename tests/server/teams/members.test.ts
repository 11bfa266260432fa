// Members: who may change whose role, remove whom, leave, and hand the team over.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { memberListSchema } from '@/contract/teams';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, mailTo, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(() => database?.dispose());

interface Crew {
  teamId: string;
  owner: Person;
  admin: Person;
  otherAdmin: Person;
  member: Person;
  otherMember: Person;
}

async function crew(): Promise<Crew> {
  const owner = await person(t, 'Olive Owner');
  const admin = await person(t, 'Alice Admin');
  const otherAdmin = await person(t, 'Aaron Admin');
  const member = await person(t, 'Mark Member');
  const otherMember = await person(t, 'Mia Member');
  const teamId = await teamOf(t, owner, [
    [admin, 'ADMIN'],
    [otherAdmin, 'ADMIN'],
    [member, 'MEMBER'],
    [otherMember, 'MEMBER'],
  ]);
  return { teamId, owner, admin, otherAdmin, member, otherMember };
}

const roleOf = async (c: Crew, who: Person) => {
  const answer = await send(t, 'GET', `/teams/${c.teamId}/members`, { token: c.owner.token });
  return answer.body.members.find((m: { userId: string }) => m.userId === who.id)?.role as string | undefined;
};

describe('GET /teams/:teamId/members', () => {
  it('shows every role the members: owner first, then admins, then members, by name', async () => {
    const c = await crew();
    const answer = await send(t, 'GET', `/teams/${c.teamId}/members`, { token: c.member.token });
    expectStatus(answer, 200);
    const { members } = v.parse(memberListSchema, answer.body);
    expect(members.map((m) => [m.name, m.role, m.status])).toEqual([
      ['Olive Owner', 'OWNER', 'ACTIVE'],
      ['Aaron Admin', 'ADMIN', 'ACTIVE'],
      ['Alice Admin', 'ADMIN', 'ACTIVE'],
      ['Mark Member', 'MEMBER', 'ACTIVE'],
      ['Mia Member', 'MEMBER', 'ACTIVE'],
    ]);
    expect(members[0]!.email).toBe(c.owner.email);
  });
});

describe('PATCH /teams/:teamId/members/:userId', () => {
  it('lets the owner promote and demote anyone but themselves, and logs it', async () => {
    const c = await crew();
    const promote = await send(t, 'PATCH', `/teams/${c.teamId}/members/${c.member.id}`, {
      token: c.owner.token,
      body: { role: 'ADMIN' },
    });
    expectStatus(promote, 200);
    expect(promote.body).toMatchObject({ userId: c.member.id, role: 'ADMIN' });
    expectStatus(
      await send(t, 'PATCH', `/teams/${c.teamId}/members/${c.admin.id}`, {
        token: c.owner.token,
        body: { role: 'MEMBER' },
      }),
      200,
    );
    expect(await roleOf(c, c.admin)).toBe('MEMBER');
    const own = await send(t, 'PATCH', `/teams/${c.teamId}/members/${c.owner.id}`, {
      token: c.owner.token,
      body: { role: 'ADMIN' },
    });
    expectStatus(own, 403);
    expect(own.body.detail).toBe(
      'The owner’s role cannot be changed. To hand the team over, transfer the ownership.',
    );
    const entries = await auditRows(t, c.teamId);
    expect(entries.map((e) => [e.action, e.target, e.details])).toEqual([
      [
        'member.role_changed',
        `Mark Member (${c.member.email})`,
        { userId: c.member.id, from: 'MEMBER', to: 'ADMIN' },
      ],
      [
        'member.role_changed',
        `Alice Admin (${c.admin.email})`,
        { userId: c.admin.id, from: 'ADMIN', to: 'MEMBER' },
      ],
    ]);
  });

  it('lets an admin move other non-owners between MEMBER and ADMIN, but not themselves or the owner', async () => {
    const c = await crew();
    const path = (who: Person) => `/teams/${c.teamId}/members/${who.id}`;
    expectStatus(
      await send(t, 'PATCH', path(c.member), { token: c.admin.token, body: { role: 'ADMIN' } }),
      200,
    );
    expectStatus(
      await send(t, 'PATCH', path(c.otherAdmin), { token: c.admin.token, body: { role: 'MEMBER' } }),
      200,
    );
    const self = await send(t, 'PATCH', path(c.admin), { token: c.admin.token, body: { role: 'MEMBER' } });
    expectStatus(self, 403);
    expect(self.body.detail).toBe('You cannot change your own role. Ask the owner or another admin.');
    expectStatus(
      await send(t, 'PATCH', path(c.owner), { token: c.admin.token, body: { role: 'MEMBER' } }),
      403,
    );
  });

  it('refuses members, the OWNER role (ownership moves by transfer) and strangers', async () => {
    const c = await crew();
    const path = `/teams/${c.teamId}/members/${c.otherMember.id}`;
    const byMember = await send(t, 'PATCH', path, { token: c.member.token, body: { role: 'ADMIN' } });
    expectStatus(byMember, 403);
    expect(byMember.body.detail).toBe("Only the team's owner and admins can change or remove members.");
    const toOwner = await send(t, 'PATCH', path, { token: c.owner.token, body: { role: 'OWNER' } });
    expectStatus(toOwner, 422);
    const stranger = await person(t);
    for (const id of [stranger.id, 'nobody']) {
      const answer = await send(t, 'PATCH', `/teams/${c.teamId}/members/${id}`, {
        token: c.owner.token,
        body: { role: 'ADMIN' },
      });
      expectStatus(answer, 404);
      expect(answer.body.detail).toBe('This person is not a member of this team.');
    }
  });
});

describe('DELETE /teams/:teamId/members/:userId', () => {
  it('lets the owner remove anyone else; the person is told and loses access', async () => {
    const c = await crew();
    const answer = await send(t, 'DELETE', `/teams/${c.teamId}/members/${c.admin.id}`, {
      token: c.owner.token,
    });
    expectStatus(answer, 204);
    expectStatus(await send(t, 'GET', `/teams/${c.teamId}`, { token: c.admin.token }), 404);
    await mailTo(t, c.admin.email, 'You were removed from Acme Rwanda');
    const [entry] = await auditRows(t, c.teamId);
    expect(entry).toMatchObject({
      action: 'member.removed',
      actorUserId: c.owner.id,
      details: { userId: c.admin.id, role: 'ADMIN' },
    });
  });

  it('lets an admin remove members and other admins, never the owner', async () => {
    const c = await crew();
    const remove = (who: Person) =>
      send(t, 'DELETE', `/teams/${c.teamId}/members/${who.id}`, { token: c.admin.token });
    expectStatus(await remove(c.member), 204);
    expectStatus(await remove(c.otherAdmin), 204);
    const owner = await remove(c.owner);
    expectStatus(owner, 403);
    expect(owner.body.detail).toBe('The owner cannot be removed from the team.');
    const self = await remove(c.admin);
    expectStatus(self, 409);
    expect(self.body.detail).toBe('To leave this team, use “Leave team” instead.');
  });

  it('refuses members', async () => {
    const c = await crew();
    const answer = await send(t, 'DELETE', `/teams/${c.teamId}/members/${c.otherMember.id}`, {
      token: c.member.token,
    });
    expectStatus(answer, 403);
    expect(answer.body.detail).toBe("Only the team's owner and admins can change or remove members.");
  });
});

describe('POST /teams/:teamId/leave', () => {
  it('lets members and admins leave', async () => {
    const c = await crew();
    expectStatus(await send(t, 'POST', `/teams/${c.teamId}/leave`, { token: c.member.token }), 204);
    expectStatus(await send(t, 'POST', `/teams/${c.teamId}/leave`, { token: c.admin.token }), 204);
    const teams = await send(t, 'GET', '/teams', { token: c.member.token });
    expect(teams.body.teams.map((team: { id: string }) => team.id)).toEqual([c.member.ownTeamId]);
    const entries = await auditRows(t, c.teamId);
    expect(entries.map((e) => [e.action, e.actorUserId])).toEqual([
      ['member.left', c.member.id],
      ['member.left', c.admin.id],
    ]);
  });

  it('tells the owner to transfer the ownership first', async () => {
    const c = await crew();
    const answer = await send(t, 'POST', `/teams/${c.teamId}/leave`, { token: c.owner.token });
    expectStatus(answer, 409);
    expect(answer.body).toMatchObject({
      type: problemTypes.ownerCannotLeave,
      detail:
        'You own this team, so you cannot leave it yet. Transfer the ownership to another member first; then you can leave.',
    });
  });
});

describe('POST /teams/:teamId/transfer-ownership', () => {
  it('makes an active member the owner and the old owner an admin, who may then leave', async () => {
    const c = await crew();
    const answer = await send(t, 'POST', `/teams/${c.teamId}/transfer-ownership`, {
      token: c.owner.token,
      body: { userId: c.member.id },
    });
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ id: c.teamId, role: 'ADMIN' });
    expect(await roleOf(c, c.member)).toBe('OWNER');
    expect(await roleOf(c, c.owner)).toBe('ADMIN');
    await mailTo(t, c.member.email, 'You are now the owner of Acme Rwanda');
    const [entry] = await auditRows(t, c.teamId);
    expect(entry).toMatchObject({
      action: 'team.ownership_transferred',
      actorUserId: c.owner.id,
      details: { from: c.owner.id, to: c.member.id },
    });
    expectStatus(await send(t, 'POST', `/teams/${c.teamId}/leave`, { token: c.owner.token }), 204);
    // The new owner holds every owner right now, the old one none.
    expectStatus(await send(t, 'POST', `/teams/${c.teamId}/leave`, { token: c.member.token }), 409);
  });

  it('is the owner’s alone, and only to another active member', async () => {
    const c = await crew();
    const byAdmin = await send(t, 'POST', `/teams/${c.teamId}/transfer-ownership`, {
      token: c.admin.token,
      body: { userId: c.member.id },
    });
    expectStatus(byAdmin, 403);
    expect(byAdmin.body.detail).toBe("Only the team's owner can hand the team to someone else.");
    const stranger = await person(t);
    for (const userId of [c.owner.id, stranger.id]) {
      const answer = await send(t, 'POST', `/teams/${c.teamId}/transfer-ownership`, {
        token: c.owner.token,
        body: { userId },
      });
      expectStatus(answer, 422);
      expect(answer.body.errors).toEqual([
        { field: 'userId', message: 'Choose another active member of this team to become its owner.' },
      ]);
    }
    expect(await roleOf(c, c.owner)).toBe('OWNER');
  });
});
