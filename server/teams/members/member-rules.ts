// Who may change or remove whom, beyond "owner or admin" (which the route guards check):
// - nobody changes the owner's role or removes the owner (the owner hands over by transferring);
// - an admin moves others between MEMBER and ADMIN, but not themselves (no self-promotion games,
//   and no admin locking themselves out by accident);
// - removing yourself is leaving, which has its own route and audit entry.
import { problemTypes } from '@/contract/problem';
import { can } from '@/domain/permissions';
import { conflict, notAllowed, teamRoleRequired } from '../../tenancy/problems';
import type { TeamMembership } from '../../tenancy/team-record';

type Party = Pick<TeamMembership, 'userId' | 'role'>;

export function assertMayChangeRole(actor: Party, target: Party): void {
  if (target.role === 'OWNER') {
    throw notAllowed('The owner’s role cannot be changed. To hand the team over, transfer the ownership.');
  }
  if (actor.userId === target.userId) {
    throw notAllowed('You cannot change your own role. Ask the owner or another admin.');
  }
  // The guard checked the role the request came with; this is the role under the team's lock.
  if (!can(actor.role, 'members.manage')) {
    throw teamRoleRequired('members.manage');
  }
}

export function assertMayRemove(actor: Party, target: Party): void {
  if (target.role === 'OWNER') throw notAllowed('The owner cannot be removed from the team.');
  if (actor.userId === target.userId) throw conflict('To leave this team, use “Leave team” instead.');
  if (!can(actor.role, 'members.manage')) {
    throw teamRoleRequired('members.manage');
  }
}

export function assertMayLeave(actor: Party): void {
  if (actor.role === 'OWNER') {
    throw conflict(
      'You own this team, so you cannot leave it yet. Transfer the ownership to another member first; then you can leave.',
      problemTypes.ownerCannotLeave,
    );
  }
}
