// How root signs in to a compute, as a create or a rebuild asks for it: every SSH key that may sign in (the
// pasted one and the saved ones chosen, one per line as in authorized_keys, with their fingerprints), or a
// generated root password (shown once; only its hash is kept). Problems are per field, as the form shows them.
import type * as v from 'valibot';
import type { computeAuthenticationSchema } from '@/contract/computes';
import type { FieldError } from '@/contract/problem';
import { t } from '../i18n/t';
import type { Queryable } from '../tenancy/team-record';
import { usableSshKeys } from './saved-ssh-keys';
import { checkSshPublicKey } from './ssh-key';

export type ComputeAuthentication = v.InferOutput<typeof computeAuthenticationSchema>;

export interface RootSignIn {
  method: ComputeAuthentication['method'];
  /** The keys, one per line; null for password computes. */
  publicKeys: string | null;
  /** Their SHA256 fingerprints, comma-separated; null for password computes. */
  fingerprint: string | null;
}

/** The keys a request names (checked, deduplicated by fingerprint); field problems are added to `errors`. */
export async function resolveRootSignIn(
  db: Queryable,
  request: { userId: string; teamId: string; authentication: ComputeAuthentication },
  errors: FieldError[],
): Promise<RootSignIn> {
  const { authentication } = request;
  if (authentication.method !== 'ssh-key') return { method: 'password', publicKeys: null, fingerprint: null };
  const keys: { publicKey: string; fingerprint: string }[] = [];
  const pasted = authentication.publicKey;
  if (pasted !== undefined) {
    const key = checkSshPublicKey(pasted);
    if (key.ok) keys.push({ publicKey: pasted.trim(), fingerprint: key.fingerprint });
    else errors.push({ field: 'authentication.publicKey', message: key.message });
  }
  const saved = await usableSshKeys(db, request.userId, request.teamId, authentication.keyIds);
  if (saved) keys.push(...saved);
  else {
    errors.push({
      field: 'authentication.keyIds',
      message: t('computes.problem.sshKey.notUsable'),
    });
  }
  const unique = [...new Map(keys.map((key) => [key.fingerprint, key])).values()];
  return {
    method: 'ssh-key',
    fingerprint: unique.map((key) => key.fingerprint).join(', ') || null,
    publicKeys: unique.map((key) => key.publicKey).join('\n') || null,
  };
}
