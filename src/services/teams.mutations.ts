// A team's writes: the team itself, its members and invitations, and the invitations the person answers.
// Each waits for the lists it changed (the team switcher's teams, the member and invitation tables).
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Invitation, Member } from '@/contract/teams';
import { type Answer, useWrite, type WriteCallbacks } from './mutation';
import {
  acceptInvitation,
  changeMemberRole,
  createTeam,
  declineInvitation,
  deleteTeam,
  inviteMember,
  leaveTeam,
  removeMember,
  resendInvitation,
  revokeInvitation,
  setTwoFactorRequirement,
  transferOwnership,
  updateTeam,
} from './teams.api';
import { teamKeys } from './teams.queries';

const refreshUserTeams = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: teamKeys.userTeams() });

export const useCreateTeam = (
  callbacks?: WriteCallbacks<Answer<typeof createTeam>, Parameters<typeof createTeam>[0]>,
) => useWrite(createTeam, refreshUserTeams, callbacks);

export const useRenameTeam = (teamId: string) =>
  useWrite((name: string) => updateTeam(teamId, { name }), refreshUserTeams);

export const useSetTwoFactorRequirement = (teamId: string) =>
  useWrite((required: boolean) => setTwoFactorRequirement(teamId, required), refreshUserTeams);

/** Deleting the team: everything cached may have held it, so every entry is refetched. */
export const useDeleteTeam = (teamId: string, callbacks?: WriteCallbacks<Answer<typeof deleteTeam>, void>) =>
  useWrite(
    () => deleteTeam(teamId),
    (queryClient) => queryClient.invalidateQueries(),
    callbacks,
  );

/** What an owner or admin does to a member: another role, the team handed over, or removed. */
export type MemberChange =
  | { kind: 'role'; role: 'MEMBER' | 'ADMIN' }
  | { kind: 'transfer' }
  | { kind: 'remove' };

export const useChangeMember = (
  teamId: string,
  member: Pick<Member, 'userId'>,
  callbacks?: WriteCallbacks<MemberChange, MemberChange>,
) =>
  useWrite(
    async (change: MemberChange) => {
      if (change.kind === 'role') await changeMemberRole(teamId, member.userId, change.role);
      else if (change.kind === 'transfer') await transferOwnership(teamId, member.userId);
      else await removeMember(teamId, member.userId);
      return change;
    },
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
        refreshUserTeams(queryClient),
      ]),
    callbacks,
  );

export const useLeaveTeam = (teamId: string, callbacks?: WriteCallbacks<Answer<typeof leaveTeam>, void>) =>
  useWrite(() => leaveTeam(teamId), refreshUserTeams, callbacks);

const refreshTeamInvitations = (teamId: string) => (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: teamKeys.teamInvitations(teamId) });

export const useInviteMember = (
  teamId: string,
  callbacks?: WriteCallbacks<Answer<typeof inviteMember>, Parameters<typeof inviteMember>[1]>,
) => useWrite((body) => inviteMember(teamId, body), refreshTeamInvitations(teamId), callbacks);

/** A new link for an invitation (the old one stops working). */
export const useResendInvitation = (
  teamId: string,
  callbacks?: WriteCallbacks<Answer<typeof resendInvitation>, Invitation>,
) =>
  useWrite(
    (invitation: Invitation) => resendInvitation(teamId, invitation.id),
    refreshTeamInvitations(teamId),
    callbacks,
  );

export const useRevokeInvitation = (teamId: string, callbacks?: WriteCallbacks<Invitation, Invitation>) =>
  useWrite(
    (invitation: Invitation) => revokeInvitation(teamId, invitation.id).then(() => invitation),
    refreshTeamInvitations(teamId),
    callbacks,
  );

/** An invitation answered: it and every list of waiting invitations change. */
const refreshAnswered = (id: string) => async (queryClient: QueryClient) => {
  await queryClient.invalidateQueries({ queryKey: teamKeys.invitation(id) });
  await queryClient.invalidateQueries({ queryKey: teamKeys.pendingInvitations() });
};

export const useAcceptInvitation = (
  id: string,
  callbacks?: WriteCallbacks<Answer<typeof acceptInvitation>, void>,
) =>
  useWrite(
    () => acceptInvitation(id),
    async (queryClient) => {
      await refreshAnswered(id)(queryClient);
      await refreshUserTeams(queryClient);
    },
    callbacks,
  );

export const useDeclineInvitation = (id: string) =>
  useWrite(() => declineInvitation(id), refreshAnswered(id));

/** A verification request sent: the team's status (in its record) and the request as sent refetch. */
export function useVerificationSent(teamId: string): () => void {
  const queryClient = useQueryClient();
  return () => {
    void refreshUserTeams(queryClient);
    void queryClient.invalidateQueries({ queryKey: teamKeys.verification(teamId) });
  };
}

/** A compute made uses up some of the team's limits. */
export function refreshLimits(queryClient: QueryClient, teamId: string): void {
  void queryClient.invalidateQueries({ queryKey: teamKeys.limits(teamId) });
}
