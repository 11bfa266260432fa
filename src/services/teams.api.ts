// The user service's teams, members, invitations, verification, limits and audit log (src/contract/teams.ts).
import {
  auditLogSchema,
  type Currency,
  invitationListSchema,
  invitationSchema,
  type MemberRole,
  memberListSchema,
  teamLimitsSchema,
  teamListSchema,
  teamSchema,
  teamVerificationSchema,
} from '../contract/teams';
import { call, userClient } from './http';

const team = (teamId: string) => `teams/${encodeURIComponent(teamId)}`;

export const fetchTeams = () => call(() => userClient.get('teams').json(teamListSchema));
export const fetchTeam = (teamId: string) => call(() => userClient.get(team(teamId)).json(teamSchema));
export const createTeam = (body: { name: string; currency: Currency }) =>
  call(() => userClient.post('teams', { json: body }).json(teamSchema));
export const updateTeam = (teamId: string, body: { name?: string; currency?: Currency }) =>
  call(() => userClient.patch(team(teamId), { json: body }).json(teamSchema));
export const deleteTeam = (teamId: string) => call(() => userClient.delete(team(teamId)));

export const fetchMembers = (teamId: string) =>
  call(() => userClient.get(`${team(teamId)}/members`).json(memberListSchema));
export const changeMemberRole = (teamId: string, userId: string, role: MemberRole) =>
  call(() => userClient.patch(`${team(teamId)}/members/${encodeURIComponent(userId)}`, { json: { role } }));
export const removeMember = (teamId: string, userId: string) =>
  call(() => userClient.delete(`${team(teamId)}/members/${encodeURIComponent(userId)}`));
export const leaveTeam = (teamId: string) => call(() => userClient.post(`${team(teamId)}/leave`));
export const transferOwnership = (teamId: string, userId: string) =>
  call(() => userClient.post(`${team(teamId)}/transfer-ownership`, { json: { userId } }));

export const fetchTeamInvitations = (teamId: string) =>
  call(() => userClient.get(`${team(teamId)}/invitations`).json(invitationListSchema));
export const inviteMember = (teamId: string, body: { email: string; role: MemberRole }) =>
  call(() => userClient.post(`${team(teamId)}/invitations`, { json: body }).json(invitationSchema));
export const resendInvitation = (teamId: string, invitationId: string) =>
  call(() =>
    userClient
      .post(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}/resend`)
      .json(invitationSchema),
  );
export const revokeInvitation = (teamId: string, invitationId: string) =>
  call(() => userClient.delete(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}`));

export const fetchInvitation = (id: string) =>
  call(() => userClient.get(`invitations/${encodeURIComponent(id)}`).json(invitationSchema));
export const acceptInvitation = (id: string) =>
  call(() => userClient.post(`invitations/${encodeURIComponent(id)}/accept`));
export const declineInvitation = (id: string) =>
  call(() => userClient.post(`invitations/${encodeURIComponent(id)}/decline`));
export const fetchMyInvitations = () =>
  call(() => userClient.get('users/me/invitations').json(invitationListSchema));

export const fetchVerification = (teamId: string) =>
  call(() => userClient.get(`${team(teamId)}/verification`).json(teamVerificationSchema));
/** Details and documents go as multipart/form-data; the server checks each file by its content. */
export const submitVerification = (teamId: string, form: FormData) =>
  call(() =>
    userClient
      .post(`${team(teamId)}/verification`, { body: form, timeout: 120_000 })
      .json(teamVerificationSchema),
  );
export const verificationDocumentUrl = (teamId: string, documentId: string) =>
  `${team(teamId)}/verification/documents/${encodeURIComponent(documentId)}`;

export const fetchLimits = (teamId: string) =>
  call(() => userClient.get(`${team(teamId)}/limits`).json(teamLimitsSchema));

export interface AuditQuery {
  action?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
}
export const fetchAuditLog = (teamId: string, query: AuditQuery) =>
  call(() =>
    userClient
      .get(`${team(teamId)}/audit-log`, {
        searchParams: Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<
          string,
          string
        >,
      })
      .json(auditLogSchema),
  );
