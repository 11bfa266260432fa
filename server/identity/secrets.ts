// Random tokens and the hashes stored in their place: the database never holds a usable token or code.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { CODE_LENGTH } from '@/contract/auth';

/** 256 random bits, URL-safe: session tokens, socket tickets, OAuth state and the browser binding. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** A one-time code from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

/**
 * Hashes codes with a key only this installation knows: a leaked table cannot be brute-forced offline
 * (a million candidates would take no time against a plain hash). The challenge id is part of the input,
 * so a code only ever matches the challenge it was sent for.
 */
export type CodeHasher = (challengeId: string, code: string) => string;

export function createCodeHasher(instanceSecret: string): CodeHasher {
  // A purpose-bound key, so the instance secret is never used directly for two jobs.
  const key = createHmac('sha256', instanceSecret).update('ikirere one-time codes v1').digest();
  return (challengeId, code) =>
    createHmac('sha256', key).update(`${challengeId}:${code}`).digest('base64url');
}

/** Constant-time comparison of two hashes of the same encoding. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Seals secrets at rest with AES-256-GCM under a key derived from the installation secret. */
export interface Vault {
  seal(plain: Buffer): string;
  open(sealed: string): Buffer;
}

/** A vault for one purpose: the installation secret is never used directly for two jobs. */
export function createVault(instanceSecret: string, purpose: string): Vault {
  const key = createHmac('sha256', instanceSecret).update(purpose).digest();
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(text) {
      const data = Buffer.from(text, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]);
    },
  };
}
