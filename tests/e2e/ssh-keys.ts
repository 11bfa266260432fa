// What a person pastes into the SSH public key field.
import { generateKeyPairSync } from 'node:crypto';

/** A fresh ed25519 public key in the OpenSSH one-line format, as in ~/.ssh/id_ed25519.pub. */
export function sshPublicKey(comment: string): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}
