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
} from '@/contract/teams';
import { call, json, userClient } from './http';

const team = (teamId: string) => `teams/${encodeURIComponent(teamId)}`;

export const fetchTeams = () => json(teamListSchema, () => userClient.get('teams'));
export const createTeam = (body: { name: string; currency: Currency }) =>
  json(teamSchema, () => userClient.post('teams', { json: body }));
export const updateTeam = (teamId: string, body: { name?: string; currency?: Currency }) =>
  json(teamSchema, () => userClient.patch(team(teamId), { json: body }));
export const deleteTeam = (teamId: string) => call(() => userClient.delete(team(teamId)));
export const setTwoFactorRequirement = (teamId: string, required: boolean) =>
  json(teamSchema, () => userClient.put(`${team(teamId)}/two-factor-requirement`, { json: { required } }));

export const fetchMembers = (teamId: string) =>
  json(memberListSchema, () => userClient.get(`${team(teamId)}/members`));
export const changeMemberRole = (teamId: string, userId: string, role: MemberRole) =>
  call(() => userClient.patch(`${team(teamId)}/members/${encodeURIComponent(userId)}`, { json: { role } }));
export const removeMember = (teamId: string, userId: string) =>
  call(() => userClient.delete(`${team(teamId)}/members/${encodeURIComponent(userId)}`));
export const leaveTeam = (teamId: string) => call(() => userClient.post(`${team(teamId)}/leave`));
export const transferOwnership = (teamId: string, userId: string) =>
  call(() => userClient.post(`${team(teamId)}/transfer-ownership`, { json: { userId } }));

export const fetchTeamInvitations = (teamId: string) =>
  json(invitationListSchema, () => userClient.get(`${team(teamId)}/invitations`));
export const inviteMember = (teamId: string, body: { email: string; role: MemberRole }) =>
  json(invitationSchema, () => userClient.post(`${team(teamId)}/invitations`, { json: body }));
export const resendInvitation = (teamId: string, invitationId: string) =>
  json(invitationSchema, () =>
    userClient.post(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}/resend`),
  );
export const revokeInvitation = (teamId: string, invitationId: string) =>
  call(() => userClient.delete(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}`));

export const fetchInvitation = (id: string) =>
  json(invitationSchema, () => userClient.get(`invitations/${encodeURIComponent(id)}`));
export const acceptInvitation = (id: string) =>
  call(() => userClient.post(`invitations/${encodeURIComponent(id)}/accept`));
export const declineInvitation = (id: string) =>
  call(() => userClient.post(`invitations/${encodeURIComponent(id)}/decline`));
export const fetchMyInvitations = () =>
  json(invitationListSchema, () => userClient.get('users/me/invitations'));

export const fetchVerification = (teamId: string) =>
  json(teamVerificationSchema, () => userClient.get(`${team(teamId)}/verification`));
export const fetchLimits = (teamId: string) =>
  json(teamLimitsSchema, () => userClient.get(`${team(teamId)}/limits`));

export interface AuditQuery {
  action?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
}
export const fetchAuditLog = (teamId: string, query: AuditQuery) =>
  json(auditLogSchema, () =>
    userClient.get(`${team(teamId)}/audit-log`, {
      searchParams: Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<
        string,
        string
      >,
    }),
  );
