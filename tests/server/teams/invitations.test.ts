// Invitations, the team's side: the owner or an admin invites by e-mail (a link with the team, who
// invites, the role and the 7-day expiry), sees the open ones, resends (a new link that voids the old)
// and revokes; another team's invitation id answers 404.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { invitationListSchema, invitationSchema } from '@/contract/teams';
import { buildIdentityTestApp, type IdentityTestApp, inbox, uniqueEmail } from '../support/identity';
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

describe('sending an invitation', () => {
  it('e-mails a link with the team, who invites, the role and the 7-day expiry', async () => {
    const { teamId, admin } = await teamWithRoles(t);
    const invitee = await person(t, 'Ivan Invitee');
    const sent = await send(t, 'POST', `/teams/${teamId}/invitations`, {
      token: admin.token,
      body: { email: ` ${invitee.email.toUpperCase()} `, role: 'ADMIN' },
    });
    expectStatus(sent, 201);
    const invitation = v.parse(invitationSchema, sent.body);
    expect(invitation).toMatchObject({
      team: { id: teamId, name: 'Acme Rwanda' },
      email: invitee.email,
      role: 'ADMIN',
      status: 'PENDING',
      invitedBy: { name: 'Alice Admin', email: admin.email },
    });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * DAY);
    const mail = await mailTo(t, invitee.email, 'Alice Admin invited you to join Acme Rwanda on Ikirere');
    expect(linkIn(mail.text)).toBe(invitation.id);
    expect(mail.text).toContain('as an admin');
    expect(mail.text).toContain('It expires in 7 days');
    const [entry] = await auditRows(t, teamId);
    expect(entry).toMatchObject({
      action: 'invitation.sent',
      actorUserId: admin.id,
      target: `invitation to ${invitee.email}`,
      details: { invitationId: invitation.id, email: invitee.email, role: 'ADMIN' },
    });
  });

  it('links to the origin the request came to when PUBLIC_URL is not set', async () => {
    const local = buildIdentityTestApp(database.handle);
    const { teamId, owner } = await teamWithRoles(local);
    const email = uniqueEmail('local');
    await invite(local, teamId, owner, email);
    const mail = await mailTo(local, email, 'Olive Owner invited you to join Acme Rwanda on Ikirere');
    expect(mail.text).toMatch(/\n {4}http:\/\/localhost\/invitation\/[0-9a-f-]{36}\n/);
  });

  it('refuses an address that is already a member, and a second open invitation to one address', async () => {
    const { teamId, owner, member } = await teamWithRoles(t);
    const already = await send(t, 'POST', `/teams/${teamId}/invitations`, {
      token: owner.token,
      body: { email: member.email, role: 'MEMBER' },
    });
    expectStatus(already, 409);
    expect(already.body).toMatchObject({
      type: problemTypes.invitationConflict,
      errors: [{ field: 'email', message: `${member.email} is already a member of this team.` }],
    });
    const email = uniqueEmail('twice');
    await invite(t, teamId, owner, email);
    const twice = await send(t, 'POST', `/teams/${teamId}/invitations`, {
      token: owner.token,
      body: { email, role: 'ADMIN' },
    });
    expectStatus(twice, 409);
    expect(twice.body.errors).toEqual([
      {
        field: 'email',
        message: `${email} already has an open invitation to this team. Resend it or revoke it instead.`,
      },
    ]);
  });

  it('is for owners and admins only, and checks the address and the role', async () => {
    const { teamId, owner, member } = await teamWithRoles(t);
    const byMember = await send(t, 'POST', `/teams/${teamId}/invitations`, {
      token: member.token,
      body: { email: uniqueEmail(), role: 'MEMBER' },
    });
    expectStatus(byMember, 403);
    expect(byMember.body.detail).toBe("Only the team's owner and admins can invite people.");
    const bad = await send(t, 'POST', `/teams/${teamId}/invitations`, {
      token: owner.token,
      body: { email: 'not-an-address', role: 'OWNER' },
    });
    expectStatus(bad, 422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'role']);
  });

  it('lists the open invitations to owners and admins, expired ones included so they can be resent', async () => {
    const { teamId, owner, admin } = await teamWithRoles(t);
    const old = await invite(t, teamId, owner, uniqueEmail('old'));
    t.clock.advance(8 * DAY);
    const fresh = await invite(t, teamId, admin, uniqueEmail('fresh'));
    const answer = await send(t, 'GET', `/teams/${teamId}/invitations`, { token: admin.token });
    expectStatus(answer, 200);
    const { invitations } = v.parse(invitationListSchema, answer.body);
    expect(invitations.map((i) => [i.id, i.status])).toEqual([
      [fresh.id, 'PENDING'],
      [old.id, 'EXPIRED'],
    ]);
  });
});

