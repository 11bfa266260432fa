// Teams in the cache, under the spec's keys (SPEC §3) where it names them: user-teams, members,
// pending-invitations, invitation; and the team's verification, limits and activity. Queries, mutations
// and the socket handler all name entries through teamKeys.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  type AuditQuery,
  fetchAuditLog,
  fetchInvitation,
  fetchLimits,
  fetchMembers,
  fetchMyInvitations,
  fetchTeamInvitations,
  fetchTeams,
  fetchVerification,
} from './teams.api';

export const teamKeys = {
  /** The signed-in user's teams and their role in each. */
  userTeams: () => ['user-teams'] as const,
  members: (teamId: string) => ['members', teamId] as const,
  /** Every list of invitations waiting for an answer: a team's, and the user's own. */
  pendingInvitations: () => ['pending-invitations'] as const,
  teamInvitations: (teamId: string) => ['pending-invitations', 'team', teamId] as const,
  myInvitations: () => ['pending-invitations', 'mine'] as const,
  invitation: (id: string) => ['invitation', id] as const,
  verification: (teamId: string) => ['team-verification', teamId] as const,
  limits: (teamId: string) => ['team-limits', teamId] as const,
  /** Every filtered view of the team's activity. */
  auditLog: (teamId: string) => ['audit-log', teamId] as const,
  auditLogFiltered: (teamId: string, filters: Omit<AuditQuery, 'cursor'>) =>
    ['audit-log', teamId, filters] as const,
};

export const userTeamsQuery = () =>
  queryOptions({ queryKey: teamKeys.userTeams(), queryFn: fetchTeams, staleTime: 30_000 });

export const membersQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.members(teamId), queryFn: () => fetchMembers(teamId) });

export const teamInvitationsQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.teamInvitations(teamId), queryFn: () => fetchTeamInvitations(teamId) });

export const myInvitationsQuery = () =>
  queryOptions({ queryKey: teamKeys.myInvitations(), queryFn: fetchMyInvitations });

export const invitationQuery = (id: string) =>
  queryOptions({ queryKey: teamKeys.invitation(id), queryFn: () => fetchInvitation(id) });

/** The team's verification request as sent, its documents and the reviewers' decisions (owners and admins). */
export const verificationQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.verification(teamId), queryFn: () => fetchVerification(teamId) });

export const limitsQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.limits(teamId), queryFn: () => fetchLimits(teamId) });

export const auditLogQuery = (teamId: string, filters: Omit<AuditQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: teamKeys.auditLogFiltered(teamId, filters),
    queryFn: ({ pageParam }) => fetchAuditLog(teamId, { ...filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
