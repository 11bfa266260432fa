// The embedded DNS server answers as an authoritative server must: asked over real UDP and TCP sockets.
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsQuestion, decodeMessage, exchangeUdp, queryDns } from '../../../server/dns/client';
import type { PublishedRecord, PublishedZone } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';

const HOST = '127.0.0.1';

function record(
  name: string,
  type: PublishedRecord['type'],
  value: string,
  extra: Partial<PublishedRecord> = {},
) {
  return { name, type, value, ttl: 3600, priority: null, weight: null, port: null, ...extra };
}

const bigTexts = Array.from({ length: 8 }, (_, index) => `${index}`.padEnd(100, 'x'));

const EXAMPLE: PublishedZone = {
  name: 'example.com',
  serial: 2024010101,
  records: [
    record('@', 'SOA', 'ns1.example.com hostmaster.example.com 1 7200 900 1209600 300'),
    record('@', 'NS', 'ns1.example.com'),
    record('@', 'NS', 'ns2.example.net'),
    record('ns1', 'A', '127.0.0.53'),
    record('ns1', 'AAAA', '2001:db8::53'),
    record('www', 'A', '192.0.2.10', { ttl: 1800 }),
    record('www', 'A', '192.0.2.11', { ttl: 1800 }),
    record('@', 'MX', 'mail.example.com', { priority: 10 }),
    record('mail', 'A', '192.0.2.25'),
    record('_sip._tcp', 'SRV', 'sip.example.com', { priority: 10, weight: 5, port: 5060 }),
    record('sip', 'A', '192.0.2.60'),
    record('@', 'CAA', '0 issue "letsencrypt.org"'),
    record('alias', 'CNAME', 'www.example.com'),
    record('chain', 'CNAME', 'alias.example.com'),
    record('loop1', 'CNAME', 'loop2.example.com'),
    record('loop2', 'CNAME', 'loop1.example.com'),
    record('elsewhere', 'CNAME', 'www.example.org'),
    record('dangling', 'CNAME', 'nothing.example.com'),
    record('*.dev', 'TXT', 'wildcard'),
    record('exists.dev', 'A', '192.0.2.70'),
    record('*.apps', 'CNAME', 'www.example.com'),
    record('a.b.ent', 'A', '192.0.2.90'),
    record('sub', 'NS', 'ns.sub.example.com'),
    record('ns.sub', 'A', '192.0.2.80'),
    ...bigTexts.map((text) => record('big', 'TXT', text)),
    record('tobig', 'CNAME', 'big.example.com'),
  ],
};

/** A zone of its own below example.com (not delegated there): its own answers win. */
const CHILD: PublishedZone = {
  name: 'child.example.com',
  serial: 7,
  records: [
    // SOA ttl below the minimum: the negative ttl is the smaller of the two.
    record('@', 'SOA', 'ns1.example.com hostmaster.example.com 1 7200 900 1209600 600', { ttl: 120 }),
    record('@', 'NS', 'ns1.example.com'),
    record('www', 'A', '198.51.100.7'),
  ],
};

let driver: EmbeddedDnsDriver;

beforeAll(async () => {
  driver = await createEmbeddedDnsDriver({ host: HOST, port: 0, logger: createLogger('silent') });
  await driver.syncAll([EXAMPLE, CHILD]);
});

afterAll(async () => {
  await driver.close();
});

function ask(name: string, type: DnsQuestion['type'], options: { tcp?: boolean; edns?: number } = {}) {
  return queryDns({
    host: HOST,
    port: options.tcp ? driver.address.tcp : driver.address.udp,
    name,
    type,
    transport: options.tcp ? 'tcp' : 'udp',
    edns: options.edns ?? false,
    recursionDesired: true,
  });
}

const data = (records: dnsPacket.Answer[] | undefined, type?: string) =>
  (records ?? [])
    .filter((answer) => !type || answer.type === type)
    .map((answer) => ('data' in answer ? answer.data : undefined));

