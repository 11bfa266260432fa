// Two-factor sign-in (account settings → Security): an authenticator app (TOTP, RFC 6238: 6 digits every
// 30 seconds) with ten single-use recovery codes. With it on, signing in by e-mail code or GitHub/Google
// answers a second-factor challenge instead of a session; POST /auth/two-factor/verify finishes it.
import * as v from 'valibot';
import { authResultSchema } from './auth';

const isoDate = v.pipe(v.string(), v.isoTimestamp());
const uuid = v.pipe(v.string(), v.uuid());

/** The answer to a proven first factor when a second one is needed. */
export const secondFactorRequiredSchema = v.object({
  secondFactor: v.object({
    challengeId: uuid,
    /** What the person may enter: a code from the app, or a recovery code. */
    methods: v.array(v.picklist(['totp', 'recovery_code'])),
    expiresAt: isoDate,
  }),
});
export type SecondFactorRequired = v.InferOutput<typeof secondFactorRequiredSchema>;

/** What signing in answers: a session, or the second factor it still needs. */
export const signInAnswerSchema = v.union([authResultSchema, secondFactorRequiredSchema]);
export type SignInAnswer = v.InferOutput<typeof signInAnswerSchema>;

export function needsSecondFactor(answer: unknown): answer is SecondFactorRequired {
  return typeof answer === 'object' && answer !== null && 'secondFactor' in answer;
}

/** A code from the app (6 digits) or a recovery code (two groups of five letters and digits). */
export const secondFactorCodeSchema = v.pipe(
  v.string('Enter the code from your authenticator app, or a recovery code.'),
  v.trim(),
  v.nonEmpty('Enter the code from your authenticator app, or a recovery code.'),
  v.regex(
    /^(\d{3} ?\d{3}|[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5})$/,
    'Enter the 6 digits from your authenticator app, or a recovery code like abcde-12345.',
  ),
);

export const verifySecondFactorRequestSchema = v.object({ challengeId: uuid, code: secondFactorCodeSchema });

export const twoFactorStatusSchema = v.object({
  /** When the authenticator app was turned on; null: off. */
  totpSince: v.nullable(isoDate),
  recoveryCodesLeft: v.number(),
});
export type TwoFactorStatus = v.InferOutput<typeof twoFactorStatusSchema>;

/** Setting up the app: the secret to scan (or type), not on until a code from it is confirmed. */
export const totpSetupSchema = v.object({
  /** Base32, for typing into the app by hand. */
  secret: v.string(),
  /** otpauth://totp/… — what the QR code holds. */
  uri: v.string(),
  /** The QR code as an SVG document, drawn by the server (nothing is fetched elsewhere). */
  qrSvg: v.string(),
});
export type TotpSetup = v.InferOutput<typeof totpSetupSchema>;

export const totpCodeRequestSchema = v.object({
  code: v.pipe(
    v.string('Enter the 6 digits your authenticator app shows.'),
    v.trim(),
    v.regex(/^\d{3} ?\d{3}$/, 'Enter the 6 digits your authenticator app shows.'),
  ),
});

/** To turn it off: a code from the app or a recovery code. */
export const disableTwoFactorRequestSchema = v.object({ code: secondFactorCodeSchema });

/** Shown once, when the app is confirmed: each signs in once without the app. */
export const recoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof recoveryCodesSchema>;
