// Teams: listing and switching between them, creating, renaming, the currency (owner only), and deleting
// (owner only, refused while the team holds resources).
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { teamListSchema, teamSchema } from '@/contract/teams';
import * as resources from '../../../server/teams/resources';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, mailTo, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(() => database?.dispose());

describe('GET /teams', () => {
  it('lists the teams the caller belongs to, with their role and the member count of each', async () => {
    const ada = await person(t, 'Ada Nkusi');
    const bob = await person(t, 'Bob Habimana');
    const shared = await teamOf(t, bob, [[ada, 'ADMIN']], 'Kigali Labs');
    const answer = await send(t, 'GET', '/teams', { token: ada.token });
    expectStatus(answer, 200);
    const { teams } = v.parse(teamListSchema, answer.body);
    expect(teams.map((team) => [team.id, team.name, team.role, team.memberCount])).toEqual([
      [ada.ownTeamId, "Ada's team", 'OWNER', 1],
      [shared, 'Kigali Labs', 'ADMIN', 2],
    ]);
    expect(teams[0]).toMatchObject({ currency: 'RWF', verificationStatus: 'UNVERIFIED' });
    // The team every account gets at sign-up starts its audit log too.
    const [created] = await auditRows(t, ada.ownTeamId);
    expect(created).toMatchObject({
      action: 'team.created',
      actorUserId: ada.id,
      details: { atSignUp: true },
    });
  });

  it('answers 401 without a session', async () => {
    expectStatus(await send(t, 'GET', '/teams'), 401);
  });
});

describe('POST /teams', () => {
  it('creates a team with the caller as owner, in RWF unless another currency is chosen', async () => {
    const ada = await person(t);
    const created = await send(t, 'POST', '/teams', { token: ada.token, body: { name: '  Umurage Ltd ' } });
    expectStatus(created, 201);
    expect(v.parse(teamSchema, created.body)).toMatchObject({
      name: 'Umurage Ltd',
      currency: 'RWF',
      role: 'OWNER',
      memberCount: 1,
      verificationStatus: 'UNVERIFIED',
    });
    const usd = await send(t, 'POST', '/teams', {
      token: ada.token,
      body: { name: 'Export', currency: 'USD' },
    });
    expect(usd.body.currency).toBe('USD');
    const list = await send(t, 'GET', '/teams', { token: ada.token });
    expect(list.body.teams.map((team: { name: string }) => team.name)).toContain('Umurage Ltd');
    const [entry] = await auditRows(t, created.body.id);
    expect(entry).toMatchObject({ action: 'team.created', actorUserId: ada.id, target: 'Umurage Ltd' });
  });

  it('keeps what was typed and says what is wrong with the name or the currency', async () => {
    const ada = await person(t);
    const answer = await send(t, 'POST', '/teams', {
      token: ada.token,
      body: { name: ' ', currency: 'EUR' },
    });
    expectStatus(answer, 422);
    expect(answer.body.errors).toEqual([
      { field: 'name', message: 'Enter a name for the team.' },
      { field: 'currency', message: expect.any(String) },
    ]);
  });
});