const ttlOf = (answer: dnsPacket.Answer | undefined) => (answer as { ttl?: number } | undefined)?.ttl;

const summary = (records: dnsPacket.Answer[] | undefined) =>
  (records ?? []).filter((answer) => answer.type !== 'OPT').map((answer) => `${answer.name} ${answer.type}`);

describe('authoritative answers', () => {
  it('answers with AA, echoes the question as asked and RD, never offers recursion', async () => {
    const answer = await ask('WwW.ExAmPlE.cOm', 'A');
    expect(answer.rcode).toBe('NOERROR');
    expect(answer.flag_aa).toBe(true);
    expect(answer.flag_rd).toBe(true);
    expect(answer.flag_ra).toBe(false);
    expect(answer.questions).toEqual([{ name: 'WwW.ExAmPlE.cOm', type: 'A', class: 'IN' }]);
    expect(data(answer.answers).sort()).toEqual(['192.0.2.10', '192.0.2.11']);
    expect(answer.answers?.every((item) => item.type === 'A' && ttlOf(item) === 1800)).toBe(true);
  });

  it('serves the SOA with the zone serial, and NS at the apex with in-zone glue', async () => {
    const soa = await ask('example.com', 'SOA');
    expect(data(soa.answers)).toEqual([
      {
        mname: 'ns1.example.com',
        rname: 'hostmaster.example.com',
        serial: 2024010101,
        refresh: 7200,
        retry: 900,
        expire: 1209600,
        minimum: 300,
      },
    ]);
    const ns = await ask('example.com', 'NS');
    expect(ns.flag_aa).toBe(true);
    expect(data(ns.answers).sort()).toEqual(['ns1.example.com', 'ns2.example.net']);
    expect(summary(ns.additionals).sort()).toEqual(['ns1.example.com A', 'ns1.example.com AAAA']);
  });

  it('adds the addresses of MX and SRV targets that live in the zone', async () => {
    const mx = await ask('example.com', 'MX');
    expect(data(mx.answers)).toEqual([{ preference: 10, exchange: 'mail.example.com' }]);
    expect(data(mx.additionals, 'A')).toEqual(['192.0.2.25']);
    const srv = await ask('_sip._tcp.example.com', 'SRV');
    expect(data(srv.answers)).toEqual([{ priority: 10, weight: 5, port: 5060, target: 'sip.example.com' }]);
    expect(data(srv.additionals, 'A')).toEqual(['192.0.2.60']);
    const caa = await ask('example.com', 'CAA');
    expect(data(caa.answers)).toEqual([
      { flags: 0, tag: 'issue', value: 'letsencrypt.org', issuerCritical: false },
    ]);
  });

  it('says NXDOMAIN and NODATA with the SOA, its ttl the smaller of the SOA ttl and minimum', async () => {
    const missing = await ask('nowhere.example.com', 'A');
    expect(missing.rcode).toBe('NXDOMAIN');
    expect(missing.flag_aa).toBe(true);
    expect(missing.answers).toEqual([]);
    expect(summary(missing.authorities)).toEqual(['example.com SOA']);
    expect(ttlOf(missing.authorities?.[0])).toBe(300);

    const nodata = await ask('www.example.com', 'AAAA');
    expect(nodata.rcode).toBe('NOERROR');
    expect(nodata.answers).toEqual([]);
    expect(summary(nodata.authorities)).toEqual(['example.com SOA']);

    const child = await ask('nowhere.child.example.com', 'A');
    expect(child.rcode).toBe('NXDOMAIN');
    expect(summary(child.authorities)).toEqual(['child.example.com SOA']);
    expect(ttlOf(child.authorities?.[0])).toBe(120);
  });

  it('refuses names outside its zones, without AA', async () => {
    for (const name of ['example.org', 'www.example.org', 'com', 'anotherexample.com']) {
      const answer = await ask(name, 'A');
      expect(answer.rcode, name).toBe('REFUSED');
      expect(answer.flag_aa).toBe(false);
      expect(answer.answers).toEqual([]);
    }
  });

  it('answers a name from the longest zone that holds it', async () => {
    const answer = await ask('www.child.example.com', 'A');
    expect(data(answer.answers)).toEqual(['198.51.100.7']);
    const apex = await ask('child.example.com', 'SOA');
    expect(apex.answers?.[0]).toMatchObject({ name: 'child.example.com', data: { serial: 7 } });
  });
});

