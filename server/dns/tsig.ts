// TSIG (RFC 8945): messages between this server and its secondaries (zone transfers, the SOA queries of
// their refresh checks, NOTIFY) carry an HMAC made with a key both sides hold, so nobody else can take a
// zone or forge a change notice. HMAC-SHA256 and HMAC-SHA512; every message of a multi-message answer
// is signed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { encodeName, TYPE } from './names';

export const TSIG_ALGORITHMS = { 'hmac-sha256': 'sha256', 'hmac-sha512': 'sha512' } as const;
export type TsigAlgorithm = keyof typeof TSIG_ALGORITHMS;

export interface TsigKey {
  /** Lowercase, no trailing dot (`ikirere-transfer`). */
  name: string;
  algorithm: TsigAlgorithm;
  secret: Buffer;
}

/** TSIG error codes (RFC 8945 §3). */
export const TSIG_ERROR = { NONE: 0, BADSIG: 16, BADKEY: 17, BADTIME: 18, BADTRUNC: 22 } as const;

const CLASS_ANY = 255;
/** Seconds of clock difference tolerated (RFC 8945 §10 recommends 300). */
export const TSIG_FUDGE = 300;

/** A TSIG record as read from a message: where it starts (the message before it is what was signed). */
export interface TsigRecord {
  /** Offset of the TSIG RR in the message. */
  start: number;
  keyName: string;
  algorithm: string;
  timeSigned: number;
  fudge: number;
  mac: Buffer;
  originalId: number;
  error: number;
  otherData: Buffer;
}

/** Reads a (possibly compressed) name; undefined when it is malformed. */
export function readName(message: Buffer, start: number): { name: string; end: number } | undefined {
  const labels: string[] = [];
  let offset = start;
  let end = -1;
  for (let jumps = 0; jumps < 64; ) {
    const size = message[offset];
    if (size === undefined) return undefined;
    if (size === 0) {
      if (end < 0) end = offset + 1;
      return { name: labels.join('.').toLowerCase(), end };
    }
    if ((size & 0xc0) === 0xc0) {
      if (offset + 1 >= message.length) return undefined;
      if (end < 0) end = offset + 2;
      offset = ((size & 0x3f) << 8) | message[offset + 1]!;
      jumps++;
      continue;
    }
    if (size > 63 || offset + 1 + size > message.length) return undefined;
    labels.push(message.toString('latin1', offset + 1, offset + 1 + size));
    offset += 1 + size;
  }
  return undefined;
}

/** Parses the TSIG rdata of the RR starting at `start` (owner at `start`, rdata at `rdataStart`). */
export function parseTsig(
  message: Buffer,
  start: number,
  rdataStart: number,
  rdataEnd: number,
): TsigRecord | undefined {
  const owner = readName(message, start);
  const algorithm = readName(message, rdataStart);
  if (!owner || !algorithm) return undefined;
  let offset = algorithm.end;
  if (offset + 10 > rdataEnd) return undefined;
  const timeSigned = message.readUIntBE(offset, 6);
  const fudge = message.readUInt16BE(offset + 6);
  const macSize = message.readUInt16BE(offset + 8);
  offset += 10;
  if (offset + macSize + 6 > rdataEnd) return undefined;
  const mac = Buffer.from(message.subarray(offset, offset + macSize));
  offset += macSize;
  const originalId = message.readUInt16BE(offset);
  const error = message.readUInt16BE(offset + 2);
  const otherSize = message.readUInt16BE(offset + 4);
  offset += 6;
  if (offset + otherSize > rdataEnd) return undefined;
  return {
    start,
    keyName: owner.name,
    algorithm: algorithm.name,
    timeSigned,
    fudge,
    mac,
    originalId,
    error,
    otherData: Buffer.from(message.subarray(offset, offset + otherSize)),
  };
}

function uint48(value: number): Buffer {
  const buffer = Buffer.alloc(6);
  buffer.writeUIntBE(value, 0, 6);
  return buffer;
}

function uint16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value, 0);
  return buffer;
}

/** The TSIG variables of RFC 8945 §4.3.3 (all of them, or only the timers for later messages of a stream). */
function variables(
  key: TsigKey,
  timeSigned: number,
  fudge: number,
  error: number,
  otherData: Buffer,
  timersOnly: boolean,
): Buffer {
  const timers = Buffer.concat([uint48(timeSigned), uint16(fudge)]);
  if (timersOnly) return timers;
  const classTtl = Buffer.alloc(6);
  classTtl.writeUInt16BE(CLASS_ANY, 0);
  return Buffer.concat([
    encodeName(key.name),
    classTtl,
    encodeName(key.algorithm),
    timers,
    uint16(error),
    uint16(otherData.length),
    otherData,
  ]);
}

/** The message as it was before the TSIG was added: TSIG cut off, ARCOUNT one less, the original id back. */
function unsigned(message: Buffer, tsig: TsigRecord): Buffer {
  const body = Buffer.from(message.subarray(0, tsig.start));
  body.writeUInt16BE(tsig.originalId, 0);
  body.writeUInt16BE(body.readUInt16BE(10) - 1, 10);
  return body;
}

function hmac(key: TsigKey, pieces: Buffer[]): Buffer {
  const mac = createHmac(TSIG_ALGORITHMS[key.algorithm], key.secret);
  for (const piece of pieces) mac.update(piece);
  return mac.digest();
}

export type TsigCheck =
  | { ok: true; key: TsigKey; requestMac: Buffer }
  | { ok: false; error: number; keyName: string; algorithm: string };