describe('resending', () => {
  it('sends a new link with 7 fresh days and voids the old one', async () => {
    const { teamId, owner, admin } = await teamWithRoles(t);
    const invitee = await person(t);
    const first = await invite(t, teamId, owner, invitee.email, 'ADMIN');
    t.clock.advance(6 * DAY);
    const resent = await send(t, 'POST', `/teams/${teamId}/invitations/${first.id}/resend`, {
      token: admin.token,
    });
    expectStatus(resent, 201);
    const second = v.parse(invitationSchema, resent.body);
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({
      email: invitee.email,
      role: 'ADMIN',
      status: 'PENDING',
      invitedBy: { email: admin.email },
    });
    expect(Date.parse(second.expiresAt)).toBe(t.clock.now().getTime() + 7 * DAY);
    // Two e-mails now carry links: the first (void) and the new one.
    const links = (await inbox(t, invitee.email)).map((mail) => linkIn(mail.text));
    expect(links.sort()).toEqual([first.id, second.id].sort());

    const old = await send(t, 'GET', `/invitations/${first.id}`, { token: invitee.token });
    expect(old.body.status).toBe('REVOKED');
    const acceptOld = await send(t, 'POST', `/invitations/${first.id}/accept`, { token: invitee.token });
    expectStatus(acceptOld, 409);
    expect(acceptOld.body.detail).toBe(
      'This invitation was withdrawn or replaced by a newer link. Ask the team for a new one.',
    );
    const listed = await send(t, 'GET', `/teams/${teamId}/invitations`, { token: owner.token });
    expect(listed.body.invitations.map((i: { id: string }) => i.id)).toEqual([second.id]);
    const entries = await auditRows(t, teamId);
    expect(entries.at(-1)).toMatchObject({
      action: 'invitation.resent',
      actorUserId: admin.id,
      details: { invitationId: second.id, previousInvitationId: first.id },
    });
    expectStatus(await send(t, 'POST', `/invitations/${second.id}/accept`, { token: invitee.token }), 200);
  });

  it('works for an expired invitation, not for an answered one', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const invitee = await person(t);
    const first = await invite(t, teamId, owner, invitee.email);
    t.clock.advance(10 * DAY);
    const resent = await send(t, 'POST', `/teams/${teamId}/invitations/${first.id}/resend`, {
      token: owner.token,
    });
    expectStatus(resent, 201);
    await send(t, 'POST', `/invitations/${resent.body.id}/decline`, { token: invitee.token });
    const again = await send(t, 'POST', `/teams/${teamId}/invitations/${resent.body.id}/resend`, {
      token: owner.token,
    });
    expectStatus(again, 409);
    expect(again.body.detail).toBe('This invitation was declined. Send a new one to ask again.');
  });
});

describe('revoking', () => {
  it('closes the invitation: the link shows REVOKED and cannot be accepted', async () => {
    const { teamId, admin } = await teamWithRoles(t);
    const invitee = await person(t);
    const invitation = await invite(t, teamId, admin, invitee.email);
    expectStatus(
      await send(t, 'DELETE', `/teams/${teamId}/invitations/${invitation.id}`, { token: admin.token }),
      204,
    );
    expect(
      (await send(t, 'GET', `/invitations/${invitation.id}`, { token: invitee.token })).body.status,
    ).toBe('REVOKED');
    expectStatus(
      await send(t, 'POST', `/invitations/${invitation.id}/accept`, { token: invitee.token }),
      409,
    );
    const twice = await send(t, 'DELETE', `/teams/${teamId}/invitations/${invitation.id}`, {
      token: admin.token,
    });
    expectStatus(twice, 409);
    const entries = await auditRows(t, teamId);
    expect(entries.at(-1)).toMatchObject({ action: 'invitation.revoked', actorUserId: admin.id });
  });
});

describe('another team’s invitation', () => {
  it('answers 404 on this team’s routes, even to that other team’s admin', async () => {
    const ours = await teamWithRoles(t);
    const theirs = await teamWithRoles(t);
    const invitation = await invite(t, theirs.teamId, theirs.owner, uniqueEmail());
    for (const [method, suffix] of [
      ['POST', '/resend'],
      ['DELETE', ''],
    ] as const) {
      const answer = await send(t, method, `/teams/${ours.teamId}/invitations/${invitation.id}${suffix}`, {
        token: ours.owner.token,
      });
      expectStatus(answer, 404);
      expect(answer.body.detail).toBe('This team has no such invitation.');
    }
    const outsider = await send(t, 'DELETE', `/teams/${theirs.teamId}/invitations/${invitation.id}`, {
      token: ours.owner.token,
    });
    expectStatus(outsider, 404);
    expect(outsider.body.detail).toBe('There is no such team, or you are not a member of it.');
  });
});
