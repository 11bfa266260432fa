// The teams part of the user service: teams, members, invitations, verification, limits and
// the audit log. Other services reuse guards.ts (team membership and roles), limits.ts (what an
// unverified team may run), resources.ts (what a team holds) and ../audit/audit-log.ts (recording changes).
import { auditLogRoutes } from '../audit/audit-log.routes';
import type { Routes } from '../http/routes';
import { inviteeRoutes, myInvitationsRoutes } from './invitations/invitee.routes';
import { teamInvitationsRoutes } from './invitations/team-invitations.routes';
import { membersRoutes } from './members/members.routes';
import { teamsRoutes } from './teams.routes';
import type { UploadStore } from './verification/upload-store';
import { verificationRoutes } from './verification/verification.routes';

export interface TeamsDeps {
  uploads: UploadStore;
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
