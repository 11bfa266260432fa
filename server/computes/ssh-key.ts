// SSH public keys beyond the contract's pattern: the base64 body must decode to a key of the type the
// line names (catches a truncated paste or a private key), RSA keys must be at least 2048 bits, and the
// key is known by its SHA256 fingerprint as `ssh-keygen -lf` prints it.
import { createHash } from 'node:crypto';
import { t } from '../i18n/t';

export type KeyCheck = { ok: true; fingerprint: string } | { ok: false; message: string };

/** How to paste a key, after what is wrong with the one pasted. */
const help = () => t('computes.problem.sshKey.help');

export function checkSshPublicKey(line: string): KeyCheck {
  const [type, body] = line.trim().split(/\s+/);
  if (!type || !body) return { ok: false, message: help() };
  const blob = Buffer.from(body, 'base64');
  // Base64 that does not round-trip is a damaged paste (a missing or extra character).
  if (blob.toString('base64').replace(/=+$/, '') !== body.replace(/=+$/, '')) {
    return { ok: false, message: `${t('computes.problem.sshKey.damaged')} ${help()}` };
  }
  const fields = readFields(blob);
  if (!fields || fields[0]?.toString('latin1') !== type) {
    return { ok: false, message: `${t('computes.problem.sshKey.wrongType', { type })} ${help()}` };
  }
  if (type === 'ssh-ed25519' && fields[1]?.length !== 32) {
    return { ok: false, message: `${t('computes.problem.sshKey.wrongLength')} ${help()}` };
  }
  if (type === 'ssh-rsa') {
    const modulus = fields[2];
    const bits = modulus ? modulusBits(modulus) : 0;
    if (bits < 2048) {
      return {
        ok: false,
        message: t('computes.problem.sshKey.rsaTooShort', { bits }),
      };
    }
  }
  const digest = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return { ok: true, fingerprint: `SHA256:${digest}` };
}

/** The SSH wire format: a sequence of uint32-length-prefixed strings. */
function readFields(blob: Buffer): Buffer[] | undefined {
  const fields: Buffer[] = [];
  let offset = 0;
  while (offset < blob.length) {
    if (offset + 4 > blob.length) return undefined;
    const length = blob.readUInt32BE(offset);
    offset += 4;
    if (offset + length > blob.length) return undefined;
    fields.push(blob.subarray(offset, offset + length));
    offset += length;
  }
  return fields.length > 0 ? fields : undefined;
}

function modulusBits(modulus: Buffer): number {
  let start = 0;
  while (start < modulus.length && modulus[start] === 0) start++;
  if (start === modulus.length) return 0;
  return (modulus.length - start - 1) * 8 + Math.floor(Math.log2(modulus[start]!)) + 1;
}
