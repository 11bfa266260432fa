// /teams/:teamId/invitations: the owner and admins invite by e-mail, see the open invitations, resend
// one (a new link; the old one stops working) and revoke one.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  createInvitationRequestSchema,
  invitationListSchema,
  invitationSchema,
  type MemberRole,
} from '@/contract/teams';
import { auditActor, recordAudit } from '../../audit/audit-log';
import type { Transaction } from '../../db';
import { invitations, teamMembers, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoutes } from '../../http/routes';
import { isUniqueViolation } from '../../identity/accounts';
import { publicOrigin } from '../../user/auth/code-delivery';
import { isUuid, teamGuards } from '../guards';
import { teamIdParams, teamInvitationParams } from '../params';
import { notInTeam, teamNotFound } from '../problems';
import { ACTIVE, lockTeam } from '../team-record';
import { addressConflict, closedInvitation } from './invitation-problems';
import {
  findInvitation,
  findInvitations,
  INVITATION_TTL_MS,
  type InvitationRow,
  markExpired,
  toInvitation,
} from './invitation-record';
import { invitationMail } from './messages';

const alreadyInvited = (email: string) =>
  `${email} already has an open invitation to this team. Resend it or revoke it instead.`;

async function assertNotMember(tx: Transaction, teamId: string, email: string): Promise<void> {
  const [member] = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email), eq(teamMembers.status, ACTIVE)));
  if (member) {
    throw addressConflict(`${email} is already a member of this team.`);
  }
}

/** Sends the invitation e-mail after the answer, with the link to the console's invitation page. */
function mailInvitation(c: Context<AppEnv>, row: InvitationRow, teamName: string): void {
  const identity = c.get('identity');
  const user = c.get('user');
  const message = invitationMail({
    to: row.email,
    teamName,
    inviter: { name: user.name, email: user.email },
    role: row.role as MemberRole,
    expiresAt: row.expiresAt,
    link: `${publicOrigin(c)}/invitation/${row.id}`,
  });
  identity.deliveries.later('invitation e-mail', () => identity.mail.send(message));
}

/**
 * Tells the team's open consoles its invitations changed, and the invited person's (if they already have
 * an account with that address) that theirs did.
 */
export async function announceInvitation(c: Context<AppEnv>, teamId: string, email: string): Promise<void> {
  const live = c.get('live');
  const invitees = await c
    .get('identity')
    .db.select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  live.publishToUsers(
    invitees.map((invitee) => invitee.id),
    { type: 'invitations.changed' },
  );
  await live.publishToTeam(teamId, { type: 'members.changed', teamId });
}

async function openInvitationOfTeam(tx: Transaction, teamId: string, invitationId: string) {
  if (!isUuid(invitationId)) throw notInTeam('invitation');
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.teamId, teamId)));
  if (!row) throw notInTeam('invitation');
  return row;
}

