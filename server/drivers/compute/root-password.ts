// Root passwords of password computes: generated from the CSPRNG, shown once, stored only as a scrypt
// hash. The hash is what drivers receive (the simulator checks a console login against it).
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

// Without look-alikes (0/O, 1/l/I), so someone copying it by hand from a screen gets it right.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/** Four groups of five (≈ 117 bits), e.g. "Tq7mK-8vRbe-Xw2Hn-pL4sA". */
export function generateRootPassword(): string {
  return Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
}

const COST = 16_384;
const BLOCK = 8;
const PARALLEL = 1;
const KEY_LENGTH = 32;

function derive(
  password: string,
  salt: Buffer,
  cost: number,
  block: number,
  parallel: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: cost, r: block, p: parallel }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** "scrypt$N$r$p$salt$key", base64url parts. */
export async function hashRootPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, BLOCK, PARALLEL);
  return ['scrypt', COST, BLOCK, PARALLEL, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyRootPassword(password: string, hash: string): Promise<boolean> {
  const [scheme, cost, block, parallel, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key || password.length > 1024) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(cost),
    Number(block),
    Number(parallel),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
