// The console's localStorage keys (SPEC §3), each with the schema its value must match.
// Values are stored as JSON; a missing, corrupt or unexpected value reads as absent (null).
import * as v from 'valibot';
import { parseJson } from '@/domain/helpers/json';
import { LOCALES } from '@/i18n/locales';

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1));

/** A path inside the console: starts with one slash, so it can never send the user to another site. */
export const internalPathSchema = v.pipe(
  v.string(),
  v.regex(/^\/(?![/\\])/, 'Expected a path inside the console'),
  v.maxLength(2048),
);

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** A code sent and not yet entered: enough to carry on after a reload. */
const pendingChallenge = {
  challengeId: v.pipe(v.string(), v.uuid()),
  destination: nonEmpty,
  expiresAt: isoDate,
  resendAvailableAt: isoDate,
};

export const storageSchemas = {
  token: nonEmpty,
  user: v.looseObject({
    id: nonEmpty,
    name: v.string(),
    email: v.string(),
    phoneVerified: v.optional(v.boolean()),
  }),
  userRoles: v.array(v.looseObject({ teamId: nonEmpty, role: v.picklist(['OWNER', 'ADMIN', 'MEMBER']) })),
  /** A phone verification in progress. */
  phoneNumber: v.object({ country: v.pipe(v.string(), v.length(2)), number: nonEmpty, ...pendingChallenge }),
  /** An e-mail code verification in progress (sign-in or sign-up). */
  email: v.object({
    address: nonEmpty,
    purpose: v.picklist(['signin', 'signup']),
    name: v.optional(v.string()),
    ...pendingChallenge,
  }),
  intendedPath: internalPathSchema,
  previousTeam: nonEmpty,
  lastUsedSocialLogin: v.picklist(['github', 'google']),
  /** Not one of the spec's keys: the colour theme the user picked. */
  theme: v.picklist(['light', 'dark', 'system']),
  /** Not one of the spec's keys: the language chosen (before sign-in, or the account's once signed in). */
  locale: v.picklist(LOCALES),
  /** Not one of the spec's keys: the account's time zone, so the first page after a reload shows it. */
  timeZone: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
} as const;

export type StorageKey = keyof typeof storageSchemas;
export type StorageValue<K extends StorageKey> = v.InferOutput<(typeof storageSchemas)[K]>;

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some browsers throw when storage is disabled; the console then works without remembering.
    return null;
  }
}

export function readStorage<K extends StorageKey>(key: K): StorageValue<K> | null {
  const raw = backend()?.getItem(key) ?? null;
  const result = v.safeParse(storageSchemas[key], parseJson(raw));
  return result.success ? (result.output as StorageValue<K>) : null;
}

export function writeStorage<K extends StorageKey>(key: K, value: StorageValue<K>): void {
  const checked = v.parse(storageSchemas[key], value);
  try {
    backend()?.setItem(key, JSON.stringify(checked));
  } catch {
    // Quota or privacy mode: remembering is a convenience, never a reason to fail the action.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    backend()?.removeItem(key);
  } catch {
    // See writeStorage.
  }
}
