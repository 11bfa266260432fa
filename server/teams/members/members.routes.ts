// /teams/:teamId/members and the membership changes: role changes, removal, leaving, ownership transfer.
// The routes declare; the member service (member-service.ts) does the work.
import {
  changeRoleRequestSchema,
  memberListSchema,
  memberSchema,
  teamSchema,
  transferOwnershipRequestSchema,
} from '@/contract/teams';
import { defineRoutes } from '../../http/routes';
import { teamGuards, teamGuardsEvenWithoutTwoFactor } from '../../tenancy/guards';
import { memberParams, teamIdParams } from '../../tenancy/params';
import { caller } from '../caller';
import type { MemberService } from './member-service';

export function membersRoutes(service: MemberService) {
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
      handler: async (c) =>
        c.json({ members: await service.listMembers(c.get('team').id, c.get('membership').role) }, 200),
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
      handler: async (c, { params, body }) =>
        c.json(await service.changeRole(caller(c), c.get('team').id, params.userId, body.role), 200),
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
        await service.removeMember(caller(c), c.get('team'), params.userId);
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
        await service.leave(caller(c), c.get('team').id);
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
      handler: async (c, { body }) =>
        c.json(await service.transferOwnership(caller(c), c.get('team'), body.userId), 200),
    });
}
