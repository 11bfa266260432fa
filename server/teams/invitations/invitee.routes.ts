// The invitee's side: /invitations/:id (read, accept, decline) and /users/me/invitations. An invitation
// belongs to whoever is signed in with the verified e-mail address it was sent to, checked each time,
// so someone invited before they had an account finds it after signing up with that address.
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import { invitationListSchema, invitationSchema } from '@/contract/teams';
import { auditActor, personLabel, recordAudit } from '../../audit/audit-log';
import { invitations, teamMembers } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { idParam } from '../../http/path-params';
import { defineRoutes } from '../../http/routes';
import { requireVerifiedUser } from '../../identity/guards';
import type { UserRecord } from '../../identity/sessions';
import { ACTIVE, lockTeam } from '../../tenancy/team-record';
import { closedInvitation, invitationForAnotherAddress, invitationNotFound } from './invitation-problems';
import {
  effectiveStatus,
  findInvitation,
  findInvitations,
  type InvitationWithTeam,
  toInvitation,
} from './invitation-record';

const invitationParams = v.object({ id: idParam('invitation', invitationNotFound) });

function isAddressee(user: UserRecord, found: InvitationWithTeam): boolean {
  return user.emailVerifiedAt !== null && user.email === found.invitation.email;
}

async function readOwnInvitation(c: Context<AppEnv>, id: string): Promise<InvitationWithTeam> {
  const found = await findInvitation(c.get('identity').db, id);
  if (!found) throw invitationNotFound();
  if (!isAddressee(c.get('user'), found)) throw invitationForAnotherAddress();
  return found;
}

type Answer = 'ACCEPTED' | 'DECLINED';

/** Accepts or declines, on fresh data under the team's lock (a revoke or resend may be racing it). */
async function answer(c: Context<AppEnv>, id: string, outcome: Answer) {
  const { db, clock } = c.get('identity');
  const user = c.get('user');
  const now = clock.now();
  const actor = auditActor(c);
  const first = await readOwnInvitation(c, id);
  await db.transaction(async (tx) => {
    if (!(await lockTeam(tx, first.invitation.teamId))) throw invitationNotFound();
    const [row] = await tx.select().from(invitations).where(eq(invitations.id, first.invitation.id));
    if (!row) throw invitationNotFound();
    const status = effectiveStatus(row, now);
    if (status !== 'PENDING') throw closedInvitation(status, 'invitee');
    await tx.update(invitations).set({ status: outcome, closedAt: now }).where(eq(invitations.id, row.id));
    if (outcome === 'ACCEPTED') {
      // Someone who is already a member (invited twice, or added meanwhile) keeps the role they have.
      await tx
        .insert(teamMembers)
        .values({ teamId: row.teamId, userId: user.id, role: row.role, status: ACTIVE, createdAt: now })
        .onConflictDoNothing({ target: [teamMembers.teamId, teamMembers.userId] });
    }
    await recordAudit(tx, {
      teamId: row.teamId,
      actor,
      action: outcome === 'ACCEPTED' ? 'invitation.accepted' : 'invitation.declined',
      target: personLabel(user),
      details: { invitationId: row.id, email: row.email, role: row.role },
      at: now,
    });
  });
  const live = c.get('live');
  if (outcome === 'ACCEPTED') {
    live.publishToUsers([user.id], { type: 'membership.changed', teamId: first.invitation.teamId });
  }
  live.publishToUsers([user.id], { type: 'invitations.changed' });
  await live.publishToTeam(first.invitation.teamId, {
    type: 'members.changed',
    teamId: first.invitation.teamId,
  });
  const found = await findInvitation(db, first.invitation.id);
  return c.json(toInvitation(found!, now), 200);
}

export function inviteeRoutes() {
  return defineRoutes('/invitations', 'Invitations')
    .add({
      method: 'get',
      path: '/:id',
      summary: 'Read an invitation sent to your e-mail address',
      tokenScope: 'never',
      description:
        'Answers 403 when you are signed in with another address than the one it was sent to (which is not shown). Expired, revoked and answered invitations show their status.',
      guards: [requireVerifiedUser],
      request: { params: invitationParams },
      responses: { 200: { description: 'The invitation.', schema: invitationSchema } },
      handler: async (c, { params }) => {
        const found = await readOwnInvitation(c, params.id);
        return c.json(toInvitation(found, c.get('identity').clock.now()), 200);
      },
    })
    .add({
      method: 'post',
      path: '/:id/accept',
      summary: 'Accept an invitation: join the team with the role it offers',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { params: invitationParams },
      responses: { 200: { description: 'The invitation, now ACCEPTED.', schema: invitationSchema } },
      handler: (c, { params }) => answer(c, params.id, 'ACCEPTED'),
    })
    .add({
      method: 'post',
      path: '/:id/decline',
      summary: 'Decline an invitation',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { params: invitationParams },
      responses: { 200: { description: 'The invitation, now DECLINED.', schema: invitationSchema } },
      handler: (c, { params }) => answer(c, params.id, 'DECLINED'),
    });
}

export function myInvitationsRoutes() {
  return defineRoutes('/users', 'Invitations').add({
    method: 'get',
    path: '/me/invitations',
    summary: 'List the open invitations sent to your e-mail address',
    tokenScope: 'never',
    guards: [requireVerifiedUser],
    responses: { 200: { description: 'Open invitations, newest first.', schema: invitationListSchema } },
    handler: async (c) => {
      const { db, clock } = c.get('identity');
      const user = c.get('user');
      const now = clock.now();
      if (user.emailVerifiedAt === null) return c.json({ invitations: [] }, 200);
      const found = await findInvitations(
        db,
        and(
          eq(invitations.email, user.email),
          eq(invitations.status, 'PENDING'),
          gt(invitations.expiresAt, now),
        ),
      );
      return c.json({ invitations: found.map((item) => toInvitation(item, now)) }, 200);
    },
  });
}
