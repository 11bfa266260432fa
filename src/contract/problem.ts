// The error body of every failed API call: RFC 9457 problem details, with per-field messages for forms.
import * as v from 'valibot';

export const fieldErrorSchema = v.object({
  /** Dotted path of the input field, as the form names it: `hostname`, `records.0.ttl`. */
  field: v.string(),
  message: v.string(),
});

export const problemSchema = v.object({
  type: v.optional(v.string(), 'about:blank'),
  title: v.string(),
  status: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599)),
  detail: v.optional(v.string()),
  instance: v.optional(v.string()),
  errors: v.optional(v.array(fieldErrorSchema)),
  /** Matches the X-Request-Id header and the server's log line, so a user can quote it to support. */
  requestId: v.optional(v.string()),
  /** For rate limits and locks: how long until trying again makes sense. */
  retryAfterSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** For a wrong one-time code: how many more tries this code allows. */
  attemptsLeft: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** For a 409 on a stale edit (an older `version`): the resource as it now stands, checked by the caller. */
  current: v.optional(v.unknown()),
});

/**
 * Problem `type`s the console tells apart (everything else is shown by its title). URNs rather than
 * URLs: they name a kind of failure and are not meant to be fetched.
 */
export const problemTypes = {
  /** 401: the API token has expired, was revoked, or never existed. */
  apiTokenInvalid: 'urn:ikirere:problem:api-token-invalid',
  /** 403: no API token may do this (only a signed-in person), or this token's scopes do not allow it. */
  apiTokenForbidden: 'urn:ikirere:problem:api-token-forbidden',
  /** 422, field `code`: the code is wrong; `attemptsLeft` says how many tries remain for it. */
  codeIncorrect: 'urn:ikirere:problem:code-incorrect',
  /** 410: the code expired, was used, or had too many wrong tries: a new code is needed. */
  codeExpired: 'urn:ikirere:problem:code-expired',
  /** 429: too many wrong codes for this address; `retryAfterSeconds` until it unlocks (15 minutes). */
  addressLocked: 'urn:ikirere:problem:address-locked',
  /** 429: codes are sent at most once a minute and five times an hour; `retryAfterSeconds`. */
  sendRateLimited: 'urn:ikirere:problem:send-rate-limited',
  /** 401: no session, or it was revoked or expired. */
  sessionRequired: 'urn:ikirere:problem:session-required',
  /** 403: the account must verify a phone number before using the console. */
  phoneVerificationRequired: 'urn:ikirere:problem:phone-verification-required',
  /** 400: the social sign-in's state is unknown, used, expired or from another browser. */
  oauthStateInvalid: 'urn:ikirere:problem:oauth-state-invalid',
  /** 502: the provider refused the code or answered something unusable. */
  oauthProviderFailed: 'urn:ikirere:problem:oauth-provider-failed',
  /** 409: the provider's e-mail belongs to an account that this identity is not linked to. */
  oauthEmailInUse: 'urn:ikirere:problem:oauth-email-in-use',
  /** 400: the provider has no verified e-mail address for this identity. */
  oauthEmailUnverified: 'urn:ikirere:problem:oauth-email-unverified',
  /** 409: the e-mail address already belongs to another account (changing one's address). */
  emailInUse: 'urn:ikirere:problem:email-in-use',
  // ── Teams ──
  /** 403: the caller's role in the team does not allow this; the detail names who may. */
  teamRoleRequired: 'urn:ikirere:problem:team-role-required',
  /** 409: a team is deleted only once it holds no computes, domains or other resources. */
  teamHasResources: 'urn:ikirere:problem:team-has-resources',
  /** 409: the owner leaves a team only after transferring the ownership to another member. */
  ownerCannotLeave: 'urn:ikirere:problem:owner-cannot-leave',
  /** 409, field `email`: the address already belongs to a member, or already has an open invitation. */
  invitationConflict: 'urn:ikirere:problem:invitation-conflict',
  /** 403: the invitation was sent to another e-mail address than the signed-in account's (not named). */
  invitationForAnotherAddress: 'urn:ikirere:problem:invitation-for-another-address',
  /** 409: the invitation was already accepted, declined or revoked, or it expired. */
  invitationClosed: 'urn:ikirere:problem:invitation-closed',
  /** 422, field `documents`: a file's content is not one of the SPEC §3 upload types (or is an SVG with scripts). */
  fileTypeRefused: 'urn:ikirere:problem:file-type-refused',
  /** 409: a verification request cannot be sent while one is being reviewed or once the team is verified. */
  verificationNotOpen: 'urn:ikirere:problem:verification-not-open',
  /** 403: the team's limits as an unverified team stop this (5 computes, under 8 vCPUs); verifying lifts them. */
  teamVerificationRequired: 'urn:ikirere:problem:team-verification-required',
  /**
   * 403: the team requires two-factor sign-in and the caller does not use it; the detail says where to turn
   * it on. Leaving the team still works.
   */
  teamTwoFactorRequired: 'urn:ikirere:problem:team-two-factor-required',
  /** 401: operator endpoints (/ops/api/v1) take the operator token, not a session. */
  operatorTokenRequired: 'urn:ikirere:problem:operator-token-required',
  // ── Domains ──
  /** 409, field `name`: the zone (or one around or inside it) is already hosted on this server. */
  zoneTaken: 'urn:ikirere:problem:zone-taken',
  /** 409: the record changed since the form loaded it (an older `version`); `current` is the record now. */
  recordChanged: 'urn:ikirere:problem:record-changed',
  /** 502: the DNS server refused or did not answer; the change was rolled back, nothing was saved. */
  dnsServerRefused: 'urn:ikirere:problem:dns-server-refused',
  // ── Billing ──
  /** 402: the team's balance is empty; computes cannot be started or created until a top-up. */
  balanceEmpty: 'urn:ikirere:problem:balance-empty',
} as const;

export type FieldError = v.InferOutput<typeof fieldErrorSchema>;
export type Problem = v.InferOutput<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
