// Saved SSH keys (account settings → SSH keys): a person's public keys, each optionally shared with one of
// their teams, to pick when creating a compute instead of pasting one each time.
import * as v from 'valibot';
import { translated } from '@/i18n/state';
import { sshPublicKeySchema } from './computes';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

export const sshKeySchema = v.object({
  id: uuid,
  name: v.string(),
  /** ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256, … */
  type: v.string(),
  /** SHA256:… as `ssh-keygen -lf` prints it. */
  fingerprint: v.string(),
  publicKey: v.string(),
  /** The team it is shared with (its members can pick it for computes there); null: only its owner. */
  team: v.nullable(v.object({ id: uuid, name: v.string() })),
  /** Who added it. */
  owner: v.object({ id: uuid, name: v.string() }),
  /** Whether the caller added it (and so may delete it). */
  mine: v.boolean(),
  createdAt: isoDate,
});
export type SshKey = v.InferOutput<typeof sshKeySchema>;

export const sshKeyListSchema = v.object({ keys: v.array(sshKeySchema) });

export const addSshKeyRequestSchema = v.object({
  name: v.pipe(
    v.string(translated('contract.sshKey.name.required')),
    v.trim(),
    v.minLength(1, translated('contract.sshKey.name.required')),
    v.maxLength(64, translated('contract.sshKey.name.tooLong', { max: 64 })),
  ),
  publicKey: sshPublicKeySchema,
  /** Share it with this team; null or absent: keep it to yourself. */
  teamId: v.optional(v.nullable(uuid), null),
});
export type AddSshKeyRequest = v.InferOutput<typeof addSshKeyRequestSchema>;

export const sshKeyAnswerSchema = v.object({ key: sshKeySchema });
