// Two-factor sign-in (account settings → Security): an authenticator app (TOTP, RFC 6238: 6 digits every
// 30 seconds) and/or passkeys and security keys (WebAuthn), with ten single-use recovery codes. With either
// on, signing in by e-mail code or GitHub/Google answers a second-factor challenge instead of a session;
// POST /auth/two-factor/verify (a code) or /auth/two-factor/passkey/verify (a passkey) finishes it.
import * as v from 'valibot';
import { translated } from '@/i18n/state';
import { authResultSchema } from './auth';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** The answer to a proven first factor when a second one is needed. */
export const secondFactorRequiredSchema = v.object({
  secondFactor: v.object({
    challengeId: uuid,
    /** What the person may use: a code from the app, a passkey, a recovery code. */
    methods: v.array(v.picklist(['totp', 'passkey', 'recovery_code'])),
    expiresAt: isoDate,
  }),
});
export type SecondFactorRequired = v.InferOutput<typeof secondFactorRequiredSchema>;

/** What signing in answers: a session, or the second factor it still needs. */
export const signInAnswerSchema = v.union([authResultSchema, secondFactorRequiredSchema]);
export type SignInAnswer = v.InferOutput<typeof signInAnswerSchema>;

/** A code from the app (6 digits) or a recovery code (two groups of five letters and digits). */
export const secondFactorCodeSchema = v.pipe(
  v.string(translated('contract.secondFactor.required')),
  v.trim(),
  v.nonEmpty(translated('contract.secondFactor.required')),
  v.regex(/^(\d{3} ?\d{3}|[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5})$/, translated('contract.secondFactor.invalid')),
);

export const verifySecondFactorRequestSchema = v.object({ challengeId: uuid, code: secondFactorCodeSchema });

/** A passkey or security key as its owner sees it (the key itself never leaves their device). */
export const passkeySchema = v.object({
  id: v.string(),
  name: v.string(),
  /** Synced between devices (a password manager's passkey) rather than bound to one key. */
  backedUp: v.boolean(),
  createdAt: isoDate,
  lastUsedAt: v.nullable(isoDate),
});
export type Passkey = v.InferOutput<typeof passkeySchema>;

export const twoFactorStatusSchema = v.object({
  /** Whether signing in asks for a second factor: an authenticator app or at least one passkey. */
  on: v.boolean(),
  /** When the authenticator app was turned on; null: no app. */
  totpSince: v.nullable(isoDate),
  passkeys: v.array(passkeySchema),
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
    v.string(translated('contract.totp.invalid')),
    v.trim(),
    v.regex(/^\d{3} ?\d{3}$/, translated('contract.totp.invalid')),
  ),
});

/** To turn it off: a code from the app or a recovery code. */
export const disableTwoFactorRequestSchema = v.object({ code: secondFactorCodeSchema });

/** Shown once, when the app is confirmed: each signs in once without the app. */
export const recoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });

export const passkeyNameSchema = v.pipe(
  v.string(translated('contract.passkeyName.required')),
  v.trim(),
  v.nonEmpty(translated('contract.passkeyName.required')),
  v.maxLength(60, translated('contract.maxLength', { max: 60 })),
);
export const startPasskeyRequestSchema = v.object({ name: passkeyNameSchema });

/**
 * WebAuthn options for navigator.credentials.create()/get(), in the JSON form the browser library takes
 * (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON); the server made and checks them.
 */
export const passkeyOptionsSchema = v.object({ options: v.looseObject({ challenge: v.string() }) });

/** What the browser's authenticator answered, in the WebAuthn JSON encoding; the server checks the rest. */
const credentialResponse = <T extends v.ObjectEntries>(response: T) =>
  v.looseObject({
    id: v.pipe(v.string(), v.maxLength(1400)),
    rawId: v.pipe(v.string(), v.maxLength(1400)),
    type: v.literal('public-key'),
    response: v.looseObject(response),
    clientExtensionResults: v.optional(v.looseObject({}), {}),
  });
const b64 = v.pipe(v.string(), v.maxLength(65_536));
export const registrationResponseSchema = credentialResponse({
  clientDataJSON: b64,
  attestationObject: b64,
  transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(32))), []),
});
export const authenticationResponseSchema = credentialResponse({
  clientDataJSON: b64,
  authenticatorData: b64,
  signature: b64,
  userHandle: v.optional(v.nullable(b64)),
});

export const finishPasskeyRequestSchema = v.object({ response: registrationResponseSchema });
/** A passkey added: the status, and the recovery codes when it turned two-factor sign-in on (shown once). */
export const passkeyAddedSchema = v.object({
  status: twoFactorStatusSchema,
  recoveryCodes: v.nullable(v.array(v.string())),
});
export type PasskeyAdded = v.InferOutput<typeof passkeyAddedSchema>;

export const passkeySignInOptionsRequestSchema = v.object({ challengeId: uuid });
export const verifyPasskeyRequestSchema = v.object({
  challengeId: uuid,
  response: authenticationResponseSchema,
});
