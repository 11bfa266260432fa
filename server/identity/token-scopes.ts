// What an API token needs for an operation, read from the matched route's declaration (its `tokenScope`,
// server/http/routes.ts): the session guard checks it and the OpenAPI document lists it from the same
// field. Whatever a route declares 'never' for — the account, sign-in, sessions, tokens themselves,
// two-factor settings, deleting or handing over a team, live sockets — only a signed-in person can do.
import type { TokenAccess, TokenArea } from '@/contract/api-tokens';
import type { TokenScope } from '../http/routes';

/** An operation's need: a scope ("computes:read"), any valid token (null), or no token at all ('never'). */
export type TokenRequirement = { area: TokenArea; access: Exclude<TokenAccess, 'none'> } | null | 'never';

export function tokenRequirement(scope: TokenScope | undefined): TokenRequirement {
  // A request that matched no declared route (none should reach a guard) takes no token.
  if (scope === undefined || scope === 'never') return 'never';
  if (scope === 'any') return null;
  const [area, access] = scope.split(':') as [TokenArea, Exclude<TokenAccess, 'none'>];
  return { area, access };
}

/** Whether a token's access to an area covers what an operation needs. */
export function allows(granted: TokenAccess | undefined, needed: Exclude<TokenAccess, 'none'>): boolean {
  if (granted === 'read_write') return true;
  return granted === 'read' && needed === 'read';
}
