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
import type { ZoneTable } from './zone-index';

export type Transport = 'udp' | 'tcp';

/** RFC 6891 §9: an EDNS version we do not speak (we speak 0). */
const BADVERS = 16;

export interface ResponderOptions {
  zones: ZoneTable;
  logger: Logger;
  /** Encoded UDP answers kept (oldest out first); 0 turns the cache off. */
  cacheEntries?: number;
}

export type Responder = (message: Buffer, transport: Transport, from: string) => Buffer | null;

export function createResponder({ zones, logger, cacheEntries = 20_000 }: ResponderOptions): Responder {
  // Keys start with the zone index's version: a publish makes a new version, so stale answers are never hit.
  const cache = new Map<string, Body>();

  return (message, transport, from) => {
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
    if (query.edns && query.edns.version > 0) return refuse(BADVERS);
    if (query.qclass !== CLASS_IN) return refuse(RCODE.REFUSED);
    // Zone transfers are not offered: secondaries are not part of this server's job.
    if (query.qtype === TYPE.AXFR || query.qtype === TYPE.IXFR) return refuse(RCODE.REFUSED);
    const zone = zones.find(query.qname);
    if (!zone) return refuse(RCODE.REFUSED);

    const limit =
      transport === 'tcp'
        ? TCP_LIMIT
        : query.edns
          ? Math.min(Math.max(query.edns.payload, CLASSIC_UDP_LIMIT), EDNS_PAYLOAD)
          : CLASSIC_UDP_LIMIT;
    const key =
      transport === 'udp' && cacheEntries > 0
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
        return refuse(RCODE.SERVFAIL);
      }
      if (key !== undefined) {
        if (cache.size >= cacheEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, body);
      }
    }
    return assemble(query.id, query.flags, query.question, body);
  };
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
