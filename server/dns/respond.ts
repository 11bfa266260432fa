// Turns one query message into its response bytes (or null to stay silent): checks, zone selection,
// resolution, and a cache of encoded answers per zone version so a repeated question is a map lookup.
import type { Logger } from '../logger';
import { resolve } from './answer';
import {
  assemble,
  type Body,
  CLASSIC_UDP_LIMIT,
  EDNS_PAYLOAD,
  emptyBody,
  encodeBody,
  TCP_LIMIT,
} from './message';
import { CLASS_IN, RCODE, TYPE } from './names';
import { parseQuery, type Query } from './query';
import { fullRecords, incrementalRecords, packMessages, type TransferHistory, zoneRecords } from './transfer';
import { type TsigKey, TsigSigner, tsigError, verifyRequest } from './tsig';
import type { ZoneTable } from './zone-index';

export type Transport = 'udp' | 'tcp';

/** Who may transfer zones: the secondaries' addresses, each request signed with one of the TSIG keys. */
export interface TransferPolicy {
  allowed: ReadonlySet<string>;
  keys: TsigKey[];
  history: TransferHistory;
}

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is `192.0.2.1`. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** RFC 6891 §9: an EDNS version we do not speak (we speak 0). */
const BADVERS = 16;

export interface ResponderOptions {
  zones: ZoneTable;
  logger: Logger;
  /** Encoded UDP answers kept (oldest out first); 0 turns the cache off. */
  cacheEntries?: number;
  /** Unset: no zone transfers at all, and every TSIG-signed query answers NOTAUTH (no key is known). */
  transfers?: TransferPolicy;
}

/** One message back, several (a zone transfer, over TCP only), or nothing. */
export interface Responder {
  (message: Buffer, transport: 'udp', from: string): Buffer | null;
  (message: Buffer, transport: Transport, from: string): Buffer | Buffer[] | null;
  /**
   * The UDP fast path for batches: when the query at source[start, start + length) was answered before,
   * writes that answer (with this query's id) at target[offset] and returns its length; 0 otherwise.
   */
  readyInto(source: Buffer, start: number, length: number, target: Buffer, offset: number): number;
}

/** Whole UDP answers kept by the exact octets of their query (id aside). */
const READY_ANSWERS = 50_000;

