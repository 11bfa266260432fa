// What each team role may do: the one matrix the server's guards enforce (server/teams/guards.ts) and the
// console shows (see the README's "Roles and permissions"). The console hides or disables what a role
// may not do and says why; the server refuses it with the same words (whyNot).
import type { Role } from '@/contract/auth';

export type Permission =
  | 'team.rename'
  | 'team.changeCurrency'
  | 'team.delete'
  | 'team.transferOwnership'
  | 'team.requireTwoFactor'
  | 'members.read'
  | 'members.invite'
  | 'members.manage'
  | 'verification.manage'
  | 'billing.read'
  | 'billing.manage'
  | 'audit.read'
  | 'resources.manage';

const matrix: Record<Permission, readonly Role[]> = {
  'team.rename': ['OWNER', 'ADMIN'],
  'team.changeCurrency': ['OWNER'],
  'team.delete': ['OWNER'],
  'team.transferOwnership': ['OWNER'],
  'team.requireTwoFactor': ['OWNER'],
  'members.read': ['OWNER', 'ADMIN', 'MEMBER'],
  'members.invite': ['OWNER', 'ADMIN'],
  'members.manage': ['OWNER', 'ADMIN'],
  'verification.manage': ['OWNER', 'ADMIN'],
  'billing.read': ['OWNER', 'ADMIN'],
  'billing.manage': ['OWNER'],
  'audit.read': ['OWNER', 'ADMIN'],
  'resources.manage': ['OWNER', 'ADMIN', 'MEMBER'],
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? matrix[permission].includes(role) : false;
}

const who = (roles: readonly Role[]) => {
  if (roles.length === 1) return "the team's owner";
  return roles.includes('MEMBER') ? "the team's members" : "the team's owner and admins";
};

/**
 * Why the action is unavailable, in words: the console's help text beside what it disables, and the
 * server's 403 when a guard refuses (server/teams/guards.ts) — one sentence for both.
 */
export function whyNot(permission: Permission): string {
  const actions: Record<Permission, string> = {
    'team.rename': 'rename the team',
    'team.changeCurrency': "change the team's currency",
    'team.delete': 'delete the team',
    'team.transferOwnership': 'hand the team to someone else',
    'team.requireTwoFactor': 'require two-factor sign-in of every member',
    'members.read': 'see the members',
    'members.invite': 'invite people',
    'members.manage': 'change or remove members',
    'verification.manage': 'verify the team',
    'billing.read': 'see billing',
    'billing.manage': 'change billing',
    'audit.read': "see the team's activity",
    'resources.manage': 'manage computes and domains',
  };
  return `Only ${who(matrix[permission])} can ${actions[permission]}.`;
}

/** Whether `actor` may change or remove a member who has `target`'s role (nobody touches the owner). */
export function canManageMember(actor: Role | null | undefined, target: Role): boolean {
  if (target === 'OWNER') return false;
  return can(actor, 'members.manage');
}
