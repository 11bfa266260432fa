// Lays out a response: header, the question echoed as sent, then whole RRsets while they fit the size
// the transport allows (TC when the answer cannot fit), and the OPT record for EDNS clients.
import type { Resolution } from './answer';
import { TYPE } from './names';

/** The UDP payload we advertise and never exceed (the DNS flag day 2020 figure). */
export const EDNS_PAYLOAD = 1232;
/** Without EDNS a UDP answer stops at 512 octets (RFC 1035 §4.2.1). */
export const CLASSIC_UDP_LIMIT = 512;
export const TCP_LIMIT = 65_535;

const AA = 0x0400;
const TC = 0x0200;
const HEADER_OCTETS = 12;

/** What follows the question, ready to be copied behind any query's header and question. */
export interface Body {
  /** AA, TC and the low four bits of the rcode. */
  flags: number;
  answers: number;
  authorities: number;
  additionals: number;
  wire: Buffer;
}

/**
 * Our OPT record: root owner, payload 1232, the extended rcode's high bits, version 0, the DO bit copied
 * from the query (RFC 3225 §3), no options.
 */
export function optRecord(extendedRcode = 0, dnssecOk = false): Buffer {
  const opt = Buffer.alloc(11);
  opt.writeUInt16BE(TYPE.OPT, 1);
  opt.writeUInt16BE(EDNS_PAYLOAD, 3);
  opt[5] = extendedRcode >> 4;
  if (dnssecOk) opt[7] = 0x80;
  return opt;
}
const OPT = optRecord();
const OPT_DO = optRecord(0, true);

/**
 * Packs a resolution into at most `limit` octets of message, given the question's size. Whole RRsets go
 * in while they fit; an answer or authority set that does not fit sets TC and ends the message; optional
 * glue that does not fit is left out without TC (RFC 2181 §9), required referral glue sets TC (RFC 9471).
 */
export function encodeBody(
  resolution: Resolution,
  questionOctets: number,
  limit: number,
  edns: boolean,
  dnssecOk = false,
): Body {
  let room = limit - HEADER_OCTETS - questionOctets - (edns ? OPT.length : 0);
  const pieces: Buffer[] = [];
  const counts = [0, 0, 0];
  let truncated = false;
  const sections = [resolution.answer, resolution.authority, resolution.additional];
  sections.forEach((parts, section) => {
    for (const part of parts) {
      if (truncated) return;
      if (part.wire.length > room) {
        if (section === 2 && !part.required) continue;
        truncated = true;
        return;
      }
      pieces.push(part.wire);
      room -= part.wire.length;
      counts[section]! += part.count;
    }
  });
  if (edns) {
    pieces.push(dnssecOk ? OPT_DO : OPT);
    counts[2]! += 1;
  }
  return {
    flags: (resolution.authoritative ? AA : 0) | (truncated ? TC : 0) | (resolution.rcode & 0xf),
    answers: counts[0]!,
    authorities: counts[1]!,
    additionals: counts[2]!,
    wire: pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces),
  };
}

/** A body with no records: an error code, and our OPT when the query spoke EDNS. */
export function emptyBody(rcode: number, edns: boolean, dnssecOk = false): Body {
  const opt = edns ? optRecord(rcode, dnssecOk) : undefined;
  return {
    flags: rcode & 0xf,
    answers: 0,
    authorities: 0,
    additionals: opt ? 1 : 0,
    wire: opt ?? Buffer.alloc(0),
  };
}

/** Header + question + body. The id, opcode and RD come from the query; RA is never set (no recursion). */
export function assemble(id: number, queryFlags: number, question: Buffer | null, body: Body): Buffer {
  const questionOctets = question ? question.length : 0;
  const message = Buffer.allocUnsafe(HEADER_OCTETS + questionOctets + body.wire.length);
  message.writeUInt16BE(id, 0);
  message.writeUInt16BE(0x8000 | (queryFlags & 0x7900) | body.flags, 2);
  message.writeUInt16BE(question ? 1 : 0, 4);
  message.writeUInt16BE(body.answers, 6);
  message.writeUInt16BE(body.authorities, 8);
  message.writeUInt16BE(body.additionals, 10);
  question?.copy(message, HEADER_OCTETS);
  body.wire.copy(message, HEADER_OCTETS + questionOctets);
  return message;
}
