// A record survives console → canonical storage → DNS wire → parse unchanged: records typed as people
// type them are made canonical by the shared module (src/domain/dns checkRecord), published to the
// embedded server, asked for over real UDP (TCP when truncated) and decoded back to the canonical form.
import type dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecordInput } from '@/contract/domains';
import { absoluteName, type CanonicalRecord, canonicalIpv6, checkRecord, quoteTxt } from '@/domain/dns';
import { type DnsMessage, queryDns } from '../../../server/dns/client';
import type { PublishedRecord } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';

const HOST = '127.0.0.1';
const ZONE = 'prop.example';
const SOA: PublishedRecord = {
  name: '@',
  type: 'SOA',
  value: `ns1.${ZONE} hostmaster.${ZONE} 1 7200 900 1209600 300`,
  ttl: 3600,
  priority: null,
  weight: null,
  port: null,
};

let driver: EmbeddedDnsDriver;
let serial = 1;

beforeAll(async () => {
  driver = await createEmbeddedDnsDriver({ host: HOST, port: 0, logger: createLogger('silent') });
});

afterAll(async () => {
  await driver.close();
});

// ── What people type ─────────────────────────────────────────────────────────────────────────────────

const anyCase = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.boolean()).map(([value, upper]) => (upper ? value.toUpperCase() : value));
const ldh = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
const shortLdh = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const underscore = fc.stringMatching(/^_[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const tld = fc.stringMatching(/^[a-z]{2,8}$/);
const host = anyCase(
  fc
    .tuple(fc.array(ldh, { minLength: 1, maxLength: 3 }), tld, fc.boolean())
    .map(([labels, top, dot]) => `${[...labels, top].join('.')}${dot ? '.' : ''}`),
);
/** A hostname inside the zone, typed relative or fully qualified. */
const nameOf = (first: fc.Arbitrary<string>, rest = fc.array(ldh, { maxLength: 2 })) =>
  anyCase(
    fc
      .tuple(first, rest, fc.boolean())
      .map(([head, tail, full]) => `${[head, ...tail].join('.')}${full ? `.${ZONE}.` : ''}`),
  );
const plainName = nameOf(ldh);
const wildcardName = nameOf(fc.constant('*'));
const apexOrName = fc.oneof(fc.constant('@'), plainName);
const u16 = fc.integer({ min: 0, max: 65_535 });
const ttl = fc.integer({ min: 60, max: 604_800 });

const text = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 1_200 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }),
);

const input = (
  type: DnsRecordInput['type'],
  name: fc.Arbitrary<string>,
  value: fc.Arbitrary<string>,
  numbers: Partial<Record<'priority' | 'weight' | 'port', fc.Arbitrary<number | string>>> = {},
): fc.Arbitrary<DnsRecordInput> =>
  fc.record({ type: fc.constant(type), name, value, ttl, ...numbers }) as fc.Arbitrary<DnsRecordInput>;

const typedRecord: fc.Arbitrary<DnsRecordInput> = fc.oneof(
  input('A', fc.oneof(apexOrName, wildcardName), fc.ipV4()),
  input('AAAA', fc.oneof(apexOrName, wildcardName), anyCase(fc.ipV6())),
  input('CNAME', fc.oneof(plainName, wildcardName, nameOf(underscore)), host),
  input('NS', plainName, host),
  input('MX', fc.oneof(apexOrName, wildcardName), host, { priority: u16 }),
  input('MX', apexOrName, fc.constant('.'), { priority: fc.constant(0) }),
  input(
    'SRV',
    nameOf(
      underscore,
      fc.tuple(underscore).map((labels) => labels),
    ),
    fc.oneof(host, fc.constant('.')),
    {
      priority: u16,
      weight: u16,
      port: u16,
    },
  ),
  // Typed plain (trimmed, taken literally) or quoted (kept exactly, escapes and outer spaces included).
  input('TXT', fc.oneof(apexOrName, nameOf(underscore)), text),
  input('TXT', fc.oneof(apexOrName, wildcardName), text.map(quoteTxt)),
  input(
    'CAA',
    apexOrName,
    fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 255 }), fc.constantFrom('issue', 'issuewild', 'ISSUE'), host)
        .map(([flag, tag, ca]) => `${flag} ${tag} "${ca.replace(/\.$/, '')}"`),
      fc.integer({ min: 0, max: 255 }).map((flag) => `${flag} issue ";"`),
      fc
        .tuple(shortLdh, host)
        .map(([user, domain]) => `0 iodef "mailto:${user}@${domain.replace(/\.$/, '')}"`),
    ),
  ),
);

// ── What the wire says, read back into the canonical form ───────────────────────────────────────────

