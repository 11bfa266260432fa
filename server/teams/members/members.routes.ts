// /teams/:teamId/members and the membership changes: role changes, removal, leaving, ownership transfer.
// Each change locks the team row and re-reads both memberships first, so two admins acting at once
// (demoting each other, say) are decided one after the other on fresh data.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Role } from '@/contract/auth';
import {
  changeRoleRequestSchema,
  type Member,
  memberListSchema,
  memberSchema,
  teamSchema,
  transferOwnershipRequestSchema,
} from '@/contract/teams';
import { can } from '@/domain/permissions';
import { auditActor, personLabel, recordAudit } from '../../audit/audit-log';
import type { Transaction } from '../../db';
import { teamMembers, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoutes } from '../../http/routes';
import { usesTwoFactor } from '../../identity/two-factor';
import { isUuid, teamGuards, teamGuardsEvenWithoutTwoFactor } from '../guards';
import { newOwnerMail, removedFromTeamMail } from '../messages';
import { memberParams, teamIdParams } from '../params';
import { fieldProblem, notInTeam, teamNotFound, teamRoleRequired } from '../problems';
import { ACTIVE, activeMembership, describeTeam, lockTeam, type Queryable } from '../team-record';
import { assertMayChangeRole, assertMayLeave, assertMayRemove } from './member-rules';

const memberColumns = {
  userId: teamMembers.userId,
  name: users.name,
  email: users.email,
  role: teamMembers.role,
  status: teamMembers.status,
  joinedAt: teamMembers.createdAt,
};

type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: string;
  status: string;
  joinedAt: Date;
};

function toMember(row: MemberRow): Member {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    status: row.status as Member['status'],
    joinedAt: row.joinedAt.toISOString(),
  };
}

async function findMember(db: Queryable, teamId: string, userId: string): Promise<MemberRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), eq(teamMembers.status, ACTIVE)),
    );
  return row;
}

/**
 * Tells the team's open consoles who is in it changed, and the people whose own membership changed (a
 * role, a removal) that it did: their consoles re-read what they may see and do.
 */
async function announceMembership(c: Context<AppEnv>, teamId: string, userIds: readonly string[]) {
  const live = c.get('live');
  live.publishToUsers(userIds, { type: 'membership.changed', teamId });
  await live.publishToTeam(teamId, { type: 'members.changed', teamId });
}

/** Locks the team, then reads the caller's current membership: what the guard saw may have changed. */
async function lockAndReadActor(tx: Transaction, teamId: string, actorId: string) {
  if (!(await lockTeam(tx, teamId))) throw teamNotFound();
  const actor = await activeMembership(tx, teamId, actorId);
  if (!actor) throw teamNotFound();
  return actor;
}

