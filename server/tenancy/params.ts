// Path parameters of the team and invitation routes. A malformed id names nothing, so it answers the same
// 404 as an unknown one or another team's (checked by the declaration, server/http/path-params.ts), never
// a 422 that would tell the cases apart.
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { notInTeam, teamNotFound } from './problems';

export const teamId = idParam('team', teamNotFound);

export const teamIdParams = v.object({ teamId });
export const memberParams = v.object({ teamId, userId: idParam('member', () => notInTeam('member')) });
export const teamInvitationParams = v.object({
  teamId,
  invitationId: idParam('invitation', () => notInTeam('invitation')),
});
export const documentParams = v.object({
  teamId,
  documentId: idParam('document', () => notInTeam('document')),
});
