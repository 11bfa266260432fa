// /teams: the caller's teams; creating one; reading, renaming, changing the currency of and deleting one.
// The routes declare; the team service (team-service.ts) does the work.
import {
  createTeamRequestSchema,
  teamLimitsSchema,
  teamListSchema,
  teamSchema,
  twoFactorRequirementRequestSchema,
  updateTeamRequestSchema,
} from '@/contract/teams';
import { defineRoutes } from '../http/routes';
import { requireVerifiedUser } from '../identity/guards';
import { teamGuards, teamGuardsEvenWithoutTwoFactor } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { caller } from './caller';
import type { TeamService } from './team-service';

export function teamsRoutes(service: TeamService) {
  return defineRoutes('/teams', 'Teams')
    .add({
      method: 'get',
      path: '/',
      summary: 'List your teams with your role in each',
      tokenScope: 'any',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Your teams, oldest first.', schema: teamListSchema } },
      handler: async (c) => {
        // An API token sees only the teams it acts for.
        const teamList = await service.listTeams(c.get('user').id, c.get('apiToken')?.teamIds);
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
      handler: async (c, { body }) => c.json(await service.createTeam(caller(c), body), 201),
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
      handler: async (c) => c.json(await service.describe(c.get('team'), c.get('membership').role), 200),
    })
    .add({
      method: 'patch',
      path: '/:teamId',
      summary: 'Rename the team (owner, admin) or change its currency (owner)',
      tokenScope: 'team:read_write',
      guards: teamGuards('team.rename'),
      request: { params: teamIdParams, body: updateTeamRequestSchema },
      responses: { 200: { description: 'The team as it now stands.', schema: teamSchema } },
      handler: async (c, { body }) =>
        c.json(await service.updateTeam(caller(c), c.get('team'), c.get('membership').role, body), 200),
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
      handler: async (c, { body }) =>
        c.json(
          await service.setTwoFactorRequirement(
            caller(c),
            c.get('team').id,
            c.get('membership').role,
            body.required,
          ),
          200,
        ),
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
        await service.deleteTeam(caller(c), c.get('team'));
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
      handler: async (c) => c.json(await service.limits(c.get('team').id), 200),
    });
}