export function createResponder({
  zones,
  logger,
  cacheEntries = 20_000,
  transfers,
}: ResponderOptions): Responder {
  // The fast path: a UDP query whose octets after the id were seen before gets the same answer with its
  // own id, without being read again. Any change to any zone empties it, so a change is answered at once.
  const ready = new Map<string, Buffer>();
  let readyGeneration = zones.generation;
  const readyAnswer = (message: Buffer): Buffer | undefined => {
    if (zones.generation !== readyGeneration) {
      ready.clear();
      readyGeneration = zones.generation;
      return undefined;
    }
    const hit = ready.get(message.toString('latin1', 2));
    if (!hit) return undefined;
    const reply = Buffer.allocUnsafe(hit.length);
    hit.copy(reply);
    reply[0] = message[0]!;
    reply[1] = message[1]!;
    return reply;
  };
  const keepReady = (message: Buffer, reply: Buffer) => {
    if (ready.size >= READY_ANSWERS) ready.delete(ready.keys().next().value!);
    ready.set(message.toString('latin1', 2), Buffer.from(reply));
  };

  // Keys start with the zone index's version: a publish makes a new version, so stale answers are never hit.
  const cache = new Map<string, Body>();

  const respond = (message: Buffer, transport: Transport, from: string): Buffer | Buffer[] | null => {
    const parsed = parseQuery(message);
    if (parsed.kind === 'drop') {
      logger.debug({ from, transport, reason: parsed.reason }, 'dns: dropped a packet');
      return null;
    }
    if (parsed.kind === 'error') {
      logger.debug(
        { from, transport, reason: parsed.reason },
        'dns: answered an unusable query with an error',
      );
      return assemble(parsed.id, parsed.flags, null, emptyBody(parsed.rcode, false));
    }
    const query = parsed.query;
    const edns = query.edns !== null;
    const dnssecOk = query.edns?.dnssecOk === true;
    const refuse = (rcode: number) =>
      assemble(query.id, query.flags, query.question, emptyBody(rcode, edns, dnssecOk));
    // A signed request gets a signed answer; one we cannot verify gets NOTAUTH and the reason (RFC 8945 §5.2).
    let signer: TsigSigner | undefined;
    if (query.tsig) {
      const check = verifyRequest(message, query.tsig, transfers?.keys ?? [], Date.now());
      if (!check.ok) {
        logger.info(
          { from, key: query.tsig.keyName, error: check.error },
          'dns: refused a request with a bad TSIG',
        );
        return tsigError(refuse(RCODE.NOTAUTH), check, Date.now());
      }
      signer = new TsigSigner(check.key, check.requestMac);
    }
    const signed = (reply: Buffer) => (signer ? signer.sign(reply) : reply);
    if (query.edns && query.edns.version > 0) return signed(refuse(BADVERS));
    if (query.qclass !== CLASS_IN) return signed(refuse(RCODE.REFUSED));
    if (query.qtype === TYPE.AXFR || query.qtype === TYPE.IXFR) {
      // Only our secondaries, and only with the key: anyone else could copy every zone.
      if (!transfers || !signer || !transfers.allowed.has(plainAddress(from))) {
        logger.info({ from, zone: query.qname, signed: Boolean(signer) }, 'dns: refused a zone transfer');
        return signed(refuse(RCODE.REFUSED));
      }
      const zone = zones.get(query.qname);
      if (!zone) return signed(refuse(RCODE.NOTAUTH));
      // Over UDP an IXFR gets the current SOA alone: the client comes back over TCP (RFC 1995 §2).
      if (transport === 'udp') {
        if (query.qtype === TYPE.AXFR) return signed(refuse(RCODE.REFUSED));
        return signed(packMessages(query.id, query.flags, query.question, [zoneRecords(zone).soa])[0]!);
      }
      const records =
        (query.qtype === TYPE.IXFR && query.clientSerial !== null
          ? incrementalRecords(zone, transfers.history.of(zone.name), query.clientSerial)
          : undefined) ?? fullRecords(zone);
      logger.info(
        {
          from,
          zone: zone.name,
          serial: zone.serial,
          type: query.qtype === TYPE.IXFR ? 'IXFR' : 'AXFR',
          records: records.length,
        },
        'dns: zone transfer',
      );
      return packMessages(query.id, query.flags, query.question, records).map((reply) => signer!.sign(reply));
    }
    const zone = zones.find(query.qname);
    if (!zone) return signed(refuse(RCODE.REFUSED));

    const limit =
      transport === 'tcp'
        ? TCP_LIMIT
        : query.edns
          ? Math.min(Math.max(query.edns.payload, CLASSIC_UDP_LIMIT), EDNS_PAYLOAD)
          : CLASSIC_UDP_LIMIT;
    const key =
      transport === 'udp' && cacheEntries > 0 && !signer
        ? `${zone.version} ${query.qtype} ${limit} ${edns ? (dnssecOk ? 2 : 1) : 0} ${query.qname}`
        : undefined;
    let body = key === undefined ? undefined : cache.get(key);
    if (!body) {
      try {
        const resolution = resolve(zone, {
          qname: query.qname,
          qnameWire: lowercaseName(query),
          qtype: query.qtype,
          fullAny: transport === 'tcp',
          dnssec: dnssecOk,
        });
        body = encodeBody(resolution, query.question.length, limit, edns, dnssecOk);
      } catch (error) {
        // A bug, not bad input: answer SERVFAIL rather than fall silent, and say so loudly.
        logger.error({ err: error, qname: query.qname, qtype: query.qtype }, 'dns: failed to answer a query');
        return signed(refuse(RCODE.SERVFAIL));
      }
      if (key !== undefined) {
        if (cache.size >= cacheEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, body);
      }
    }
    const reply = assemble(query.id, query.flags, query.question, body);
    if (key !== undefined && message.length >= 12) keepReady(message, reply);
    return signed(reply);
  };
  const responder = ((message: Buffer, transport: Transport, from: string) => {
    if (transport === 'udp' && cacheEntries > 0 && message.length >= 12) {
      const reply = readyAnswer(message);
      if (reply) return reply;
    }
    return respond(message, transport, from);
  }) as Responder;
  responder.readyInto = (source, start, length, target, offset) => {
    if (cacheEntries === 0 || length < 12) return 0;
    if (zones.generation !== readyGeneration) {
      ready.clear();
      readyGeneration = zones.generation;
      return 0;
    }
    const hit = ready.get(source.toString('latin1', start + 2, start + length));
    if (!hit || offset + hit.length > target.length) return 0;
    hit.copy(target, offset);
    target[offset] = source[start]!;
    target[offset + 1] = source[start + 1]!;
    return hit.length;
  };
  return responder;
}

/** The question's name on the wire with ASCII letters lowercased (length octets are never letters). */
function lowercaseName(query: Query): Buffer {
  const wire = Buffer.from(query.question.subarray(0, query.question.length - 4));
  for (let index = 0; index < wire.length; index++) {
    const octet = wire[index]!;
    if (octet >= 0x41 && octet <= 0x5a) wire[index] = octet | 0x20;
  }
  return wire;
}
