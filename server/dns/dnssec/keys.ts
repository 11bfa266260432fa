// DNSSEC keys of a zone: ECDSA P-256 with SHA-256 (algorithm 13, RFC 6605), one combined signing key
// (flags 257: zone key + secure entry point) per zone, two while a key rolls. What a key looks like in a
// DNSKEY record, its key tag (RFC 4034 appendix B) and the DS record the parent zone publishes for it.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { encodeName } from '../names';

export const ALGORITHM_ECDSAP256SHA256 = 13;
/** Zone key (bit 7) + secure entry point (bit 15): a combined signing key. */
export const CSK_FLAGS = 257;
/** SHA-256, the DS digest every validator supports (RFC 4509). */
export const DIGEST_SHA256 = 2;

export interface ZoneKey {
  /** Stable id (the database row's), so a key can be followed across publishes and rolls. */
  id: string;
  flags: number;
  algorithm: number;
  /** The 64 octets of the public point, x then y: the DNSKEY's public key field (RFC 6605 §4). */
  publicKey: Buffer;
  privateKey: KeyObject;
  keyTag: number;
}

/** A new P-256 key pair as PKCS#8 DER (private) and the DNSKEY public key field. */
export function generateZoneKeyMaterial(): { pkcs8: Buffer; publicKey: Buffer } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { pkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }), publicKey: publicPoint(privateKey) };
}

/** The DNSKEY public key field of a P-256 key: x and y, 32 octets each. */
export function publicPoint(key: KeyObject): Buffer {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  return Buffer.concat([Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
}

/** A zone key from stored material (PKCS#8 DER private key). */
export function zoneKeyFrom(id: string, pkcs8: Buffer, flags = CSK_FLAGS): ZoneKey {
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const publicKey = publicPoint(privateKey);
  const algorithm = ALGORITHM_ECDSAP256SHA256;
  return {
    id,
    flags,
    algorithm,
    publicKey,
    privateKey,
    keyTag: keyTag(dnskeyRdata(flags, algorithm, publicKey)),
  };
}

/** The DNSKEY rdata (without its length): flags, protocol 3, algorithm, public key. */
export function dnskeyRdata(flags: number, algorithm: number, publicKey: Buffer): Buffer {
  const rdata = Buffer.alloc(4 + publicKey.length);
  rdata.writeUInt16BE(flags, 0);
  rdata[2] = 3;
  rdata[3] = algorithm;
  publicKey.copy(rdata, 4);
  return rdata;
}

/** RFC 4034 appendix B: the 16-bit checksum of the DNSKEY rdata that RRSIG and DS records name. */
export function keyTag(rdata: Buffer): number {
  let sum = 0;
  for (let index = 0; index < rdata.length; index++) {
    sum += index & 1 ? rdata[index]! : rdata[index]! << 8;
  }
  sum += (sum >> 16) & 0xffff;
  return sum & 0xffff;
}

export interface DsRecord {
  keyTag: number;
  algorithm: number;
  digestType: number;
  /** Hex, uppercase as registrars tend to show it. */
  digest: string;
}

/** DS digest types and their hashes (RFC 3658, RFC 4509, RFC 6605). */
const DIGESTS: Record<number, string> = { 1: 'sha1', 2: 'sha256', 4: 'sha384' };

/**
 * The DS of a zone's key (SHA-256 unless asked otherwise): digest over the owner name (canonical wire
 * form) and the DNSKEY rdata. Undefined for a digest type we cannot compute.
 */
export function dsOf(zone: string, key: { flags: number; algorithm: number; publicKey: Buffer }): DsRecord;
export function dsOf(
  zone: string,
  key: { flags: number; algorithm: number; publicKey: Buffer },
  digestType: number,
): DsRecord | undefined;
export function dsOf(
  zone: string,
  key: { flags: number; algorithm: number; publicKey: Buffer },
  digestType = DIGEST_SHA256,
): DsRecord | undefined {
  const hash = DIGESTS[digestType];
  if (!hash) return undefined;
  const rdata = dnskeyRdata(key.flags, key.algorithm, key.publicKey);
  const digest = createHash(hash)
    .update(encodeName(zone.toLowerCase()))
    .update(rdata)
    .digest('hex')
    .toUpperCase();
  return { keyTag: keyTag(rdata), algorithm: key.algorithm, digestType, digest };
}

/** Whether a DS record (any digest type we can compute) names this key of the zone. */
export function dsNamesKey(
  zone: string,
  ds: DsRecord,
  key: { flags: number; algorithm: number; publicKey: Buffer },
): boolean {
  const ours = dsOf(zone, key, ds.digestType);
  return ours !== undefined && sameDs(ours, ds);
}

/** `12345 13 2 ABCD…`: the DS rdata as zone files and registrars write it. */
export function presentDs(ds: DsRecord): string {
  return `${ds.keyTag} ${ds.algorithm} ${ds.digestType} ${ds.digest}`;
}

/** `257 3 13 base64…`: the DNSKEY rdata in presentation form (what trust anchors and some registrars take). */
export function presentDnskey(key: { flags: number; algorithm: number; publicKey: Buffer }): string {
  return `${key.flags} 3 ${key.algorithm} ${key.publicKey.toString('base64')}`;
}

/** Parses `keytag algorithm digesttype hex` (spaces inside the digest allowed); undefined when it is not one. */
export function parseDs(text: string): DsRecord | undefined {
  const match = /^\s*(\d{1,5})\s+(\d{1,3})\s+(\d{1,3})\s+([0-9a-fA-F\s]+?)\s*$/.exec(text);
  if (!match) return undefined;
  return {
    keyTag: Number(match[1]),
    algorithm: Number(match[2]),
    digestType: Number(match[3]),
    digest: match[4]!.replace(/\s+/g, '').toUpperCase(),
  };
}

export function sameDs(a: DsRecord, b: DsRecord): boolean {
  return (
    a.keyTag === b.keyTag &&
    a.algorithm === b.algorithm &&
    a.digestType === b.digestType &&
    a.digest.toUpperCase() === b.digest.toUpperCase()
  );
}
