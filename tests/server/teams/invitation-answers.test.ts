// Invitations, the invitee's side: only the person whose verified address it went to may read and answer
// it (someone invited before having an account signs up with that address first); others get a 403 that
// does not reveal the address; after 7 days it expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { type IdentityTestApp, signUpVerified, uniqueEmail } from '../support/identity';
import { DAY, invitationsTestApp, invite, linkIn } from '../support/invitations';
import { auditRows, expectStatus, mailTo, person, send, teamWithRoles } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = invitationsTestApp(database.handle);
});
afterAll(() => database?.dispose());

describe('the invitee', () => {
  it('reads the invitation, accepts it and finds the team in their list with the offered role', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const invitee = await person(t, 'Ivan Invitee');
    const invitation = await invite(t, teamId, owner, invitee.email, 'ADMIN');
    const read = await send(t, 'GET', `/invitations/${invitation.id}`, { token: invitee.token });
    expectStatus(read, 200);
    expect(read.body).toEqual(invitation);
    const mine = await send(t, 'GET', '/users/me/invitations', { token: invitee.token });
    expect(mine.body.invitations.map((i: { id: string }) => i.id)).toEqual([invitation.id]);

    const accepted = await send(t, 'POST', `/invitations/${invitation.id}/accept`, { token: invitee.token });
    expectStatus(accepted, 200);
    expect(accepted.body.status).toBe('ACCEPTED');
    const teams = await send(t, 'GET', '/teams', { token: invitee.token });
    expect(teams.body.teams).toContainEqual(expect.objectContaining({ id: teamId, role: 'ADMIN' }));
    const members = await send(t, 'GET', `/teams/${teamId}/members`, { token: owner.token });
    expect(members.body.members).toContainEqual(
      expect.objectContaining({ userId: invitee.id, role: 'ADMIN', status: 'ACTIVE' }),
    );
    expect(
      (await send(t, 'GET', '/users/me/invitations', { token: invitee.token })).body.invitations,
    ).toEqual([]);
    expect(
      (await send(t, 'GET', `/teams/${teamId}/invitations`, { token: owner.token })).body.invitations,
    ).toEqual([]);
    const again = await send(t, 'POST', `/invitations/${invitation.id}/accept`, { token: invitee.token });
    expectStatus(again, 409);
    expect(again.body).toMatchObject({
      type: problemTypes.invitationClosed,
      detail: 'You already accepted this invitation.',
    });
    const [, entry] = await auditRows(t, teamId);
    expect(entry).toMatchObject({ action: 'invitation.accepted', actorUserId: invitee.id });
  });

  it('declines: the invitation is closed and no membership is made', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const invitee = await person(t);
    const invitation = await invite(t, teamId, owner, invitee.email);
    const declined = await send(t, 'POST', `/invitations/${invitation.id}/decline`, { token: invitee.token });
    expectStatus(declined, 200);
    expect(declined.body.status).toBe('DECLINED');
    expectStatus(await send(t, 'GET', `/teams/${teamId}`, { token: invitee.token }), 404);
    const accept = await send(t, 'POST', `/invitations/${invitation.id}/accept`, { token: invitee.token });
    expectStatus(accept, 409);
    const entries = await auditRows(t, teamId);
    expect(entries.at(-1)).toMatchObject({ action: 'invitation.declined', actorUserId: invitee.id });
  });

  it('is the only one who may see or answer it: others get a 403 that does not reveal the address', async () => {
    const { teamId, owner, admin } = await teamWithRoles(t);
    const invitee = await person(t);
    const invitation = await invite(t, teamId, owner, invitee.email);
    for (const [method, path] of [
      ['GET', `/invitations/${invitation.id}`],
      ['POST', `/invitations/${invitation.id}/accept`],
      ['POST', `/invitations/${invitation.id}/decline`],
    ] as const) {
      const answer = await send(t, method, path, { token: admin.token });
      expectStatus(answer, 403);
      expect(answer.body.type).toBe(problemTypes.invitationForAnotherAddress);
      expect(answer.body.detail).toBe(
        'This invitation was sent to a different e-mail address than the one you are signed in with. Sign in with the address it was sent to, or ask the team to invite your address.',
      );
      expect(JSON.stringify(answer.body)).not.toContain(invitee.email);
    }
    expect(
      (await send(t, 'GET', `/invitations/${invitation.id}`, { token: invitee.token })).body.status,
    ).toBe('PENDING');
  });

  it('gets 404 for an unknown or malformed id, and 401 without a session', async () => {
    const invitee = await person(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const answer = await send(t, 'GET', `/invitations/${id}`, { token: invitee.token });
      expectStatus(answer, 404);
      expect(answer.body.detail).toBe(
        'There is no such invitation. Check the link, or ask the team for a new one.',
      );
    }
    expectStatus(await send(t, 'GET', '/invitations/00000000-0000-4000-8000-000000000000'), 401);
  });

  it('can sign up from the e-mail with the invited address and then accept', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const email = uniqueEmail('newcomer');
    const invitation = await invite(t, teamId, owner, email, 'MEMBER');
    const mail = await mailTo(t, email, 'Olive Owner invited you to join Acme Rwanda on Ikirere');
    expect(mail.text).toContain(`sign up with this address (${email})`);
    const newcomer = await signUpVerified(t, 'Nadia Newcomer', email);
    const read = await send(t, 'GET', `/invitations/${linkIn(mail.text)}`, { token: newcomer.token });
    expectStatus(read, 200);
    expect(read.body).toMatchObject({ id: invitation.id, status: 'PENDING', team: { name: 'Acme Rwanda' } });
    expectStatus(
      await send(t, 'POST', `/invitations/${invitation.id}/accept`, { token: newcomer.token }),
      200,
    );
    const teams = await send(t, 'GET', '/teams', { token: newcomer.token });
    expect(teams.body.teams.map((team: { id: string; role: string }) => [team.id, team.role])).toContainEqual(
      [teamId, 'MEMBER'],
    );
  });
});

describe('expiry', () => {
  it('ends an invitation after 7 days: it shows EXPIRED, cannot be accepted, and a new one may be sent', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const invitee = await person(t);
    const invitation = await invite(t, teamId, owner, invitee.email);
    t.clock.advance(7 * DAY - 60_000);
    expect(
      (await send(t, 'GET', `/invitations/${invitation.id}`, { token: invitee.token })).body.status,
    ).toBe('PENDING');
    t.clock.advance(60_000);
    const read = await send(t, 'GET', `/invitations/${invitation.id}`, { token: invitee.token });
    expect(read.body.status).toBe('EXPIRED');
    expect(
      (await send(t, 'GET', '/users/me/invitations', { token: invitee.token })).body.invitations,
    ).toEqual([]);
    const accept = await send(t, 'POST', `/invitations/${invitation.id}/accept`, { token: invitee.token });
    expectStatus(accept, 409);
    expect(accept.body.detail).toBe('This invitation has expired. Ask the team to send it again.');
    const second = await invite(t, teamId, owner, invitee.email);
    expect(second.id).not.toBe(invitation.id);
    expectStatus(await send(t, 'POST', `/invitations/${second.id}/accept`, { token: invitee.token }), 200);
  });
});
