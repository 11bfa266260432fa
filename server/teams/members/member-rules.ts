// Who may change or remove whom, beyond "owner or admin" (which the route guards check):
// - nobody changes the owner's role or removes the owner (the owner hands over by transferring);
// - an admin moves others between MEMBER and ADMIN, but not themselves (no self-promotion games,
//   and no admin locking themselves out by accident);
// - removing yourself is leaving, which has its own route and audit entry.
import { problemTypes } from '@/contract/problem';
import { can } from '@/domain/permissions';
import { t } from '../../i18n/t';
import { conflict, notAllowed, teamRoleRequired } from '../../tenancy/problems';
import type { TeamMembership } from '../../tenancy/team-record';

type Party = Pick<TeamMembership, 'userId' | 'role'>;

export function assertMayChangeRole(actor: Party, target: Party): void {
  if (target.role === 'OWNER') {
    throw notAllowed(t('teams.problem.ownerRoleFixed'));
  }
  if (actor.userId === target.userId) {
    throw notAllowed(t('teams.problem.ownRole'));
  }
  // The guard checked the role the request came with; this is the role under the team's lock.
  if (!can(actor.role, 'members.manage')) {
    throw teamRoleRequired('members.manage');
  }
}

export function assertMayRemove(actor: Party, target: Party): void {
  if (target.role === 'OWNER') throw notAllowed(t('teams.problem.ownerNotRemoved'));
  if (actor.userId === target.userId) throw conflict(t('teams.problem.removeSelf'));
  if (!can(actor.role, 'members.manage')) {
    throw teamRoleRequired('members.manage');
  }
}

export function assertMayLeave(actor: Party): void {
  if (actor.role === 'OWNER') {
    throw conflict(t('teams.problem.ownerCannotLeave'), problemTypes.ownerCannotLeave);
  }
}
