// Which scope an API token needs for each operation, from its method and path: one rule for the guard
// (server/identity/guards.ts) and the OpenAPI document (server/http/openapi.ts). Reading (GET) needs the
// area's read access, anything else its read and write access. Whatever is not listed here — the account,
// sign-in, sessions, tokens themselves, two-factor settings, deleting or handing over a team, live sockets —
// no token may do: only a signed-in person can.
import type { TokenAccess, TokenArea } from '@/contract/api-tokens';

/** An operation's need: a scope ("computes:read"), any valid token (null), or no token at all ('never'). */
export type TokenRequirement = { area: TokenArea; access: Exclude<TokenAccess, 'none'> } | null | 'never';

const SEGMENT = '[^/]+';
const TEAM = `/teams/${SEGMENT}`;

const RULES: { pattern: RegExp; area: TokenArea | null; readOnly?: boolean }[] = [
  // The teams the token acts for (the list is narrowed to them).
  { pattern: /^\/user\/api\/v1\/teams\/?$/, area: null, readOnly: true },
  // What a compute can be made of.
  {
    pattern: /^\/resource-manager\/api\/v1\/(locations|operating-systems|instance-types|app-configs)$/,
    area: 'computes',
    readOnly: true,
  },
  { pattern: new RegExp(`^/resource-manager/api/v1${TEAM}/computes(/.*)?$`), area: 'computes' },
  // The saved SSH keys a compute of the team can get (read only: keys are managed in the console).
  { pattern: new RegExp(`^/resource-manager/api/v1${TEAM}/ssh-keys/?$`), area: 'computes', readOnly: true },
  { pattern: new RegExp(`^/resource-manager/api/v1${TEAM}/domains(/.*)?$`), area: 'domains' },
  { pattern: new RegExp(`^/payment/api/v1${TEAM}(/.*)?$`), area: 'billing' },
  // The team's settings, limits, members, invitations, verification and activity — not its deletion,
  // leaving it or handing it over.
  { pattern: new RegExp(`^/user/api/v1/teams/${SEGMENT}$`), area: 'team' },
  {
    pattern: new RegExp(`^/user/api/v1${TEAM}/(limits|members|invitations|verification|audit-log)(/.*)?$`),
    area: 'team',
  },
];

export function tokenRequirement(method: string, path: string): TokenRequirement {
  const reading = method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD';
  // A team's deletion is DELETE on the team itself: never by token.
  if (
    !reading &&
    new RegExp(`^/user/api/v1/teams/${SEGMENT}$`).test(path) &&
    method.toUpperCase() === 'DELETE'
  ) {
    return 'never';
  }
  const rule = RULES.find((candidate) => candidate.pattern.test(path));
  if (!rule) return 'never';
  if (rule.readOnly && !reading) return 'never';
  if (rule.area === null) return null;
  return { area: rule.area, access: reading ? 'read' : 'read_write' };
}

/** "computes:read", "domains:read_write": how the OpenAPI document names a scope. */
export function scopeName(requirement: { area: TokenArea; access: string }): string {
  return `${requirement.area}:${requirement.access}`;
}

/** Whether a token's access to an area covers what an operation needs. */
export function allows(granted: TokenAccess | undefined, needed: Exclude<TokenAccess, 'none'>): boolean {
  if (granted === 'read_write') return true;
  return granted === 'read' && needed === 'read';
}
