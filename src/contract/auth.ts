// Sign-up, sign-in (one-time code by e-mail, GitHub, Google), phone verification and sessions:
// the user service's /auth resource (SPEC §1, §7).

import * as v from 'valibot';
import { LOCALES } from '@/i18n/locales';
import { translated } from '@/i18n/state';
import { uuid, uuidWith } from './ids';
import type { SecondFactorRequired } from './two-factor';

export const CODE_LENGTH = 6;

export const emailSchema = v.pipe(
  v.string(translated('contract.email.required')),
  v.trim(),
  v.nonEmpty(translated('contract.email.required')),
  v.maxLength(254, translated('contract.email.tooLong', { max: 254 })),
  v.email(translated('contract.email.invalid')),
  v.toLowerCase(),
);

export const personNameSchema = v.pipe(
  v.string(translated('contract.personName.required')),
  v.trim(),
  v.nonEmpty(translated('contract.personName.required')),
  v.maxLength(100, translated('contract.maxLength', { max: 100 })),
);

export const codeSchema = v.pipe(
  v.string(translated('contract.code.required', { length: 6 })),
  v.trim(),
  v.regex(/^\d{6}$/, translated('contract.code.invalid', { length: 6 })),
);

export const challengeIdSchema = uuidWith(translated('contract.challenge.invalid'));

export const socialProviderSchema = v.picklist(['github', 'google']);
export type SocialProvider = v.InferOutput<typeof socialProviderSchema>;

export const roleSchema = v.picklist(['OWNER', 'ADMIN', 'MEMBER']);
export type Role = v.InferOutput<typeof roleSchema>;

const isoDate = v.pipe(v.string(), v.isoTimestamp());

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────────

export const signUpRequestSchema = v.object({ name: personNameSchema, email: emailSchema });
export const emailCodeRequestSchema = v.object({ email: emailSchema });
export const verifyCodeRequestSchema = v.object({ challengeId: challengeIdSchema, code: codeSchema });
/** A phone number as typed, with the picker's country (ISO 3166 alpha-2); normalized per SPEC §5. */
export const phoneCodeRequestSchema = v.object({
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, translated('contract.phone.country'))),
  phoneNumber: v.pipe(
    v.string(translated('contract.phone.required')),
    v.trim(),
    v.nonEmpty(translated('contract.phone.required')),
    v.maxLength(32, translated('contract.phone.tooLong')),
  ),
});
export const oauthCallbackRequestSchema = v.object({
  code: v.pipe(v.string(), v.nonEmpty(), v.maxLength(2048)),
  state: v.pipe(v.string(), v.nonEmpty(), v.maxLength(512)),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────

/** A code was sent (or, for an address without an account, the same answer is given). */
export const codeChallengeSchema = v.object({
  challengeId: uuid,
  channel: v.picklist(['email', 'sms']),
  /** Where the code went, as the user typed it after normalization: e-mail or E.164 number. */
  destination: v.string(),
  expiresAt: isoDate,
  /** When another code may be requested (the 60-second cooldown). */
  resendAvailableAt: isoDate,
});

/**
 * GET /auth/phone-code/{challengeId}/delivery: how far the text with the code went.
 * - sending: the gateway has not taken it yet (`retrying` once an attempt failed);
 * - sent: the gateway took it; the embedded outbox never delivers, so its texts stay "sent" (`gateway`);
 *   `waitingForNetwork` while the gateway holds it because its SMS centre is unreachable;
 * - delivered: the phone network reports it reached the phone;
 * - undelivered: it will not arrive: `reason` says whether the gateway would not take it or the network
 *   could not deliver it.
 */
export const codeDeliverySchema = v.object({
  status: v.picklist(['sending', 'sent', 'delivered', 'undelivered']),
  gateway: v.picklist(['outbox', 'kannel']),
  retrying: v.boolean(),
  waitingForNetwork: v.boolean(),
  reason: v.nullable(v.picklist(['gateway', 'network'])),
  updatedAt: isoDate,
});

export const userSchema = v.object({
  id: uuid,
  name: v.string(),
  email: v.string(),
  /** E.164, once verified. */
  phoneNumber: v.nullable(v.string()),
  phoneVerified: v.boolean(),
  /** The language the console shows and the server writes to them in. */
  locale: v.picklist(LOCALES),
  /** Their IANA time zone (Africa/Kigali unless they chose another). */
  timeZone: v.string(),
  createdAt: isoDate,
});

export const userTeamSchema = v.object({
  id: uuid,
  name: v.string(),
  role: roleSchema,
});

export const sessionInfoSchema = v.object({
  id: uuid,
  createdAt: isoDate,
  /** The earlier of the idle and the absolute expiry. */
  expiresAt: isoDate,
});

/** What the console keeps after signing in: `token` in storage, `user` and `userRoles` beside it. */
export const authResultSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty()),
  user: userSchema,
  teams: v.array(userTeamSchema),
  session: sessionInfoSchema,
});

/**
 * Whether a sign-in answer asks for a second factor (./two-factor.ts) rather than giving a session. Here
 * rather than beside that schema: the sign-in machine asks it on the first pages, which then need none of
 * the account's two-factor schemas.
 */
export function needsSecondFactor(answer: unknown): answer is SecondFactorRequired {
  return typeof answer === 'object' && answer !== null && 'secondFactor' in answer;
}

/** GET /auth/session: who the token belongs to. */
export const currentSessionSchema = v.object({
  user: userSchema,
  teams: v.array(userTeamSchema),
  session: sessionInfoSchema,
});

/** GET /auth/methods: what the sign-in page offers; unconfigured providers are absent. */
export const signInMethodsSchema = v.object({
  emailCode: v.boolean(),
  providers: v.array(v.object({ id: socialProviderSchema, name: v.string() })),
});

export const sessionListItemSchema = v.object({
  id: uuid,
  current: v.boolean(),
  /** Read from the user agent: "Chrome on Linux". */
  device: v.string(),
  ip: v.nullable(v.string()),
  createdAt: isoDate,
  lastSeenAt: isoDate,
});
export const sessionListSchema = v.object({ sessions: v.array(sessionListItemSchema) });
export const revokedCountSchema = v.object({ revoked: v.pipe(v.number(), v.integer(), v.minValue(0)) });

export type CodeChallenge = v.InferOutput<typeof codeChallengeSchema>;
export type CodeDelivery = v.InferOutput<typeof codeDeliverySchema>;
export type User = v.InferOutput<typeof userSchema>;
export type UserTeam = v.InferOutput<typeof userTeamSchema>;
export type AuthResult = v.InferOutput<typeof authResultSchema>;
export type CurrentSession = v.InferOutput<typeof currentSessionSchema>;
export type SignInMethods = v.InferOutput<typeof signInMethodsSchema>;
export type SessionListItem = v.InferOutput<typeof sessionListItemSchema>;