describe('GET /teams/:teamId', () => {
  it('shows the team to each member with their own role: what the team switcher loads', async () => {
    const owner = await person(t);
    const member = await person(t, 'Claire Uwase');
    const teamId = await teamOf(t, owner, [[member, 'MEMBER']]);
    const asOwner = await send(t, 'GET', `/teams/${teamId}`, { token: owner.token });
    const asMember = await send(t, 'GET', `/teams/${teamId}`, { token: member.token });
    expect(asOwner.body).toMatchObject({ id: teamId, role: 'OWNER', memberCount: 2 });
    expect(asMember.body).toMatchObject({ id: teamId, role: 'MEMBER', memberCount: 2 });
    expect(asOwner.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers 404 alike for another team, an unknown id and a malformed one', async () => {
    const outsider = await person(t);
    const owner = await person(t);
    const teamId = await teamOf(t, owner);
    for (const id of [teamId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await send(t, 'GET', `/teams/${id}`, { token: outsider.token });
      expectStatus(answer, 404);
      expect(answer.body.detail).toBe('There is no such team, or you are not a member of it.');
    }
  });
});

describe('PATCH /teams/:teamId', () => {
  it('lets the owner rename the team and change its currency, and logs each change', async () => {
    const owner = await person(t);
    const teamId = await teamOf(t, owner, [], 'Old name');
    const answer = await send(t, 'PATCH', `/teams/${teamId}`, {
      token: owner.token,
      body: { name: 'New name', currency: 'USD' },
    });
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ name: 'New name', currency: 'USD', role: 'OWNER' });
    const entries = await auditRows(t, teamId);
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ['team.renamed', { from: 'Old name', to: 'New name' }],
      ['team.currency_changed', { from: 'RWF', to: 'USD' }],
    ]);
  });

  it('lets an admin rename but not change the currency (billing is the owner’s)', async () => {
    const owner = await person(t);
    const admin = await person(t, 'Admin Person');
    const teamId = await teamOf(t, owner, [[admin, 'ADMIN']], 'Before');
    expectStatus(
      await send(t, 'PATCH', `/teams/${teamId}`, { token: admin.token, body: { name: 'After' } }),
      200,
    );
    const currency = await send(t, 'PATCH', `/teams/${teamId}`, {
      token: admin.token,
      body: { currency: 'USD' },
    });
    expectStatus(currency, 403);
    expect(currency.body.detail).toBe("Only the team's owner can change the team's currency.");
    // A whole form sent back with the currency unchanged is not a currency change.
    const unchanged = await send(t, 'PATCH', `/teams/${teamId}`, {
      token: admin.token,
      body: { name: 'After again', currency: 'RWF' },
    });
    expectStatus(unchanged, 200);
  });

  it('refuses members and asks for something to change', async () => {
    const owner = await person(t);
    const member = await person(t);
    const teamId = await teamOf(t, owner, [[member, 'MEMBER']]);
    const refused = await send(t, 'PATCH', `/teams/${teamId}`, {
      token: member.token,
      body: { name: 'Mine' },
    });
    expectStatus(refused, 403);
    expect(refused.body).toMatchObject({
      type: problemTypes.teamRoleRequired,
      detail: "Only the team's owner and admins can rename the team.",
    });
    const empty = await send(t, 'PATCH', `/teams/${teamId}`, { token: owner.token, body: {} });
    expectStatus(empty, 422);
    expect(empty.body.errors).toEqual([{ field: '', message: 'Change the name or the currency.' }]);
  });

  it('records nothing when nothing changes', async () => {
    const owner = await person(t);
    const teamId = await teamOf(t, owner, [], 'Same');
    await send(t, 'PATCH', `/teams/${teamId}`, { token: owner.token, body: { name: 'Same' } });
    expect(await auditRows(t, teamId)).toEqual([]);
  });
});

describe('DELETE /teams/:teamId', () => {
  it('is refused with a clear message while the team holds resources', async () => {
    const owner = await person(t);
    const teamId = await teamOf(t, owner);
    const spy = vi.spyOn(resources, 'countTeamResources').mockResolvedValue({ computes: 2, domains: 1 });
    try {
      const answer = await send(t, 'DELETE', `/teams/${teamId}`, { token: owner.token });
      expectStatus(answer, 409);
      expect(answer.body).toMatchObject({
        type: problemTypes.teamHasResources,
        detail:
          'This team still has 2 computes and 1 domain. Delete them first: a team can be deleted only when it holds nothing.',
      });
    } finally {
      spy.mockRestore();
    }
    expectStatus(await send(t, 'GET', `/teams/${teamId}`, { token: owner.token }), 200);
  });

  it('deletes an empty team: the members lose it and hear about it, the audit log keeps the entry', async () => {
    const owner = await person(t, 'Olive Owner');
    const member = await person(t, 'Mark Member');
    const teamId = await teamOf(t, owner, [[member, 'MEMBER']], 'Short-lived');
    const answer = await send(t, 'DELETE', `/teams/${teamId}`, { token: owner.token });
    expectStatus(answer, 204);
    expectStatus(await send(t, 'GET', `/teams/${teamId}`, { token: member.token }), 404);
    const teams = await send(t, 'GET', '/teams', { token: member.token });
    expect(teams.body.teams.map((team: { id: string }) => team.id)).not.toContain(teamId);
    const mail = await mailTo(t, member.email, 'The team Short-lived was deleted');
    expect(mail.text).toContain('Olive Owner deleted the Ikirere team Short-lived.');
    const [entry] = await auditRows(t, teamId);
    expect(entry).toMatchObject({ action: 'team.deleted', actorUserId: owner.id, target: 'Short-lived' });
  });

  it('is the owner’s alone', async () => {
    const owner = await person(t);
    const admin = await person(t);
    const teamId = await teamOf(t, owner, [[admin, 'ADMIN']]);
    const answer = await send(t, 'DELETE', `/teams/${teamId}`, { token: admin.token });
    expectStatus(answer, 403);
    expect(answer.body.detail).toBe("Only the team's owner can delete the team.");
  });
});