/** Verifies a request's TSIG against the keys we hold (RFC 8945 §5.2). */
export function verifyRequest(message: Buffer, tsig: TsigRecord, keys: TsigKey[], nowMs: number): TsigCheck {
  const key = keys.find(
    (candidate) => candidate.name === tsig.keyName && candidate.algorithm === tsig.algorithm,
  );
  const fail = (error: number): TsigCheck => ({
    ok: false,
    error,
    keyName: tsig.keyName,
    algorithm: tsig.algorithm,
  });
  if (!key) return fail(TSIG_ERROR.BADKEY);
  const expected = hmac(key, [
    unsigned(message, tsig),
    variables(key, tsig.timeSigned, tsig.fudge, tsig.error, tsig.otherData, false),
  ]);
  // A truncated MAC shorter than half the hash (or 10 octets) is not accepted (RFC 8945 §5.2.2.1).
  if (tsig.mac.length < Math.max(10, expected.length / 2) || tsig.mac.length > expected.length) {
    return fail(TSIG_ERROR.BADSIG);
  }
  if (!timingSafeEqual(expected.subarray(0, tsig.mac.length), tsig.mac)) return fail(TSIG_ERROR.BADSIG);
  if (Math.abs(Math.floor(nowMs / 1000) - tsig.timeSigned) > tsig.fudge) return fail(TSIG_ERROR.BADTIME);
  return { ok: true, key, requestMac: tsig.mac };
}

/** A TSIG RR. */
function tsigRecord(
  key: { name: string; algorithm: string },
  timeSigned: number,
  mac: Buffer,
  originalId: number,
  error: number,
  otherData: Buffer,
): Buffer {
  const rdata = Buffer.concat([
    encodeName(key.algorithm),
    uint48(timeSigned),
    uint16(TSIG_FUDGE),
    uint16(mac.length),
    mac,
    uint16(originalId),
    uint16(error),
    uint16(otherData.length),
    otherData,
  ]);
  const head = Buffer.alloc(10);
  head.writeUInt16BE(TYPE.TSIG, 0);
  head.writeUInt16BE(CLASS_ANY, 2);
  head.writeUInt32BE(0, 4);
  head.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([encodeName(key.name), head, rdata]);
}

function withRecord(message: Buffer, record: Buffer): Buffer {
  const out = Buffer.concat([message, record]);
  out.writeUInt16BE(out.readUInt16BE(10) + 1, 10);
  return out;
}

/**
 * Signs a stream of messages (one for most answers, several for a zone transfer), each one chained to
 * the MAC before it (RFC 8945 §5.3.1); `requestMac` is the MAC of the request answered, or none when the
 * first message is itself a request (NOTIFY).
 */
export class TsigSigner {
  private previousMac: Buffer | undefined;
  private first = true;

  constructor(
    private readonly key: TsigKey,
    requestMac: Buffer | undefined,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.previousMac = requestMac;
  }

  sign(message: Buffer): Buffer {
    const timeSigned = Math.floor(this.nowMs() / 1000);
    const prior = this.previousMac ? [uint16(this.previousMac.length), this.previousMac] : [];
    const mac = hmac(this.key, [
      ...prior,
      message,
      variables(this.key, timeSigned, TSIG_FUDGE, 0, Buffer.alloc(0), !this.first),
    ]);
    this.first = false;
    this.previousMac = mac;
    return withRecord(
      message,
      tsigRecord(this.key, timeSigned, mac, message.readUInt16BE(0), 0, Buffer.alloc(0)),
    );
  }

  /** The MAC of the last message signed: a response to it is verified against it. */
  get lastMac(): Buffer | undefined {
    return this.previousMac;
  }
}

/** An unsigned TSIG carrying an error (BADKEY, BADSIG), for a request we could not verify (RFC 8945 §5.3.2). */
export function tsigError(
  message: Buffer,
  failed: { keyName: string; algorithm: string; error: number },
  nowMs: number,
): Buffer {
  return withRecord(
    message,
    tsigRecord(
      { name: failed.keyName, algorithm: failed.algorithm },
      Math.floor(nowMs / 1000),
      Buffer.alloc(0),
      message.readUInt16BE(0),
      failed.error,
      Buffer.alloc(0),
    ),
  );
}

/** Verifies the TSIG of a response to a request we signed (a NOTIFY answer): its MAC covers our request's. */
export function verifyResponse(message: Buffer, tsig: TsigRecord, key: TsigKey, requestMac: Buffer): boolean {
  if (tsig.keyName !== key.name || tsig.algorithm !== key.algorithm || tsig.error !== 0) return false;
  const expected = hmac(key, [
    uint16(requestMac.length),
    requestMac,
    unsigned(message, tsig),
    variables(key, tsig.timeSigned, tsig.fudge, tsig.error, tsig.otherData, false),
  ]);
  return tsig.mac.length === expected.length && timingSafeEqual(expected, tsig.mac);
}

/** `hmac-sha256:name:base64secret` (or `name:base64secret`, HMAC-SHA256) → a key; undefined when malformed. */
export function parseTsigKey(text: string): TsigKey | undefined {
  const parts = text.trim().split(':');
  const [algorithm, name, secret] = parts.length === 3 ? parts : ['hmac-sha256', ...parts];
  if (!algorithm || !name || !secret || !(algorithm.toLowerCase() in TSIG_ALGORITHMS)) return undefined;
  const keyName = name.toLowerCase().replace(/\.$/, '');
  if (!/^[a-z0-9]([a-z0-9_-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9_-]*[a-z0-9])?)*$/.test(keyName)) return undefined;
  if (!/^[A-Za-z0-9+/]+=*$/.test(secret)) return undefined;
  const decoded = Buffer.from(secret, 'base64');
  if (decoded.length < 16) return undefined;
  return { name: keyName, algorithm: algorithm.toLowerCase() as TsigAlgorithm, secret: decoded };
}
