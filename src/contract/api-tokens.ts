// Personal API tokens (account settings → API tokens): a token acts for its owner in the teams it names,
// within its scopes per area, until it expires or is revoked. The secret is shown once, when it is made.
// Which operation needs which scope each server route declares (its tokenScope), and the OpenAPI document lists.
import * as v from 'valibot';

const isoDate = v.pipe(v.string(), v.isoTimestamp());
const uuid = v.pipe(v.string(), v.uuid());

/** The areas a token's scopes are set per, in the order the form lists them. */
export const TOKEN_AREAS = ['computes', 'domains', 'billing', 'team'] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];

export const TOKEN_AREA_NAMES: Record<TokenArea, string> = {
  computes: 'Computes',
  domains: 'Domains and DNS',
  billing: 'Billing',
  team: 'Members and team settings',
};

export const tokenAccessSchema = v.picklist(
  ['none', 'read', 'read_write'],
  'Choose no access, read, or read and write.',
);
export type TokenAccess = v.InferOutput<typeof tokenAccessSchema>;

export const TOKEN_ACCESS_NAMES: Record<TokenAccess, string> = {
  none: 'No access',
  read: 'Read',
  read_write: 'Read and write',
};

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
    v.string('Give the token a name.'),
    v.trim(),
    v.minLength(1, 'Give the token a name.'),
    v.maxLength(64, 'A token name is at most 64 characters.'),
  ),
  /** The teams it acts for: at least one, each a team the owner belongs to. */
  teamIds: v.pipe(
    v.array(uuid, 'Choose the teams it acts for.'),
    v.minLength(1, 'Choose at least one team for the token to act for.'),
    v.maxLength(50, 'A token acts for at most 50 teams.'),
  ),
  scopes: tokenScopesSchema,
  /** The last day it works (UTC): from tomorrow to TOKEN_MAX_DAYS days ahead. */
  expiresOn: v.pipe(
    v.string('Choose when the token expires.'),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry as a date (YYYY-MM-DD).'),
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