type Decoded = Omit<CanonicalRecord, 'type'> & { type: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

function fromWire(answer: dnsPacket.Answer): Decoded {
  const owner = answer.name.toLowerCase();
  const name = owner === ZONE ? '@' : owner.slice(0, -(ZONE.length + 1));
  const base = {
    type: answer.type,
    name,
    ttl: (answer as { ttl: number }).ttl,
    priority: null,
    weight: null,
    port: null,
  };
  const target = (value: string) => (value === '.' || value === '' ? '.' : value);
  switch (answer.type) {
    case 'A':
    case 'CNAME':
    case 'NS':
      return { ...base, value: target(answer.data) };
    case 'AAAA':
      return { ...base, value: canonicalIpv6(answer.data) ?? `not IPv6: ${answer.data}` };
    case 'MX':
      return { ...base, value: target(answer.data.exchange), priority: answer.data.preference ?? 0 };
    case 'SRV':
      return {
        ...base,
        value: target(answer.data.target),
        priority: answer.data.priority ?? 0,
        weight: answer.data.weight ?? 0,
        port: answer.data.port ?? 0,
      };
    case 'TXT': {
      const strings = (Array.isArray(answer.data) ? answer.data : [answer.data]).map((item) =>
        Buffer.from(item),
      );
      // Each string at most 255 octets and readable on its own (never cut inside a character).
      for (const item of strings) {
        expect(item.length).toBeLessThanOrEqual(255);
        decoder.decode(item);
      }
      return { ...base, value: Buffer.concat(strings).toString('utf8') };
    }
    case 'CAA':
      return { ...base, value: `${answer.data.flags ?? 0} ${answer.data.tag} "${answer.data.value}"` };
    default:
      throw new Error(`unexpected ${answer.type} record`);
  }
}

/** Asks over UDP with EDNS, and again over TCP when the answer comes back truncated, as a resolver does. */
async function ask(name: string, type: dnsPacket.RecordType): Promise<DnsMessage> {
  const udp = await queryDns({ host: HOST, port: driver.address.udp, name, type, edns: 1232 });
  if (!udp.flag_tc) return udp;
  return queryDns({ host: HOST, port: driver.address.tcp, name, type, transport: 'tcp' });
}

const key = (record: Decoded) =>
  JSON.stringify([
    record.type,
    record.name,
    record.value,
    record.ttl,
    record.priority,
    record.weight,
    record.port,
  ]);

function published(record: CanonicalRecord): PublishedRecord {
  return { ...record };
}

describe('console → storage → wire → parse', () => {
  it('gives back every record exactly as stored', async () => {
    await fc.assert(
      fc.asyncProperty(typedRecord, async (typed) => {
        const checked = checkRecord(typed, ZONE);
        fc.pre(checked.ok);
        const record = (checked as { ok: true; record: CanonicalRecord }).record;
        await driver.publish({ name: ZONE, serial: ++serial, records: [SOA, published(record)] });
        const answer = await ask(absoluteName(record.name, ZONE), record.type);
        expect(answer.rcode).toBe('NOERROR');
        // NS below the apex delegates: the records come back in a referral's authority section.
        const section = record.type === 'NS' ? answer.authorities : answer.answers;
        expect(answer.flag_aa).toBe(record.type !== 'NS');
        expect((section ?? []).map(fromWire)).toEqual([record]);
      }),
      { numRuns: 600 },
    );
  });

  it('gives back whole RRsets when many records share names, each set with one ttl (the smallest)', async () => {
    const names = ['@', 'www', '*', 'mail.internal'];
    const shared = fc.constantFrom(...names);
    const mixed = fc.oneof(
      input('A', shared, fc.ipV4()),
      input('AAAA', shared, fc.ipV6()),
      input('TXT', shared, text.map(quoteTxt)),
      input('MX', shared, host, { priority: u16 }),
      input('CAA', shared, fc.constantFrom('0 issue "letsencrypt.org"', '128 issuewild ";"')),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(mixed, { minLength: 1, maxLength: 30 }), async (typedRecords) => {
        const records = typedRecords
          .map((typed) => checkRecord(typed, ZONE))
          .filter((checked) => checked.ok)
          .map((checked) => (checked as { ok: true; record: CanonicalRecord }).record);
        await driver.publish({ name: ZONE, serial: ++serial, records: [SOA, ...records.map(published)] });
        const groups = new Map<string, CanonicalRecord[]>();
        for (const record of records) {
          const key = `${record.name} ${record.type}`;
          groups.set(key, [...(groups.get(key) ?? []), record]);
        }
        for (const group of groups.values()) {
          const { name, type } = group[0]!;
          const smallest = Math.min(...group.map((record) => record.ttl));
          const expected = new Set(group.map((record) => key({ ...record, ttl: smallest })));
          const answer = await ask(absoluteName(name, ZONE), type);
          const got = (answer.answers ?? []).map(fromWire).map(key);
          expect(got.sort()).toEqual([...expected].sort());
        }
      }),
      { numRuns: 100 },
    );
  });
});
