// A team owner requiring two-factor sign-in of every member: only an owner who uses it may; members
// without it are then refused the team's pages and API (403 in words, also through their API tokens),
// told by e-mail, and can still see and leave the team; the owner sees who uses it; turning it on lets
// them back in at once; the owner cannot drop their own last second factor while the team requires it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { addPasskey } from '../support/soft-authenticator';
import { auditRows, expectStatus, mailTo, send, teamWithRoles } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await database?.dispose();
});

const requirement = (teamId: string, token: string, required: unknown) =>
  send(t, 'PUT', `/teams/${teamId}/two-factor-requirement`, { token, body: { required } });

describe('a team requiring two-factor sign-in', () => {
  it('is set by an owner who uses it; members without it are refused until they turn it on', async () => {
    const { teamId, owner, admin, member } = await teamWithRoles(t);

    // The owner first needs it themselves; an admin may not at all; the body is checked.
    const ownerWithout = await requirement(teamId, owner.token, true);
    expectStatus(ownerWithout, 409);
    expect(ownerWithout.body.errors).toEqual([
      {
        field: 'required',
        message:
          'Turn on two-factor sign-in for yourself first (Account settings → Security), then require it of the others.',
      },
    ]);
    expectStatus(await requirement(teamId, admin.token, true), 403);
    expectStatus(await requirement(teamId, owner.token, 'yes'), 422);

    await addPasskey(t, owner.token, 'Owner laptop');
    const on = await requirement(teamId, owner.token, true);
    expectStatus(on, 200);
    expect(on.body).toMatchObject({ id: teamId, requireTwoFactor: true });
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({ action: 'team.two_factor_required' });
    const mail = await mailTo(t, member.email, 'Acme Rwanda now requires two-factor sign-in');
    expect(mail.text).toContain('Account settings → Security');
    await mailTo(t, admin.email, 'Acme Rwanda now requires two-factor sign-in');

    // The member without it: refused the team's contents in words, but can see the team and its name.
    const computes = await send(t, 'GET', `/resource-manager/api/v1/teams/${teamId}/computes`, {
      token: member.token,
    });
    expectStatus(computes, 403);
    expect(computes.body).toMatchObject({
      type: problemTypes.teamTwoFactorRequired,
      title: 'Two-factor sign-in required',
      detail:
        'Acme Rwanda requires two-factor sign-in of every member. Turn it on in Account settings → Security, then come back.',
    });
    expectStatus(await send(t, 'GET', `/teams/${teamId}/members`, { token: member.token }), 403);
    const team = await send(t, 'GET', `/teams/${teamId}`, { token: member.token });
    expectStatus(team, 200);
    expect(team.body.requireTwoFactor).toBe(true);
    const list = await send(t, 'GET', '/teams', { token: member.token });
    expect(list.body.teams.find((item: { id: string }) => item.id === teamId)).toMatchObject({
      requireTwoFactor: true,
    });

    // The owner (who uses it) sees who does; an admin with it on sees the list without that column.
    const members = await send(t, 'GET', `/teams/${teamId}/members`, { token: owner.token });
    expectStatus(members, 200);
    expect(
      members.body.members.map((row: { name: string; twoFactor?: boolean }) => [row.name, row.twoFactor]),
    ).toEqual([
      ['Olive Owner', true],
      ['Alice Admin', false],
      ['Mark Member', false],
    ]);
    await addPasskey(t, admin.token, 'Admin key');
    const adminView = await send(t, 'GET', `/teams/${teamId}/members`, { token: admin.token });
    expectStatus(adminView, 200);
    expect(adminView.body.members[0]).not.toHaveProperty('twoFactor');

    // The member turns it on: the team opens at once.
    await addPasskey(t, member.token, 'Phone');
    expectStatus(
      await send(t, 'GET', `/resource-manager/api/v1/teams/${teamId}/computes`, { token: member.token }),
      200,
    );

    // Off again: nobody is asked any more.
    const off = await requirement(teamId, owner.token, false);
    expectStatus(off, 200);
    expect(off.body.requireTwoFactor).toBe(false);
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({ action: 'team.two_factor_not_required' });
  });

  it('a member without it can still leave; an API token of theirs is refused too', async () => {
    const { teamId, owner, member } = await teamWithRoles(t);
    const token = await send(t, 'POST', '/users/me/api-tokens', {
      token: member.token,
      body: {
        name: 'deploy',
        teamIds: [teamId],
        scopes: { computes: 'read', domains: 'none', billing: 'none', team: 'none' },
        expiresOn: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expectStatus(token, 201);
    await addPasskey(t, owner.token);
    expectStatus(await requirement(teamId, owner.token, true), 200);

    const byToken = await send(t, 'GET', `/resource-manager/api/v1/teams/${teamId}/computes`, {
      token: token.body.secret,
    });
    expectStatus(byToken, 403);
    expect(byToken.body.type).toBe(problemTypes.teamTwoFactorRequired);

    expectStatus(await send(t, 'POST', `/teams/${teamId}/leave`, { token: member.token }), 204);
    expectStatus(await send(t, 'GET', `/teams/${teamId}`, { token: member.token }), 404);
  });

  it('its owner cannot drop their last second factor while it is required', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const { passkey } = await addPasskey(t, owner.token);
    expectStatus(await requirement(teamId, owner.token, true), 200);
    const removed = await send(t, 'DELETE', `/users/me/two-factor/passkeys/${passkey.credentialId}`, {
      token: owner.token,
    });
    expectStatus(removed, 409);
    expect(removed.body.detail).toBe(
      'You own Acme Rwanda, which requires two-factor sign-in of every member. Stop requiring it there first (team settings → General), or keep another way to sign in with two factors.',
    );
    // With a second key, the first may go.
    await addPasskey(t, owner.token, 'Spare key');
    expectStatus(
      await send(t, 'DELETE', `/users/me/two-factor/passkeys/${passkey.credentialId}`, {
        token: owner.token,
      }),
      200,
    );
  });
});