describe('wildcards (RFC 4592)', () => {
  it('answers names below the wildcard’s parent that do not exist, at any depth, owned by the name asked', async () => {
    for (const name of ['a.dev.example.com', 'b.a.dev.example.com', 'UPPER.dev.example.com']) {
      const answer = await ask(name, 'TXT');
      expect(answer.rcode, name).toBe('NOERROR');
      expect(answer.flag_aa).toBe(true);
      expect(answer.answers).toHaveLength(1);
      expect(answer.answers?.[0]?.name).toBe(name.toLowerCase());
      expect(data(answer.answers).map((strings) => Buffer.concat(strings as Buffer[]).toString())).toEqual([
        'wildcard',
      ]);
    }
  });

  it('lets an existing name block the wildcard, and the wildcard itself be asked for', async () => {
    const blocked = await ask('exists.dev.example.com', 'TXT');
    expect(blocked.rcode).toBe('NOERROR');
    expect(blocked.answers).toEqual([]);
    expect(summary(blocked.authorities)).toEqual(['example.com SOA']);
    const literal = await ask('*.dev.example.com', 'TXT');
    expect(literal.answers?.[0]?.name).toBe('*.dev.example.com');
    const otherType = await ask('x.dev.example.com', 'A');
    expect(otherType.rcode).toBe('NOERROR');
    expect(otherType.answers).toEqual([]);
  });

  it('gives NODATA for empty non-terminals and NXDOMAIN below them', async () => {
    for (const name of ['dev.example.com', 'ent.example.com', 'b.ent.example.com']) {
      const answer = await ask(name, 'A');
      expect(answer.rcode, name).toBe('NOERROR');
      expect(answer.answers).toEqual([]);
      expect(summary(answer.authorities)).toEqual(['example.com SOA']);
    }
    const below = await ask('x.b.ent.example.com', 'A');
    expect(below.rcode).toBe('NXDOMAIN');
  });

  it('follows a CNAME synthesized from a wildcard', async () => {
    const answer = await ask('shop.apps.example.com', 'A');
    expect(summary(answer.answers)).toEqual([
      'shop.apps.example.com CNAME',
      'www.example.com A',
      'www.example.com A',
    ]);
  });
});

describe('CNAME', () => {
  it('follows a chain within the zone', async () => {
    const answer = await ask('chain.example.com', 'A');
    expect(answer.rcode).toBe('NOERROR');
    expect(summary(answer.answers)).toEqual([
      'chain.example.com CNAME',
      'alias.example.com CNAME',
      'www.example.com A',
      'www.example.com A',
    ]);
  });

  it('stops at a loop, at a target outside the zone, and reports a missing target as NXDOMAIN', async () => {
    const loop = await ask('loop1.example.com', 'A');
    expect(loop.rcode).toBe('NOERROR');
    expect(summary(loop.answers)).toEqual(['loop1.example.com CNAME', 'loop2.example.com CNAME']);

    const elsewhere = await ask('elsewhere.example.com', 'A');
    expect(summary(elsewhere.answers)).toEqual(['elsewhere.example.com CNAME']);
    expect(elsewhere.authorities).toEqual([]);

    const dangling = await ask('dangling.example.com', 'A');
    expect(dangling.rcode).toBe('NXDOMAIN');
    expect(summary(dangling.answers)).toEqual(['dangling.example.com CNAME']);
    expect(summary(dangling.authorities)).toEqual(['example.com SOA']);
  });

  it('answers the CNAME itself when it is what was asked for', async () => {
    const answer = await ask('chain.example.com', 'CNAME');
    expect(summary(answer.answers)).toEqual(['chain.example.com CNAME']);
  });
});

