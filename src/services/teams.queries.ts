// Query options for team data, under the spec's cache keys (SPEC §3) where it names them.
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

export const userTeamsQuery = () =>
  queryOptions({ queryKey: ['user-teams'], queryFn: fetchTeams, staleTime: 30_000 });

export const membersQuery = (teamId: string) =>
  queryOptions({ queryKey: ['members', teamId], queryFn: () => fetchMembers(teamId) });

export const teamInvitationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['pending-invitations', 'team', teamId],
    queryFn: () => fetchTeamInvitations(teamId),
  });

export const myInvitationsQuery = () =>
  queryOptions({ queryKey: ['pending-invitations', 'mine'], queryFn: fetchMyInvitations });

export const invitationQuery = (id: string) =>
  queryOptions({ queryKey: ['invitation', id], queryFn: () => fetchInvitation(id), retry: false });

export const verificationQuery = (teamId: string) =>
  queryOptions({ queryKey: ['team-verification', teamId], queryFn: () => fetchVerification(teamId) });

export const limitsQuery = (teamId: string) =>
  queryOptions({ queryKey: ['team-limits', teamId], queryFn: () => fetchLimits(teamId) });

export const auditLogQuery = (teamId: string, filters: Omit<AuditQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: ['audit-log', teamId, filters],
    queryFn: ({ pageParam }) => fetchAuditLog(teamId, { ...filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
