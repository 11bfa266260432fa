// RRSIG records (RFC 4034 §3, RFC 4035 §2.2): the signature of one RRset in canonical form (RFC 4034 §6)
// with a zone's key, ECDSA P-256 over SHA-256 with the raw r‖s signature (RFC 6605 §4).
import { sign } from 'node:crypto';
import { encodeName } from '../names';
import type { ZoneKey } from './keys';

/** When signatures start and stop being valid, in seconds since 1970 (serial arithmetic is not needed before 2106). */
export interface Validity {
  inception: number;
  expiration: number;
}

/** Signatures start an hour in the past (clocks differ) and last two weeks; they are renewed after one. */
export const SIGNATURE_LIFETIME_SECONDS = 14 * 86_400;
export const SIGNATURE_REFRESH_SECONDS = 7 * 86_400;

export function validityAt(nowMs: number): Validity {
  const now = Math.floor(nowMs / 1000);
  return { inception: now - 3600, expiration: now + SIGNATURE_LIFETIME_SECONDS };
}

/** Labels of a name, the root and a leading `*` not counted (the RRSIG labels field). */
export function labelCount(name: string): number {
  if (name === '') return 0;
  const labels = name.split('.').length;
  return name.startsWith('*.') ? labels - 1 : labels;
}

/**
 * The RRSIG rdata (its 2-octet length first, like every rdata the zone index keeps) over an RRset whose
 * `rdatas` each carry their length too. Names in our rdatas are already lowercase, as the canonical form
 * wants (RFC 4034 §6.2); records are ordered by rdata (§6.3).
 */
export function signRRset(
  key: ZoneKey,
  signer: string,
  owner: string,
  type: number,
  ttl: number,
  rdatas: Buffer[],
  validity: Validity,
): Buffer {
  const signerWire = encodeName(signer);
  const ownerWire = encodeName(owner);
  const head = Buffer.alloc(18);
  head.writeUInt16BE(type, 0);
  head[2] = key.algorithm;
  head[3] = labelCount(owner);
  head.writeUInt32BE(ttl, 4);
  head.writeUInt32BE(validity.expiration >>> 0, 8);
  head.writeUInt32BE(validity.inception >>> 0, 12);
  head.writeUInt16BE(key.keyTag, 16);
  const sorted = [...rdatas].sort((a, b) => Buffer.compare(a.subarray(2), b.subarray(2)));
  const pieces: Buffer[] = [head, signerWire];
  const fixed = Buffer.alloc(8);
  fixed.writeUInt16BE(type, 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(ttl, 4);
  for (const rdata of sorted) pieces.push(ownerWire, fixed, rdata);
  const signature = sign('sha256', Buffer.concat(pieces), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  const rdata = Buffer.alloc(2 + head.length + signerWire.length + signature.length);
  rdata.writeUInt16BE(rdata.length - 2, 0);
  head.copy(rdata, 2);
  signerWire.copy(rdata, 2 + head.length);
  signature.copy(rdata, 2 + head.length + signerWire.length);
  return rdata;
}

/** The expiration time of an RRSIG rdata (with its length prefix), to tell when it needs renewing. */
export function expirationOf(rrsig: Buffer): number {
  return rrsig.readUInt32BE(2 + 8);
}

/** Type bit maps (RFC 4034 §4.1.2) of a sorted or unsorted list of types. */
export function typeBitmaps(types: Iterable<number>): Buffer {
  const windows = new Map<number, number[]>();
  for (const type of types) {
    const window = type >> 8;
    const bits = windows.get(window) ?? [];
    bits.push(type & 0xff);
    windows.set(window, bits);
  }
  const pieces: Buffer[] = [];
  for (const window of [...windows.keys()].sort((a, b) => a - b)) {
    const bits = windows.get(window)!;
    const length = (Math.max(...bits) >> 3) + 1;
    const block = Buffer.alloc(2 + length);
    block[0] = window;
    block[1] = length;
    for (const bit of bits) block[2 + (bit >> 3)]! |= 0x80 >> (bit & 7);
    pieces.push(block);
  }
  return Buffer.concat(pieces);
}