export function teamInvitationsRoutes() {
  return defineRoutes('/teams', 'Invitations')
    .add({
      method: 'get',
      path: '/:teamId/invitations',
      summary: 'List the team’s open invitations, newest first',
      tokenScope: 'team:read',
      description:
        'Open means not yet accepted, declined or revoked: expired ones are listed too (status EXPIRED), so they can be resent or revoked.',
      guards: teamGuards('members.invite'),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The open invitations.', schema: invitationListSchema } },
      handler: async (c) => {
        const { db, clock } = c.get('identity');
        const found = await findInvitations(
          db,
          and(eq(invitations.teamId, c.get('team').id), eq(invitations.status, 'PENDING')),
        );
        const now = clock.now();
        return c.json({ invitations: found.map((item) => toInvitation(item, now)) }, 200);
      },
    })
    .add({
      method: 'post',
      path: '/:teamId/invitations',
      summary: 'Invite someone by e-mail, as a member or an admin',
      tokenScope: 'team:read_write',
      description: `The invitation is valid for 7 days. An address that is already a member, or already has an open invitation, is refused with 409 (resend or revoke the open one instead).`,
      guards: teamGuards('members.invite'),
      request: { params: teamIdParams, body: createInvitationRequestSchema },
      responses: {
        201: { description: 'The invitation; the e-mail is on its way.', schema: invitationSchema },
      },
      handler: async (c, { body }) => {
        const { db, clock } = c.get('identity');
        const team = c.get('team');
        const now = clock.now();
        const actor = auditActor(c);
        let row: InvitationRow;
        try {
          row = await db.transaction(async (tx) => {
            if (!(await lockTeam(tx, team.id))) throw teamNotFound();
            await assertNotMember(tx, team.id, body.email);
            await markExpired(tx, team.id, body.email, now);
            const [open] = await tx
              .select({ id: invitations.id })
              .from(invitations)
              .where(
                and(
                  eq(invitations.teamId, team.id),
                  eq(invitations.email, body.email),
                  eq(invitations.status, 'PENDING'),
                ),
              );
            if (open) {
              throw addressConflict(alreadyInvited(body.email));
            }
            const [created] = await tx
              .insert(invitations)
              .values({
                teamId: team.id,
                email: body.email,
                role: body.role,
                invitedBy: c.get('user').id,
                createdAt: now,
                expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
              })
              .returning();
            await recordAudit(tx, {
              teamId: team.id,
              actor,
              action: 'invitation.sent',
              target: `invitation to ${body.email}`,
              details: { invitationId: created!.id, email: body.email, role: body.role },
              at: now,
            });
            return created!;
          });
        } catch (error) {
          // Two invitations to one address at the same moment: the index let only one through.
          if (!isUniqueViolation(error)) throw error;
          throw addressConflict(alreadyInvited(body.email));
        }
        mailInvitation(c, row, team.name);
        await announceInvitation(c, team.id, row.email);
        const found = await findInvitation(db, row.id);
        return c.json(toInvitation(found!, now), 201);
      },
    })
    .add({
      method: 'post',
      path: '/:teamId/invitations/:invitationId/resend',
      summary: 'Send an invitation again with a new link; the old link stops working',
      tokenScope: 'team:read_write',
      description:
        'Works for open and expired invitations. The new invitation has a new id and 7 fresh days.',
      guards: teamGuards('members.invite'),
      request: { params: teamInvitationParams },
      responses: { 201: { description: 'The new invitation.', schema: invitationSchema } },
      handler: async (c, { params }) => {
        const { db, clock } = c.get('identity');
        const team = c.get('team');
        const now = clock.now();
        const actor = auditActor(c);
        const row = await db.transaction(async (tx) => {
          if (!(await lockTeam(tx, team.id))) throw teamNotFound();
          const old = await openInvitationOfTeam(tx, team.id, params.invitationId);
          // Stored EXPIRED means a newer invitation to the address took its place: that one is resent.
          if (old.status !== 'PENDING') throw closedInvitation(old.status, 'team');
          await assertNotMember(tx, team.id, old.email);
          await tx
            .update(invitations)
            .set({ status: 'REVOKED', closedAt: now })
            .where(eq(invitations.id, old.id));
          const [created] = await tx
            .insert(invitations)
            .values({
              teamId: team.id,
              email: old.email,
              role: old.role,
              invitedBy: c.get('user').id,
              createdAt: now,
              expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
            })
            .returning();
          await recordAudit(tx, {
            teamId: team.id,
            actor,
            action: 'invitation.resent',
            target: `invitation to ${old.email}`,
            details: {
              invitationId: created!.id,
              previousInvitationId: old.id,
              email: old.email,
              role: old.role,
            },
            at: now,
          });
          return created!;
        });
        mailInvitation(c, row, team.name);
        await announceInvitation(c, team.id, row.email);
        const found = await findInvitation(db, row.id);
        return c.json(toInvitation(found!, now), 201);
      },
    })
    .add({
      method: 'delete',
      path: '/:teamId/invitations/:invitationId',
      summary: 'Revoke an open invitation; its link stops working',
      tokenScope: 'team:read_write',
      guards: teamGuards('members.invite'),
      request: { params: teamInvitationParams },
      responses: { 204: { description: 'The invitation is revoked.' } },
      handler: async (c, { params }) => {
        const { db, clock } = c.get('identity');
        const team = c.get('team');
        const now = clock.now();
        const actor = auditActor(c);
        const revoked = await db.transaction(async (tx) => {
          if (!(await lockTeam(tx, team.id))) throw teamNotFound();
          const row = await openInvitationOfTeam(tx, team.id, params.invitationId);
          if (row.status !== 'PENDING') throw closedInvitation(row.status, 'team');
          await tx
            .update(invitations)
            .set({ status: 'REVOKED', closedAt: now })
            .where(eq(invitations.id, row.id));
          await recordAudit(tx, {
            teamId: team.id,
            actor,
            action: 'invitation.revoked',
            target: `invitation to ${row.email}`,
            details: { invitationId: row.id, email: row.email, role: row.role },
            at: now,
          });
          return row;
        });
        await announceInvitation(c, team.id, revoked.email);
        return c.body(null, 204);
      },
    });
}
