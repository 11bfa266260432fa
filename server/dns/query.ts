// Reads an incoming query message without trusting a byte of it: header, the one question, and the EDNS
// OPT record if any. Never throws; says what to answer (or that the packet is to be dropped) instead.
import { MAX_NAME_OCTETS, RCODE, TYPE } from './names';
import { parseTsig, readName, type TsigRecord } from './tsig';

export interface Edns {
  /** The largest UDP reply the client accepts. */
  payload: number;
  version: number;
  /** DNSSEC OK (RFC 3225): the client wants signatures and denial proofs. */
  dnssecOk: boolean;
}

export interface Query {
  id: number;
  /** The flags word as sent: the answer echoes its opcode and RD bits. */
  flags: number;
  /** The question section exactly as sent (name, type, class): echoed as is, letter case included. */
  question: Buffer;
  /** Lowercase (ASCII letters only), dot-separated, no trailing dot; '' for the root. */
  qname: string;
  qtype: number;
  qclass: number;
  edns: Edns | null;
  /** The TSIG record closing the message, if any (zone transfers and the refresh checks of secondaries). */
  tsig: TsigRecord | null;
  /** IXFR: the serial of the SOA the client sent in the authority section (the version it holds). */
  clientSerial: number | null;
}

export type ParsedQuery =
  | { kind: 'query'; query: Query }
  /** Answerable only with an error code (no question is echoed). */
  | { kind: 'error'; id: number; flags: number; rcode: number; reason: string }
  /** Not worth an answer: too short to carry an id, or a response (answering those invites loops). */
  | { kind: 'drop'; reason: string };

const HEADER_OCTETS = 12;
const OPCODE_QUERY = 0;
// One scratch buffer for building names: a name is at most 255 octets, escaping can double that.
const scratch = Buffer.allocUnsafe(MAX_NAME_OCTETS * 2);

export function parseQuery(message: Buffer): ParsedQuery {
  if (message.length < HEADER_OCTETS) return { kind: 'drop', reason: 'shorter than a DNS header' };
  const id = message.readUInt16BE(0);
  const flags = message.readUInt16BE(2);
  if (flags & 0x8000) return { kind: 'drop', reason: 'a response, not a query' };
  const error = (rcode: number, reason: string): ParsedQuery => ({ kind: 'error', id, flags, rcode, reason });
  if (((flags >> 11) & 0xf) !== OPCODE_QUERY) return error(RCODE.NOTIMP, 'opcode other than QUERY');
  if (message.readUInt16BE(4) !== 1) return error(RCODE.FORMERR, 'not exactly one question');

  // The question's name: labels only (a compression pointer has nothing before it to point at).
  let offset = HEADER_OCTETS;
  let length = 0;
  for (;;) {
    const size = message[offset];
    if (size === undefined) return error(RCODE.FORMERR, 'question name runs past the end');
    offset += 1;
    if (size === 0) break;
    if (size > 63) return error(RCODE.FORMERR, 'compressed or malformed question name');
    if (offset + size > message.length) return error(RCODE.FORMERR, 'question name runs past the end');
    if (offset - HEADER_OCTETS + size + 1 > MAX_NAME_OCTETS)
      return error(RCODE.FORMERR, 'name over 255 octets');
    if (length > 0) scratch[length++] = 0x2e;
    for (let index = offset; index < offset + size; index++) {
      const octet = message[index]!;
      // A dot inside a label is escaped, so it can never pass for a label boundary.
      if (octet === 0x2e || octet === 0x5c) scratch[length++] = 0x5c;
      scratch[length++] = octet >= 0x41 && octet <= 0x5a ? octet | 0x20 : octet;
    }
    offset += size;
  }
  if (offset + 4 > message.length) return error(RCODE.FORMERR, 'question without type and class');
  const qname = scratch.toString('latin1', 0, length);
  const qtype = message.readUInt16BE(offset);
  const qclass = message.readUInt16BE(offset + 2);
  offset += 4;
  const question = message.subarray(HEADER_OCTETS, offset);

  // Answer and authority records have no business in a query, but are skipped rather than refused; an
  // IXFR carries the client's SOA in the authority section.
  const answers = message.readUInt16BE(6);
  const records = answers + message.readUInt16BE(8);
  const additional = message.readUInt16BE(10);
  let edns: Edns | null = null;
  let tsig: TsigRecord | null = null;
  let clientSerial: number | null = null;
  for (let index = 0; index < records + additional; index++) {
    const nameStart = offset;
    offset = skipName(message, offset);
    if (offset < 0 || offset + 10 > message.length) return error(RCODE.FORMERR, 'record runs past the end');
    const type = message.readUInt16BE(offset);
    const dataLength = message.readUInt16BE(offset + 8);
    if (offset + 10 + dataLength > message.length)
      return error(RCODE.FORMERR, 'record data runs past the end');
    if (type === TYPE.OPT) {
      // RFC 6891 §6.1.1: one OPT, in the additional section, owned by the root.
      if (edns !== null || index < records || offset !== nameStart + 1) {
        return error(RCODE.FORMERR, 'misplaced or repeated OPT record');
      }
      edns = {
        payload: message.readUInt16BE(offset + 2),
        version: message[offset + 5]!,
        dnssecOk: (message[offset + 6]! & 0x80) !== 0,
      };
    }
    if (type === TYPE.TSIG) {
      // RFC 8945 §5.1: the last record of the additional section, and only there.
      if (index !== records + additional - 1 || index < records)
        return error(RCODE.FORMERR, 'misplaced TSIG record');
      tsig = parseTsig(message, nameStart, offset + 10, offset + 10 + dataLength) ?? null;
      if (!tsig) return error(RCODE.FORMERR, 'unreadable TSIG record');
    }
    if (type === TYPE.SOA && index >= answers && index < records) {
      const mname = readName(message, offset + 10);
      const rname = mname && readName(message, mname.end);
      if (rname && rname.end + 4 <= offset + 10 + dataLength) clientSerial = message.readUInt32BE(rname.end);
    }
    offset += 10 + dataLength;
  }
  return { kind: 'query', query: { id, flags, question, qname, qtype, qclass, edns, tsig, clientSerial } };
}

/** The offset just past a (possibly compressed) name, or -1 when it is malformed. */
function skipName(message: Buffer, start: number): number {
  let offset = start;
  for (;;) {
    const size = message[offset];
    if (size === undefined) return -1;
    if (size === 0) return offset + 1;
    if ((size & 0xc0) === 0xc0) return offset + 2 <= message.length ? offset + 2 : -1;
    if (size > 63) return -1;
    offset += 1 + size;
  }
}
