// Personal API tokens (account settings → API tokens): a token acts for its owner in the teams it names,
// within its scopes per area, until it expires or is revoked. The secret is shown once, when it is made.
// Which operation needs which scope each server route declares (its tokenScope), and the OpenAPI document lists.
import * as v from 'valibot';
import { type MessageId, t, translated } from '@/i18n/state';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** The areas a token's scopes are set per, in the order the form lists them. */
export const TOKEN_AREAS = ['computes', 'domains', 'billing', 'team'] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];

const TOKEN_AREA_NAMES: Record<TokenArea, MessageId> = {
  computes: 'contract.apiToken.area.computes',
  domains: 'contract.apiToken.area.domains',
  billing: 'contract.apiToken.area.billing',
  team: 'contract.apiToken.area.team',
};

/** An area's name in the language in use: "Computes", "Domains and DNS"… */
export const tokenAreaName = (area: TokenArea): string => t(TOKEN_AREA_NAMES[area]);

export const tokenAccessSchema = v.picklist(
  ['none', 'read', 'read_write'],
  translated('contract.apiToken.access.invalid'),
);
export type TokenAccess = v.InferOutput<typeof tokenAccessSchema>;

/** The access levels, in the order the form offers them. */
export const TOKEN_ACCESSES: readonly TokenAccess[] = ['none', 'read', 'read_write'];

const TOKEN_ACCESS_NAMES: Record<TokenAccess, MessageId> = {
  none: 'contract.apiToken.access.none',
  read: 'contract.apiToken.access.read',
  read_write: 'contract.apiToken.access.readWrite',
};

/** An access level's name in the language in use: "No access", "Read", "Read and write". */
export const tokenAccessName = (access: TokenAccess): string => t(TOKEN_ACCESS_NAMES[access]);

export const tokenScopesSchema = v.object({
  computes: tokenAccessSchema,
  domains: tokenAccessSchema,
  billing: tokenAccessSchema,
  team: tokenAccessSchema,
});
export type TokenScopes = v.InferOutput<typeof tokenScopesSchema>;

/** How long a token may live at most, in days from the day it is made. */
export const TOKEN_MAX_DAYS = 366;
/** The expiry choices the form offers besides a date. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

export const createApiTokenRequestSchema = v.object({
  name: v.pipe(
    v.string(translated('contract.apiToken.name.required')),
    v.trim(),
    v.minLength(1, translated('contract.apiToken.name.required')),
    v.maxLength(64, translated('contract.apiToken.name.tooLong', { max: 64 })),
  ),
  /** The teams it acts for: at least one, each a team the owner belongs to. */
  teamIds: v.pipe(
    v.array(uuid, translated('contract.apiToken.teams.invalid')),
    v.minLength(1, translated('contract.apiToken.teams.required')),
    v.maxLength(50, translated('contract.apiToken.teams.tooMany', { max: 50 })),
  ),
  scopes: tokenScopesSchema,
  /** The last day it works (UTC): from tomorrow to TOKEN_MAX_DAYS days ahead. */
  expiresOn: v.pipe(
    v.string(translated('contract.apiToken.expiresOn.required')),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, translated('contract.apiToken.expiresOn.invalid')),
  ),
});
export type CreateApiTokenRequest = v.InferOutput<typeof createApiTokenRequestSchema>;

export const apiTokenSchema = v.object({
  id: uuid,
  name: v.string(),
  /** The secret's first characters, to tell tokens apart ("ikt_Xy12Ab…"). */
  prefix: v.string(),
  teams: v.array(v.object({ id: uuid, name: v.string() })),
  scopes: tokenScopesSchema,
  createdAt: isoDate,
  expiresAt: isoDate,
  lastUsedAt: v.nullable(isoDate),
  lastUsedIp: v.nullable(v.string()),
});
export type ApiToken = v.InferOutput<typeof apiTokenSchema>;

export const apiTokenListSchema = v.object({ tokens: v.array(apiTokenSchema) });

export const createdApiTokenSchema = v.object({
  token: apiTokenSchema,
  /** The secret, shown once: only its hash is kept. */
  secret: v.string(),
});
export type CreatedApiToken = v.InferOutput<typeof createdApiTokenSchema>;
