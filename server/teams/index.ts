// The teams part of the user service: teams, members, invitations, verification, limits and the audit
// log. What every feature builds on (guards, team params and problems, the team record, limits) is in
// ../tenancy; what a team holds is asked of the other areas through TeamAreas (resources.ts).

import type { Routes } from '../http/routes';
import { auditLogRoutes } from './audit-log.routes';
import { inviteeRoutes, myInvitationsRoutes } from './invitations/invitee.routes';
import { teamInvitationsRoutes } from './invitations/team-invitations.routes';
import { membersRoutes } from './members/members.routes';
import type { TeamAreas } from './resources';
import { teamsRoutes } from './teams.routes';
import type { UploadStore } from './verification/upload-store';
import { verificationRoutes } from './verification/verification.routes';

export interface TeamsDeps {
  uploads: UploadStore;
  /** What the teams feature asks of computes, domains and billing (app.ts gives it). */
  areas: TeamAreas;
}

export function teamsResources(deps: TeamsDeps): Routes[] {
  return [
    teamsRoutes(deps),
    membersRoutes(),
    teamInvitationsRoutes(),
    verificationRoutes(deps),
    auditLogRoutes(),
    inviteeRoutes(),
    myInvitationsRoutes(),
  ];
}