describe('delegations', () => {
  it('refers names at and below a delegation to its name servers, without AA, with glue', async () => {
    for (const name of ['sub.example.com', 'www.sub.example.com', 'ns.sub.example.com']) {
      const answer = await ask(name, 'A');
      expect(answer.rcode, name).toBe('NOERROR');
      expect(answer.flag_aa).toBe(false);
      expect(answer.answers).toEqual([]);
      expect(summary(answer.authorities)).toEqual(['sub.example.com NS']);
      expect(data(answer.additionals, 'A')).toEqual(['192.0.2.80']);
    }
  });

  it('answers DS at the delegation point itself, as the parent side', async () => {
    const answer = await ask('sub.example.com', 'DS');
    expect(answer.flag_aa).toBe(true);
    expect(answer.answers).toEqual([]);
    expect(summary(answer.authorities)).toEqual(['example.com SOA']);
  });
});

describe('ANY (RFC 8482)', () => {
  it('answers one RRset over UDP and every RRset over TCP', async () => {
    const udp = await ask('example.com', 'ANY');
    expect(udp.flag_aa).toBe(true);
    expect(summary(udp.answers)).toEqual(['example.com MX']);
    const tcp = await ask('example.com', 'ANY', { tcp: true });
    expect(new Set(summary(tcp.answers))).toEqual(
      new Set(['example.com SOA', 'example.com NS', 'example.com MX', 'example.com CAA']),
    );
    const empty = await ask('ent.example.com', 'ANY');
    expect(empty.answers).toEqual([]);
    expect(summary(empty.authorities)).toEqual(['example.com SOA']);
  });
});

describe('sizes', () => {
  it('truncates a UDP answer over 512 octets without EDNS, so the client asks again over TCP', async () => {
    const udp = await queryRaw('big.example.com', 'TXT');
    expect(udp.length).toBeLessThanOrEqual(512);
    const decoded = decodeMessage(udp);
    expect(decoded.flag_tc).toBe(true);
    expect(decoded.flag_aa).toBe(true);
    expect(decoded.answers).toEqual([]);

    const tcp = await ask('big.example.com', 'TXT', { tcp: true });
    expect(tcp.flag_tc).toBe(false);
    expect(tcp.answers).toHaveLength(8);
  });

  it('cuts a truncated answer between RRsets', async () => {
    const decoded = decodeMessage(await queryRaw('tobig.example.com', 'TXT'));
    expect(decoded.flag_tc).toBe(true);
    expect(summary(decoded.answers)).toEqual(['tobig.example.com CNAME']);
  });

  it('honours an EDNS payload up to 1232 and says 1232 in its own OPT', async () => {
    const edns = await ask('big.example.com', 'TXT', { edns: 4096 });
    expect(edns.flag_tc).toBe(false);
    expect(edns.answers).toHaveLength(8);
    expect(edns.additionals).toEqual([expect.objectContaining({ type: 'OPT', udpPayloadSize: 1232 })]);

    const small = await ask('big.example.com', 'TXT', { edns: 600 });
    expect(small.flag_tc).toBe(true);
    expect(small.additionals).toEqual([expect.objectContaining({ type: 'OPT', udpPayloadSize: 1232 })]);
    // A payload under 512 counts as 512 (RFC 6891 §6.2.5); this answer fits there.
    const tiny = await ask('www.example.com', 'A', { edns: 100 });
    expect(tiny.flag_tc).toBe(false);
    expect(tiny.answers).toHaveLength(2);
  });
});

function queryRaw(name: string, type: dnsPacket.RecordType): Promise<Buffer> {
  const message = dnsPacket.encode({ type: 'query', id: 42, questions: [{ name, type, class: 'IN' }] });
  return exchangeUdp(HOST, driver.address.udp, message);
}