export function membersRoutes() {
  return defineRoutes('/teams', 'Members')
    .add({
      method: 'get',
      path: '/:teamId/members',
      summary: 'List the team’s members',
      tokenScope: 'team:read',
      guards: teamGuards('members.read'),
      request: { params: teamIdParams },
      responses: {
        200: { description: 'The owner first, then admins, then members.', schema: memberListSchema },
      },
      handler: async (c) => {
        // Who uses two-factor sign-in is the owner's to know: they are the one who may require it.
        const owner = can(c.get('membership').role, 'team.requireTwoFactor');
        const rows = await c
          .get('identity')
          .db.select({ ...memberColumns, twoFactor: usesTwoFactor('team_members.user_id') })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(and(eq(teamMembers.teamId, c.get('team').id), eq(teamMembers.status, ACTIVE)))
          .orderBy(
            sql`case ${teamMembers.role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`,
            asc(users.name),
            asc(users.id),
          );
        return c.json(
          {
            members: rows.map((row) => ({
              ...toMember(row),
              ...(owner ? { twoFactor: row.twoFactor } : {}),
            })),
          },
          200,
        );
      },
    })
    .add({
      method: 'patch',
      path: '/:teamId/members/:userId',
      summary: 'Change a member’s role between MEMBER and ADMIN',
      tokenScope: 'team:read_write',
      description:
        'The owner changes anyone but themselves; an admin changes other non-owners. The owner’s role changes only by transferring the ownership.',
      guards: teamGuards('members.manage'),
      request: { params: memberParams, body: changeRoleRequestSchema },
      responses: { 200: { description: 'The member with the new role.', schema: memberSchema } },
      handler: async (c, { params, body }) => {
        const { db, clock } = c.get('identity');
        const teamId = c.get('team').id;
        const now = clock.now();
        const actorInfo = auditActor(c);
        const member = await db.transaction(async (tx) => {
          const actor = await lockAndReadActor(tx, teamId, c.get('user').id);
          const target = await findMember(tx, teamId, params.userId);
          if (!target) throw notInTeam('member');
          assertMayChangeRole(actor, { userId: target.userId, role: target.role as Role });
          if (target.role === body.role) return target;
          await tx
            .update(teamMembers)
            .set({ role: body.role })
            .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, target.userId)));
          await recordAudit(tx, {
            teamId,
            actor: actorInfo,
            action: 'member.role_changed',
            target: personLabel(target),
            details: { userId: target.userId, from: target.role, to: body.role },
            at: now,
          });
          return { ...target, role: body.role };
        });
        await announceMembership(c, teamId, [member.userId]);
        return c.json(toMember(member), 200);
      },
    })
    .add({
      method: 'delete',
      path: '/:teamId/members/:userId',
      summary: 'Remove a member from the team',
      tokenScope: 'team:read_write',
      description:
        'The owner removes anyone else; an admin removes members and other admins. Nobody removes the owner.',
      guards: teamGuards('members.manage'),
      request: { params: memberParams },
      responses: { 204: { description: 'The person is no longer a member.' } },
      handler: async (c, { params }) => {
        const identity = c.get('identity');
        const team = c.get('team');
        const now = identity.clock.now();
        const actorInfo = auditActor(c);
        const removed = await identity.db.transaction(async (tx) => {
          const actor = await lockAndReadActor(tx, team.id, c.get('user').id);
          const target = await findMember(tx, team.id, params.userId);
          if (!target) throw notInTeam('member');
          assertMayRemove(actor, { userId: target.userId, role: target.role as Role });
          await tx
            .delete(teamMembers)
            .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, target.userId)));
          await recordAudit(tx, {
            teamId: team.id,
            actor: actorInfo,
            action: 'member.removed',
            target: personLabel(target),
            details: { userId: target.userId, role: target.role },
            at: now,
          });
          return target;
        });
        await announceMembership(c, team.id, [removed.userId]);
        identity.deliveries.later('member removed notice', () =>
          identity.mail.send(removedFromTeamMail(removed.email, team.name, c.get('user').name)),
        );
        return c.body(null, 204);
      },
    })
    .add({
      method: 'post',
      path: '/:teamId/leave',
      summary: 'Leave the team (anyone but the owner, who transfers the ownership first)',
      tokenScope: 'never',
      guards: teamGuardsEvenWithoutTwoFactor(),
      request: { params: teamIdParams },
      responses: { 204: { description: 'You are no longer a member.' } },
      handler: async (c) => {
        const { db, clock } = c.get('identity');
        const teamId = c.get('team').id;
        const user = c.get('user');
        const now = clock.now();
        const actorInfo = auditActor(c);
        await db.transaction(async (tx) => {
          const actor = await lockAndReadActor(tx, teamId, user.id);
          assertMayLeave(actor);
          await tx
            .delete(teamMembers)
            .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, user.id)));
          await recordAudit(tx, {
            teamId,
            actor: actorInfo,
            action: 'member.left',
            target: personLabel(user),
            details: { userId: user.id, role: actor.role },
            at: now,
          });
        });
        await announceMembership(c, teamId, [user.id]);
        return c.body(null, 204);
      },
    })
    .add({
      method: 'post',
      path: '/:teamId/transfer-ownership',
      summary: 'Make another member the owner; you become an admin',
      tokenScope: 'never',
      guards: teamGuards('team.transferOwnership'),
      request: { params: teamIdParams, body: transferOwnershipRequestSchema },
      responses: { 200: { description: 'The team, with your new role (ADMIN).', schema: teamSchema } },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const team = c.get('team');
        const user = c.get('user');
        const now = identity.clock.now();
        const actorInfo = auditActor(c);
        const newOwner = await identity.db.transaction(async (tx) => {
          const actor = await lockAndReadActor(tx, team.id, user.id);
          if (!can(actor.role, 'team.transferOwnership')) throw teamRoleRequired('team.transferOwnership');
          const target = body.userId === user.id ? undefined : await findMember(tx, team.id, body.userId);
          if (!target) {
            throw fieldProblem('userId', 'Choose another active member of this team to become its owner.');
          }
          // The old owner steps down first: the one-owner index allows no moment with two.
          await tx
            .update(teamMembers)
            .set({ role: 'ADMIN' })
            .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, user.id)));
          await tx
            .update(teamMembers)
            .set({ role: 'OWNER' })
            .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, target.userId)));
          await recordAudit(tx, {
            teamId: team.id,
            actor: actorInfo,
            action: 'team.ownership_transferred',
            target: personLabel(target),
            details: { from: user.id, to: target.userId, previousRoleOfNewOwner: target.role },
            at: now,
          });
          return target;
        });
        await announceMembership(c, team.id, [user.id, newOwner.userId]);
        identity.deliveries.later('new owner notice', () =>
          identity.mail.send(newOwnerMail(newOwner.email, team.name, user.name)),
        );
        return c.json(await describeTeam(identity.db, team, 'ADMIN'), 200);
      },
    });
}
