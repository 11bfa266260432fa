// /teams/:teamId/invitations: the owner and admins invite by e-mail, see the open invitations, resend
// one (a new link; the old one stops working) and revoke one. The routes declare; the invitation service
// (invitation-service.ts) does the work.
import { createInvitationRequestSchema, invitationListSchema, invitationSchema } from '@/contract/teams';
import { defineRoutes } from '../../http/routes';
import { publicOrigin } from '../../identity/code-delivery';
import { teamGuards } from '../../tenancy/guards';
import { teamIdParams, teamInvitationParams } from '../../tenancy/params';
import { caller } from '../caller';
import type { InvitationService } from './invitation-service';

export function teamInvitationsRoutes(service: InvitationService) {
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
      handler: async (c) => c.json({ invitations: await service.listInvitations(c.get('team').id) }, 200),
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
      handler: async (c, { body }) =>
        c.json(await service.invite(caller(c), c.get('team'), body, publicOrigin(c)), 201),
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
      handler: async (c, { params }) =>
        c.json(
          await service.resendInvitation(caller(c), c.get('team'), params.invitationId, publicOrigin(c)),
          201,
        ),
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
        await service.revokeInvitation(caller(c), c.get('team'), params.invitationId);
        return c.body(null, 204);
      },
    });
}
