// /teams: the caller's teams; creating one; reading, renaming, changing the currency of and deleting one.
import { and, eq, ne, not } from 'drizzle-orm';
import { problemTypes } from '@/contract/problem';
import {
  type Currency,
  createTeamRequestSchema,
  teamLimitsSchema,
  teamListSchema,
  teamSchema,
  twoFactorRequirementRequestSchema,
  updateTeamRequestSchema,
} from '@/contract/teams';
import { can } from '@/domain/permissions';
import { auditActor, recordAudit } from '../audit/audit-log';
import { changeCurrency } from '../billing/billing-profile';
import { teamMembers, teams, users, verificationDocuments } from '../db/schema';
import { defineRoutes } from '../http/routes';
import { requireVerifiedUser } from '../identity/guards';
import { usesTwoFactor } from '../identity/two-factor';
import { teamGuards, teamGuardsEvenWithoutTwoFactor } from './guards';
import { teamLimits } from './limits';
import { teamDeletedMail, teamTwoFactorRequiredMail } from './messages';
import { teamIdParams } from './params';
import { conflict, fieldProblem, teamNotFound, teamRoleRequired } from './problems';
import { countTeamResources, describeResources } from './resources';
import { ACTIVE, describeTeam, lockTeam, teamsOfUser } from './team-record';
import type { UploadStore } from './verification/upload-store';

