// Turns one published record (the canonical presentation of src/contract/domains.ts) into its wire rdata.
import { isIPv4, isIPv6 } from 'node:net';
import dnsPacket from 'dns-packet';
import { splitTxt } from '@/domain/dns/txt';
import type { PublishedRecord } from '../drivers/dns/dns-driver';
import { encodeName, TYPE } from './names';

/** One record ready to serve: rdata starts with its 2-octet length, as it sits in a resource record. */
export interface EncodedRecord {
  type: number;
  ttl: number;
  rdata: Buffer;
  /** CNAME, NS, PTR, MX and SRV: the name it points at (lowercase, no trailing dot; '' for the root). */
  target: string | undefined;
}

export interface SoaFields {
  mname: string;
  rname: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
}

const MAX_TTL = 2_147_483_647;

/**
 * Encodes a record of the zone `zone`; the SOA's serial is replaced by `serial` (the zone's own, which
 * the domains service increases on every change). Throws an Error naming the record when the value
 * cannot be served, so publish() refuses the zone instead of answering garbage.
 */
export function encodeRecord(record: PublishedRecord, serial: number): EncodedRecord {
  const fail = (why: string): never => {
    throw new Error(`${record.type} record ${record.name} "${record.value}": ${why}`);
  };
  if (!Number.isInteger(record.ttl) || record.ttl < 0 || record.ttl > MAX_TTL) fail('ttl out of range');
  const value = record.value.trim();
  let target: string | undefined;
  let answer: dnsPacket.Answer;
  switch (record.type) {
    case 'A':
      if (!isIPv4(value)) fail('not an IPv4 address');
      answer = { type: 'A', name: '.', data: value };
      break;
    case 'AAAA':
      if (!isIPv6(value) || value.includes('%')) fail('not an IPv6 address');
      answer = { type: 'AAAA', name: '.', data: value };
      break;
    case 'CNAME':
    case 'NS':
    case 'PTR':
      target = hostName(value, fail);
      answer = { type: record.type, name: '.', data: target || '.' };
      break;
    case 'MX':
      target = hostName(value, fail);
      answer = {
        type: 'MX',
        name: '.',
        data: { preference: uint16(record.priority, fail), exchange: target },
      };
      break;
    case 'SRV':
      target = hostName(value, fail);
      answer = {
        type: 'SRV',
        name: '.',
        data: {
          priority: uint16(record.priority, fail),
          weight: uint16(record.weight, fail),
          port: uint16(record.port, fail),
          target,
        },
      };
      break;
    case 'TXT':
      // The record's own text, not trimmed: leading and trailing spaces are part of it. Split as the
      // shared module splits it (≤ 255 octets, never inside a character), like zone files and PowerDNS get it.
      answer = { type: 'TXT', name: '.', data: splitTxt(record.value).map((text) => Buffer.from(text)) };
      break;
    case 'CAA': {
      const caa = parseCaa(value) ?? fail('not `flag tag "value"`');
      answer = { type: 'CAA', name: '.', data: caa as dnsPacket.CaaData };
      break;
    }
    case 'SOA': {
      const soa = parseSoa(value) ?? fail('not `mname rname serial refresh retry expire minimum`');
      hostName(soa.mname, fail);
      hostName(soa.rname, fail);
      answer = { type: 'SOA', name: '.', data: { ...soa, serial: serial >>> 0 } };
      break;
    }
    default:
      return fail('type not served');
  }
  return { type: TYPE[record.type], ttl: record.ttl, rdata: rdataOf(answer), target };
}

/** The rdata (with its length) of a record, as dns-packet encodes it, owner name and header stripped. */
function rdataOf(answer: dnsPacket.Answer): Buffer {
  const message = dnsPacket.encode({ type: 'response', answers: [answer] });
  // 12 octets of header, 1 for the root owner name, then type, class and ttl (8).
  return Buffer.from(message.subarray(12 + 1 + 8));
}

function hostName(value: string, fail: (why: string) => never): string {
  const name = value.toLowerCase().replace(/\.$/, '');
  if (/\s/.test(name)) fail('not a host name');
  try {
    encodeName(name);
  } catch (error) {
    fail((error as Error).message);
  }
  return name;
}

function uint16(value: number | null, fail: (why: string) => never): number {
  if (value === null || !Number.isInteger(value) || value < 0 || value > 65_535) fail('0 to 65535 expected');
  return value as number;
}

/** `0 issue "letsencrypt.org"` → its parts; `\"` and `\\` inside the quotes stand for themselves. */
export function parseCaa(value: string): { flags: number; tag: string; value: string } | undefined {
  const match = /^(\d{1,3})\s+([A-Za-z0-9]{1,255})\s+"((?:[^"\\]|\\.)*)"$/s.exec(value);
  if (!match) return undefined;
  const flags = Number(match[1]);
  if (flags > 255) return undefined;
  return { flags, tag: match[2]!, value: match[3]!.replace(/\\(.)/gs, '$1') };
}

export function parseSoa(value: string): SoaFields | undefined {
  const parts = value.split(/\s+/);
  if (parts.length !== 7) return undefined;
  const [mname, rname, ...numbers] = parts as [string, string, ...string[]];
  if (!numbers.every((part) => /^\d{1,10}$/.test(part) && Number(part) <= 0xffffffff)) return undefined;
  const [serial, refresh, retry, expire, minimum] = numbers.map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { mname, rname, serial, refresh, retry, expire, minimum };
}
