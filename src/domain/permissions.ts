// What each team role may do: the one matrix the server's guards enforce (server/teams/guards.ts) and the
// console shows (see the README's "Roles and permissions"). The console hides or disables what a role
// may not do and says why; the server refuses it with the same words (whyNot).
import type { Role } from '@/contract/auth';
import { type MessageId, t } from '@/i18n/state';

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

/**
 * Why the action is unavailable, in words: the console's help text beside what it disables, and the
 * server's 403 when a guard refuses (server/teams/guards.ts) — one sentence for both, in the language of
 * whoever is told. One message per permission, since each language builds "Only … can …" its own way; the
 * roles each names follow the matrix above.
 */
const WHY_NOT: Record<Permission, MessageId> = {
  'team.rename': 'permissions.whyNot.teamRename',
  'team.changeCurrency': 'permissions.whyNot.teamChangeCurrency',
  'team.delete': 'permissions.whyNot.teamDelete',
  'team.transferOwnership': 'permissions.whyNot.teamTransferOwnership',
  'team.requireTwoFactor': 'permissions.whyNot.teamRequireTwoFactor',
  'members.read': 'permissions.whyNot.membersRead',
  'members.invite': 'permissions.whyNot.membersInvite',
  'members.manage': 'permissions.whyNot.membersManage',
  'verification.manage': 'permissions.whyNot.verificationManage',
  'billing.read': 'permissions.whyNot.billingRead',
  'billing.manage': 'permissions.whyNot.billingManage',
  'audit.read': 'permissions.whyNot.auditRead',
  'resources.manage': 'permissions.whyNot.resourcesManage',
};

export function whyNot(permission: Permission): string {
  return t(WHY_NOT[permission]);
}

/** Whether `actor` may change or remove a member who has `target`'s role (nobody touches the owner). */
export function canManageMember(actor: Role | null | undefined, target: Role): boolean {
  if (target === 'OWNER') return false;
  return can(actor, 'members.manage');
}