export function teamsRoutes(deps: { uploads: UploadStore }) {
  return defineRoutes('/teams', 'Teams')
    .add({
      method: 'get',
      path: '/',
      summary: 'List your teams with your role in each',
      tokenScope: 'any',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Your teams, oldest first.', schema: teamListSchema } },
      handler: async (c) => {
        const token = c.get('apiToken');
        // An API token sees only the teams it acts for.
        const teamList = (await teamsOfUser(c.get('identity').db, c.get('user').id)).filter(
          (team) => !token || token.teamIds.includes(team.id),
        );
        return c.json({ teams: teamList }, 200);
      },
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Create a team; you become its owner',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: createTeamRequestSchema },
      responses: { 201: { description: 'The new team.', schema: teamSchema } },
      handler: async (c, { body }) => {
        const { db, clock } = c.get('identity');
        const now = clock.now();
        const user = c.get('user');
        const team = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(teams)
            .values({ name: body.name, currency: body.currency, createdAt: now, updatedAt: now })
            .returning();
          await tx
            .insert(teamMembers)
            .values({ teamId: created!.id, userId: user.id, role: 'OWNER', status: ACTIVE, createdAt: now });
          await recordAudit(tx, {
            teamId: created!.id,
            actor: auditActor(c),
            action: 'team.created',
            target: body.name,
            details: { name: body.name, currency: body.currency },
            at: now,
          });
          return created!;
        });
        // The creator's other browsers list the new team too.
        c.get('live').publishToUsers([user.id], { type: 'membership.changed', teamId: team.id });
        return c.json(await describeTeam(db, team, 'OWNER'), 201);
      },
    })
    .add({
      method: 'get',
      path: '/:teamId',
      summary: 'Read one of your teams',
      tokenScope: 'team:read',
      description:
        'Open to every member, also where the team requires two-factor sign-in they do not use yet.',
      guards: teamGuardsEvenWithoutTwoFactor(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The team, with your role in it.', schema: teamSchema } },
      handler: async (c) =>
        c.json(await describeTeam(c.get('identity').db, c.get('team'), c.get('membership').role), 200),
    })
    .add({
      method: 'patch',
      path: '/:teamId',
      summary: 'Rename the team (owner, admin) or change its currency (owner)',
      tokenScope: 'team:read_write',
      guards: teamGuards('team.rename'),
      request: { params: teamIdParams, body: updateTeamRequestSchema },
      responses: { 200: { description: 'The team as it now stands.', schema: teamSchema } },
      handler: async (c, { body }) => {
        const { db, clock } = c.get('identity');
        const { role } = c.get('membership');
        const before = c.get('team');
        // The currency is billing: the owner's alone. Sending the unchanged value (a whole form) is fine.
        if (
          body.currency !== undefined &&
          body.currency !== before.currency &&
          !can(role, 'team.changeCurrency')
        ) {
          throw teamRoleRequired('team.changeCurrency');
        }
        const now = clock.now();
        const actor = auditActor(c);
        const updated = await db.transaction(async (tx) => {
          const current = await lockTeam(tx, before.id);
          if (!current) throw teamNotFound();
          const name = body.name ?? current.name;
          const currency = body.currency ?? current.currency;
          if (name === current.name && currency === current.currency) return current;
          const [row] = await tx
            .update(teams)
            .set({ name, updatedAt: now })
            .where(eq(teams.id, current.id))
            .returning();
          if (name !== current.name) {
            await recordAudit(tx, {
              teamId: current.id,
              actor,
              action: 'team.renamed',
              target: name,
              details: { from: current.name, to: name },
              at: now,
            });
          }
          // One place decides whether the currency may change (a zero balance, no top-up pending).
          if (currency === current.currency) return row!;
          await changeCurrency(tx, row!, currency as Currency, actor, now);
          return { ...row!, currency };
        });
        await c.get('live').publishToTeam(before.id, { type: 'team.updated', teamId: before.id });
        return c.json(await describeTeam(db, updated, role), 200);
      },
    })
    .add({
      method: 'put',
      path: '/:teamId/two-factor-requirement',
      summary: 'Require two-factor sign-in of every member, or stop requiring it (owner)',
      tokenScope: 'never',
      description:
        'Only an owner who uses two-factor sign-in can require it. Members without it are then refused the team (403, leaving it still works) and told by e-mail.',
      guards: teamGuards('team.requireTwoFactor'),
      request: { params: teamIdParams, body: twoFactorRequirementRequestSchema },
      responses: { 200: { description: 'The team as it now stands.', schema: teamSchema } },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const user = c.get('user');
        const { role } = c.get('membership');
        if (body.required && !(await identity.twoFactor.isOn(user.id))) {
          throw fieldProblem(
            'required',
            'Turn on two-factor sign-in for yourself first (Account settings → Security), then require it of the others.',
            { status: 409, title: 'Two-factor sign-in is off for you' },
          );
        }
        const now = identity.clock.now();
        const actor = auditActor(c);
        const { team, lacking } = await identity.db.transaction(async (tx) => {
          const current = await lockTeam(tx, c.get('team').id);
          if (!current) throw teamNotFound();
          if (current.requireTwoFactor === body.required) return { team: current, lacking: [] };
          const [row] = await tx
            .update(teams)
            .set({ requireTwoFactor: body.required, updatedAt: now })
            .where(eq(teams.id, current.id))
            .returning();
          await recordAudit(tx, {
            teamId: current.id,
            actor,
            action: body.required ? 'team.two_factor_required' : 'team.two_factor_not_required',
            target: current.name,
            details: {},
            at: now,
          });
          const without = body.required
            ? await tx
                .select({ email: users.email })
                .from(teamMembers)
                .innerJoin(users, eq(users.id, teamMembers.userId))
                .where(
                  and(
                    eq(teamMembers.teamId, current.id),
                    eq(teamMembers.status, ACTIVE),
                    not(usesTwoFactor('team_members.user_id')),
                  ),
                )
            : [];
          return { team: row!, lacking: without };
        });
        // Every member's console re-reads the team: those without two factors see why they are refused.
        const members = await identity.db
          .select({ userId: teamMembers.userId })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.status, ACTIVE)));
        c.get('live').publishToUsers(
          members.map((member) => member.userId),
          { type: 'membership.changed', teamId: team.id },
        );
        for (const member of lacking) {
          identity.deliveries.later('two-factor requirement notice', () =>
            identity.mail.send(teamTwoFactorRequiredMail(member.email, team.name, user.name)),
          );
        }
        return c.json(await describeTeam(identity.db, team, role), 200);
      },
    })
    .add({
      method: 'delete',
      path: '/:teamId',
      summary: 'Delete the team (owner; only when it holds no resources)',
      tokenScope: 'never',
      description:
        'Other members lose access and are told by e-mail; open invitations and verification documents go with the team. The audit log entries stay.',
      guards: teamGuards('team.delete'),
      request: { params: teamIdParams },
      responses: { 204: { description: 'The team is deleted.' } },
      handler: async (c) => {
        const identity = c.get('identity');
        const team = c.get('team');
        const user = c.get('user');
        const now = identity.clock.now();
        const actor = auditActor(c);
        const { others, storageNames } = await identity.db.transaction(async (tx) => {
          if (!(await lockTeam(tx, team.id))) throw teamNotFound();
          const held = describeResources(await countTeamResources(tx, team.id));
          if (held) {
            throw conflict(
              `This team still has ${held}. Delete them first: a team can be deleted only when it holds nothing.`,
              problemTypes.teamHasResources,
            );
          }
          const otherMembers = await tx
            .select({ email: users.email, userId: users.id })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(
              and(
                eq(teamMembers.teamId, team.id),
                ne(teamMembers.userId, user.id),
                eq(teamMembers.status, ACTIVE),
              ),
            );
          const documents = await tx
            .select({ storageName: verificationDocuments.storageName })
            .from(verificationDocuments)
            .where(eq(verificationDocuments.teamId, team.id));
          await recordAudit(tx, {
            teamId: team.id,
            actor,
            action: 'team.deleted',
            target: team.name,
            details: { name: team.name, otherMembers: otherMembers.length },
            at: now,
          });
          await tx.delete(teams).where(eq(teams.id, team.id));
          return { others: otherMembers, storageNames: documents.map((document) => document.storageName) };
        });
        // Every member's console leaves the team that no longer exists, this user's other browsers too.
        c.get('live').publishToUsers([user.id, ...others.map((member) => member.userId)], {
          type: 'membership.changed',
          teamId: team.id,
        });
        await deps.uploads.remove(storageNames);
        for (const member of others) {
          identity.deliveries.later('team deleted notice', () =>
            identity.mail.send(teamDeletedMail(member.email, team.name, user.name)),
          );
        }
        return c.body(null, 204);
      },
    })
    .add({
      method: 'get',
      path: '/:teamId/limits',
      summary: 'Read what the team may run: computes used of the limit, and the largest plan',
      tokenScope: 'team:read',
      guards: teamGuards(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The team’s limits.', schema: teamLimitsSchema } },
      handler: async (c) => c.json(await teamLimits(c.get('identity').db, c.get('team').id), 200),
    });
}
