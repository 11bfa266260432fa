// The teams part of the user service: teams, members, invitations, verification, limits and the audit
// log. What every feature builds on (guards, team params and problems, the team record, limits) is in
// ../tenancy; what a team holds is asked of the other areas through TeamAreas (resources.ts).

import type { Routes } from '../http/routes';
import { auditLogRoutes } from './audit-log.routes';
import { inviteeRoutes, myInvitationsRoutes } from './invitations/invitee.routes';
import { teamInvitationsRoutes } from './invitations/team-invitations.routes';
import { membersRoutes } from './members/members.routes';
import { TeamService, type TeamServiceDeps } from './team-service';
import { teamsRoutes } from './teams.routes';
import { verificationRoutes } from './verification/verification.routes';

export type TeamsDeps = TeamServiceDeps;

export function teamsResources(deps: TeamsDeps): Routes[] {
  const service = new TeamService(deps);
  return [
    teamsRoutes(service),
    membersRoutes(service.members),
    teamInvitationsRoutes(service.invitations),
    verificationRoutes(deps),
    auditLogRoutes(),
    inviteeRoutes(),
    myInvitationsRoutes(),
  ];
}
