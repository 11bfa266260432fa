// NSEC3 (RFC 5155): hashed owner names and the records that prove a name or a type does not exist.
// Parameters as RFC 9276 asks: SHA-1, no extra iterations, no salt, no opt-out.
import { createHash } from 'node:crypto';
import { encodeName } from '../names';

export const NSEC3_HASH_SHA1 = 1;
export const NSEC3_ITERATIONS = 0;

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';

/** The 20-octet hash of a name (lowercase, no trailing dot), iterations 0, empty salt. */
export function nsec3Hash(name: string): Buffer {
  return createHash('sha1').update(encodeName(name)).digest();
}

/** Base32 with the extended hex alphabet, lowercase, no padding (RFC 4648 §7): the first label of an NSEC3 owner. */
export function base32hex(data: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const octet of data) {
    value = (value << 8) | octet;
    bits += 8;
    while (bits >= 5) {
      out += BASE32HEX[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32HEX[(value << (5 - bits)) & 31];
  return out;
}

/** The NSEC3PARAM rdata (with its length): SHA-1, flags 0, iterations 0, no salt. */
export function nsec3ParamRdata(): Buffer {
  return Buffer.from([0, 5, NSEC3_HASH_SHA1, 0, 0, NSEC3_ITERATIONS, 0]);
}

/** The NSEC3 rdata (with its length) of one hashed name: the next hash in the chain and the types it owns. */
export function nsec3Rdata(nextHash: Buffer, bitmaps: Buffer): Buffer {
  const body = Buffer.concat([
    Buffer.from([NSEC3_HASH_SHA1, 0, 0, NSEC3_ITERATIONS, 0, nextHash.length]),
    nextHash,
    bitmaps,
  ]);
  const rdata = Buffer.alloc(2 + body.length);
  rdata.writeUInt16BE(body.length, 0);
  body.copy(rdata, 2);
  return rdata;
}

/**
 * The sorted hashes of a zone's names, and lookups on them: the record matching a hash, or the one
 * covering it (the greatest hash below it, wrapping around to the last).
 */
export class Nsec3Chain {
  /** Sorted ascending. */
  readonly hashes: Buffer[];

  constructor(hashes: Buffer[]) {
    this.hashes = [...hashes].sort(Buffer.compare);
  }

  /** The index of the hash equal to `hash`, or -1. */
  indexOf(hash: Buffer): number {
    const at = this.lowerBound(hash);
    return at < this.hashes.length && this.hashes[at]!.equals(hash) ? at : -1;
  }

  /** The index of the NSEC3 whose span covers `hash` (owner < hash < next, with wrap-around). */
  coveringIndex(hash: Buffer): number {
    const at = this.lowerBound(hash);
    return (at - 1 + this.hashes.length) % this.hashes.length;
  }

  next(index: number): Buffer {
    return this.hashes[(index + 1) % this.hashes.length]!;
  }

  private lowerBound(hash: Buffer): number {
    let low = 0;
    let high = this.hashes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (Buffer.compare(this.hashes[middle]!, hash) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
