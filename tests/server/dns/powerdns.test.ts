// The PowerDNS adapter against a real PowerDNS (Debian's pdns_server with the SQLite backend): what is
// published through the HTTP API is what PowerDNS then answers over UDP and TCP.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type dnsPacket from 'dns-packet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reverseZoneKeys } from '../../../server/computes/reverse-dns-keys';
import { type DnsMessage, queryDns } from '../../../server/dns/client';
import {
  dsOf,
  generateZoneKeyMaterial,
  presentDnskey,
  presentDs,
  type ZoneKey,
  zoneKeyFrom,
} from '../../../server/dns/dnssec/keys';
import type { DnsDriver, PublishedRecord, PublishedZone } from '../../../server/drivers/dns/dns-driver';
import { createPowerDnsDriver, POWERDNS_ACCOUNT } from '../../../server/drivers/dns/powerdns';
import { createLogger } from '../../../server/logger';
import { absoluteOwner, expectedData, presentData, presentRecord } from '../../support/dns-answers';
import { delv, trustAnchorFile } from '../../support/dns-tools';
import { type PowerDns, startPowerDns } from '../../support/powerdns';

const logger = createLogger('silent');

function record(
  name: string,
  type: PublishedRecord['type'],
  value: string,
  extra: Partial<PublishedRecord> = {},
): PublishedRecord {
  return { name, type, value, ttl: 3600, priority: null, weight: null, port: null, ...extra };
}

const ZONE = 'pdns-adapter.test';
const LONG_TXT = `v=test1; "quoted" and a back\\slash; ${'0123456789'.repeat(30)}; end`;

const FIRST: PublishedZone = {
  name: ZONE,
  serial: 2024061501,
  records: [
    // The serial written here is the stored SOA's; the zone's own `serial` is the one that must be served.
    record('@', 'SOA', `ns1.${ZONE} hostmaster.${ZONE} 1 7200 900 1209600 300`),
    record('@', 'NS', `ns1.${ZONE}`),
    record('@', 'NS', 'ns2.example.net'),
    record('ns1', 'A', '127.0.0.53'),
    record('@', 'A', '192.0.2.1', { ttl: 1800 }),
    record('@', 'AAAA', '2001:db8::1'),
    record('www', 'A', '192.0.2.10'),
    record('www', 'A', '192.0.2.11'),
    record('www', 'AAAA', '2001:db8:0:1::10'),
    record('alias', 'CNAME', `www.${ZONE}`),
    record('@', 'MX', `mail.${ZONE}`, { priority: 10 }),
    record('@', 'MX', 'backup.example.net', { priority: 20 }),
    record('mail', 'A', '192.0.2.25'),
    record('@', 'TXT', 'v=spf1 mx -all'),
    record('long', 'TXT', LONG_TXT),
    record('long', 'TXT', 'café ✓ – ünïcode'),
    record('_dmarc', 'TXT', 'v=DMARC1; p=none'),
    record('_acme-challenge', 'TXT', 'challenge-token-1'),
    record('_sip._tcp', 'SRV', `sip.${ZONE}`, { priority: 10, weight: 5, port: 5060 }),
    record('sip', 'A', '192.0.2.60'),
    record('@', 'CAA', '0 issue "letsencrypt.org"'),
    record('@', 'CAA', '0 issuewild ";"'),
    record('@', 'CAA', '128 iodef "mailto:security@example.com"'),
    record('*.apps', 'A', '192.0.2.100'),
    record('swap', 'A', '192.0.2.70'),
    // A delegation to another server, with glue for its in-zone name server.
    record('sub', 'NS', `ns.sub.${ZONE}`),
    record('ns.sub', 'A', '192.0.2.80'),
  ],
};

/** What PowerDNS must answer authoritatively: everything except the delegation and its glue. */
const authoritative = (zone: PublishedZone) =>
  zone.records.filter((item) => item.name !== 'sub' && item.name !== 'ns.sub');

let pdns: PowerDns;
let driver: DnsDriver;
/** The zone as last published by the tests, which build on each other. */
let published: PublishedZone = FIRST;

function ask(
  name: string,
  type: dnsPacket.RecordType,
  transport: 'udp' | 'tcp' = 'udp',
): Promise<DnsMessage> {
  return queryDns({ host: pdns.host, port: pdns.dnsPort, name, type, transport, edns: 1232 });
}

/** The answer section as `name type ttl value` lines, sorted (an RRset has no order). */
const answerSet = (message: DnsMessage) => (message.answers ?? []).map(presentRecord).sort();

/** What the zone says name/type must answer, in the same form. */
function publishedSet(zone: PublishedZone, owner: string, type: string): string[] {
  const records = zone.records.filter(
    (item) => absoluteOwner(item, zone.name) === owner && item.type === type,
  );
  const ttl = Math.min(...records.map((item) => item.ttl));
  return records.map((item) => `${owner} ${type} ${ttl} ${expectedData(item, zone.serial)}`).sort();
}

async function soaSerial(zone: string): Promise<number | undefined> {
  const answer = await ask(zone, 'SOA');
  return (answer.answers?.[0] as { data?: { serial?: number } } | undefined)?.data?.serial;
}

describe('the PowerDNS adapter', () => {
  let notStarted: unknown;

  beforeAll(async () => {
    try {
      pdns = await startPowerDns();
      driver = createPowerDnsDriver({ url: pdns.url, apiKey: pdns.apiKey, logger });
    } catch (error) {
      notStarted = error;
    }
  });

  // Each test fails with the reason (the command that installs PowerDNS), where a failing beforeAll
  // would only mark them skipped.
  beforeEach(() => {
    if (notStarted) throw notStarted;
  });

  afterAll(async () => {
    await driver?.close();
    await pdns?.stop();
  });

  it('says what it is and where', () => {
    expect(driver.info).toEqual({ kind: 'powerdns', endpoint: pdns.url });
  });

  it('publishes a zone with every record type, answered over UDP and TCP as published', async () => {
    await driver.publish(FIRST);

    const rrsets = new Map<string, { owner: string; type: PublishedRecord['type'] }>();
    for (const item of authoritative(FIRST)) {
      const owner = absoluteOwner(item, FIRST.name);
      rrsets.set(`${owner} ${item.type}`, { owner, type: item.type });
    }
    for (const { owner, type } of rrsets.values()) {
      for (const transport of ['udp', 'tcp'] as const) {
        const answer = await ask(owner, type, transport);
        expect(answer.rcode, `${owner} ${type} over ${transport}`).toBe('NOERROR');
        expect(answer.flag_aa, `${owner} ${type} over ${transport}`).toBe(true);
        expect(answerSet(answer), `${owner} ${type} over ${transport}`).toEqual(
          publishedSet(FIRST, owner, type),
        );
      }
    }
  });

  it('splits a TXT over 255 octets into strings PowerDNS serves whole, quotes and backslashes included', async () => {
    const answer = await ask(`long.${ZONE}`, 'TXT', 'tcp');
    const long = answer.answers?.find(
      (item) => presentData('TXT', (item as { data: unknown }).data) === LONG_TXT,
    );
    const strings = (long as { data: Buffer[] } | undefined)?.data ?? [];
    expect(strings.map((part) => part.length)).toEqual([255, LONG_TXT.length - 255]);
  });

  it('answers a wildcard for the name asked and refers a delegated name to its servers with glue', async () => {
    const wildcard = await ask(`anything.apps.${ZONE}`, 'A');
    expect(answerSet(wildcard)).toEqual([`anything.apps.${ZONE} A 3600 192.0.2.100`]);

    const referral = await ask(`host.sub.${ZONE}`, 'A');
    expect(referral.rcode).toBe('NOERROR');
    expect(referral.flag_aa).toBe(false);
    expect(referral.answers).toEqual([]);
    expect((referral.authorities ?? []).map(presentRecord)).toEqual([`sub.${ZONE} NS 3600 ns.sub.${ZONE}`]);
    expect((referral.additionals ?? []).filter((item) => item.type !== 'OPT').map(presentRecord)).toEqual([
      `ns.sub.${ZONE} A 3600 192.0.2.80`,
    ]);
  });

  it('serves exactly the zone serial, whatever the stored SOA said', async () => {
    expect(await soaSerial(ZONE)).toBe(2024061501);
  });

  it('replaces the zone on a re-publish: changed records answer anew, removed ones are gone', async () => {
    const second: PublishedZone = {
      ...FIRST,
      serial: FIRST.serial + 1,
      records: [
        ...FIRST.records.filter(
          (item) =>
            !(item.name === '@' && item.type === 'A') &&
            item.name !== '_acme-challenge' &&
            item.name !== 'swap',
        ),
        record('@', 'A', '192.0.2.2', { ttl: 1800 }),
        // An A RRset becomes a CNAME at the same name: the A must go before the CNAME can come.
        record('swap', 'CNAME', `www.${ZONE}`),
      ],
    };
    await driver.publish(second);
    published = second;

    expect(answerSet(await ask(ZONE, 'A'))).toEqual([`${ZONE} A 1800 192.0.2.2`]);
    const removed = await ask(`_acme-challenge.${ZONE}`, 'TXT', 'tcp');
    expect(removed.rcode).toBe('NXDOMAIN');
    expect((removed.authorities ?? []).map((item) => item.type)).toEqual(['SOA']);
    const swapped = await ask(`swap.${ZONE}`, 'A');
    expect(answerSet(swapped)).toEqual(
      [
        `swap.${ZONE} CNAME 3600 www.${ZONE}`,
        `www.${ZONE} A 3600 192.0.2.10`,
        `www.${ZONE} A 3600 192.0.2.11`,
      ].sort(),
    );
    expect(await soaSerial(ZONE)).toBe(second.serial);

    // Publishing the same zone again changes nothing, and leaves the serial alone.
    await driver.publish(second);
    expect(await soaSerial(ZONE)).toBe(second.serial);
  });

  it('writes a change with one PATCH holding only what changed, and nothing when nothing did', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    const watched = createPowerDnsDriver({
      url: pdns.url,
      apiKey: pdns.apiKey,
      logger,
      fetch: (input, init) => {
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
        calls.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname, body });
        return fetch(input, init);
      },
    });
    const zone = published;
    await watched.publish(zone);
    expect(calls.map((call) => call.method)).toEqual(['GET']);

    calls.length = 0;
    const changed: PublishedZone = {
      ...zone,
      serial: zone.serial + 1,
      records: zone.records.map((item) => (item.name === 'mail' ? { ...item, value: '192.0.2.26' } : item)),
    };
    await watched.publish(changed);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /api/v1/servers/localhost/zones/${ZONE}.`,
      `PATCH /api/v1/servers/localhost/zones/${ZONE}.`,
    ]);
    // Deletions first, then replacements in name order.
    expect((calls[1]!.body as { rrsets: unknown[] }).rrsets).toEqual([
      {
        name: `mail.${ZONE}.`,
        type: 'A',
        ttl: 3600,
        changetype: 'REPLACE',
        records: [{ content: '192.0.2.26', disabled: false }],
      },
      {
        name: `${ZONE}.`,
        type: 'SOA',
        ttl: 3600,
        changetype: 'REPLACE',
        records: [
          {
            content: `ns1.${ZONE}. hostmaster.${ZONE}. ${changed.serial} 7200 900 1209600 300`,
            disabled: false,
          },
        ],
      },
    ]);
    expect(answerSet(await ask(`mail.${ZONE}`, 'A'))).toEqual([`mail.${ZONE} A 3600 192.0.2.26`]);
    published = changed;
  });

  it('keeps the serial exact in a zone it created whose SOA-EDIT-API was changed by hand', async () => {
    const name = 'soa-edited.test';
    const created = await pdns.api('POST', '/zones', {
      name: `${name}.`,
      kind: 'Native',
      account: POWERDNS_ACCOUNT,
      soa_edit_api: 'DEFAULT',
      nameservers: ['ns1.example.net.'],
    });
    expect(created.status).toBe(201);
    await driver.publish({
      name,
      serial: 5,
      records: [
        record('@', 'SOA', 'ns1.example.net hostmaster.example.net 1 7200 900 1209600 300'),
        record('@', 'NS', 'ns1.example.net'),
      ],
    });
    expect(await soaSerial(name)).toBe(5);
    await driver.unpublish(name);
  });

  it('unpublishes: the zone is gone and PowerDNS refuses its names; an unknown zone is no error', async () => {
    const name = 'short-lived.test';
    await driver.publish({
      name,
      serial: 1,
      records: [
        record('@', 'SOA', 'ns1.example.net hostmaster.example.net 1 7200 900 1209600 300'),
        record('@', 'NS', 'ns1.example.net'),
        record('www', 'A', '192.0.2.9'),
      ],
    });
    expect(answerSet(await ask(`www.${name}`, 'A'))).toEqual([`www.${name} A 3600 192.0.2.9`]);

    await driver.unpublish(name);
    expect((await pdns.api('GET', `/zones/${name}.`)).status).toBe(404);
    const gone = await ask(`www.${name}`, 'A');
    expect(gone.rcode).toBe('REFUSED');
    expect(gone.answers).toEqual([]);

    await expect(driver.unpublish('never-published.test')).resolves.toBeUndefined();
  });

  it('reconciles at start: publishes what is listed, deletes its own stale zones, never touches foreign ones', async () => {
    const foreign = 'foreign.test';
    const created = await pdns.api('POST', '/zones', {
      name: `${foreign}.`,
      kind: 'Native',
      nameservers: ['ns1.example.net.'],
      rrsets: [
        {
          name: `www.${foreign}.`,
          type: 'A',
          ttl: 60,
          records: [{ content: '198.51.100.1', disabled: false }],
        },
      ],
    });
    expect(created.status).toBe(201);
    const stale: PublishedZone = {
      name: 'stale.test',
      serial: 3,
      records: [
        record('@', 'SOA', 'ns1.example.net hostmaster.example.net 1 7200 900 1209600 300'),
        record('@', 'NS', 'ns1.example.net'),
      ],
    };
    await driver.publish(stale);
    const fresh: PublishedZone = { ...stale, name: 'fresh.test', serial: 9 };

    await driver.syncAll([FIRST, fresh]);
    published = FIRST;

    const zones = (await pdns.api('GET', '/zones')).body as { name: string; account: string }[];
    expect(zones.map((zone) => zone.name).sort()).toEqual(['foreign.test.', 'fresh.test.', `${ZONE}.`]);
    expect(answerSet(await ask(`www.${foreign}`, 'A'))).toEqual([`www.${foreign} A 60 198.51.100.1`]);
    expect(await soaSerial('fresh.test')).toBe(9);
    expect(answerSet(await ask(`_acme-challenge.${ZONE}`, 'TXT'))).toEqual([
      `_acme-challenge.${ZONE} TXT 3600 challenge-token-1`,
    ]);

    // Publishing over a zone Ikirere did not create is refused, and unpublishing it leaves it in place.
    await expect(driver.publish({ ...stale, name: foreign })).rejects.toThrow(
      /PowerDNS already holds the zone foreign\.test\. and Ikirere did not create it/,
    );
    await driver.unpublish(foreign);
    expect(answerSet(await ask(`www.${foreign}`, 'A'))).toEqual([`www.${foreign} A 60 198.51.100.1`]);
  });

  it('turns PowerDNS refusing a zone into an Error with its status and its reason', async () => {
    const broken: PublishedZone = {
      name: 'broken.test',
      serial: 1,
      records: [
        record('@', 'SOA', 'ns1.example.net hostmaster.example.net 1 7200 900 1209600 300'),
        record('@', 'NS', 'ns1.example.net'),
        record('www', 'A', '192.0.2.1'),
        // A CNAME beside other data at one name: PowerDNS refuses the whole zone.
        record('www', 'CNAME', 'elsewhere.example.net'),
      ],
    };
    await expect(driver.publish(broken)).rejects.toThrow(/^PowerDNS refused POST .*\/zones.*: 422 .*CNAME/);
    expect((await pdns.api('GET', '/zones/broken.test.')).status).toBe(404);

    // At start, one zone PowerDNS refuses does not keep the others from being published.
    const other: PublishedZone = { ...broken, name: 'fine.test', records: broken.records.slice(0, 3) };
    await driver.syncAll([published, other, broken]);
    expect(answerSet(await ask('www.fine.test', 'A'))).toEqual(['www.fine.test A 3600 192.0.2.1']);
    expect((await pdns.api('GET', '/zones/broken.test.')).status).toBe(404);
  });

  it('tries again when PowerDNS answers 500 (its SQLite backend does when two writes collide)', async () => {
    let failures = 0;
    const flaky = (remaining: number) =>
      createPowerDnsDriver({
        url: pdns.url,
        apiKey: pdns.apiKey,
        logger,
        fetch: async (input, init) => {
          if (init?.method === 'PATCH' && failures < remaining) {
            failures += 1;
            return new Response(JSON.stringify({ error: 'database is locked' }), { status: 500 });
          }
          return fetch(input, init);
        },
      });
    const zone: PublishedZone = {
      ...published,
      serial: published.serial + 1,
      records: [...published.records, record('retried', 'A', '192.0.2.44')],
    };
    await flaky(2).publish(zone);
    published = zone;
    expect(failures).toBe(2);
    expect(answerSet(await ask(`retried.${ZONE}`, 'A'))).toEqual([`retried.${ZONE} A 3600 192.0.2.44`]);

    failures = 0;
    await expect(
      flaky(3).publish({ ...zone, serial: zone.serial + 1, records: FIRST.records }),
    ).rejects.toThrow(
      /^PowerDNS refused PATCH \/api\/v1\/servers\/localhost\/zones\/pdns-adapter\.test\.: 500 database is locked$/,
    );
    expect(failures).toBe(3);
    expect(await soaSerial(ZONE)).toBe(zone.serial);
  });

  it('fails with a readable error when the API key is wrong', async () => {
    const wrongKey = createPowerDnsDriver({ url: pdns.url, apiKey: 'not-the-key', logger });
    await expect(wrongKey.publish(FIRST)).rejects.toThrow(
      /^PowerDNS refused GET \/api\/v1\/servers\/localhost\/zones\/pdns-adapter\.test\..*: 401 .*\(check POWERDNS_API_KEY\)$/,
    );
    await expect(wrongKey.syncAll([])).rejects.toThrow(/401/);
  });

  describe('signing through PowerDNS (cryptokeys)', () => {
    const SIGNED = 'pdns-signed.test';
    const first = zoneKeyFrom('first', generateZoneKeyMaterial().pkcs8);
    const second = zoneKeyFrom('second', generateZoneKeyMaterial().pkcs8);
    let anchors: string;
    const signedZone = (serial: number, keys: ZoneKey[]): PublishedZone => ({
      name: SIGNED,
      serial,
      ...(keys.length > 0 ? { dnssec: { keys } } : {}),
      records: [
        record('@', 'SOA', `ns1.${SIGNED} hostmaster.${SIGNED} 1 7200 900 1209600 300`),
        record('@', 'NS', `ns1.${SIGNED}`),
        record('ns1', 'A', '127.0.0.53'),
        record('www', 'A', '192.0.2.10'),
      ],
    });
    const validate = async (key: ZoneKey, name: string, type: string) =>
      delv(pdns.dnsPort, await trustAnchorFile(anchors, SIGNED, presentDnskey(key)), SIGNED, name, type);

    beforeAll(async () => {
      anchors = await mkdtemp(join(tmpdir(), 'ikirere-pdns-anchors-'));
    });
    afterAll(async () => {
      await rm(anchors, { recursive: true, force: true });
    });

    it('imports the zone’s key, signs with NSEC3, and reports the same DS the console shows', async () => {
      await driver.publish(signedZone(1, [first]));
      const reported = await driver.reportedDs!(SIGNED);
      expect(reported).toEqual([{ dnskey: presentDnskey(first), ds: [presentDs(dsOf(SIGNED, first))] }]);
      expect((await validate(first, `www.${SIGNED}`, 'A')).output).toContain('; fully validated');
      const missing = await validate(first, `missing.${SIGNED}`, 'A');
      expect(missing.output).toContain('negative response, fully validated');
      const nsec3param = await queryDns({
        host: pdns.host,
        port: pdns.dnsPort,
        name: SIGNED,
        type: 'NSEC3PARAM' as never,
      });
      expect(nsec3param.answers).toHaveLength(1);
    });

    it('rolls the key without a validation failure, then stops signing', async () => {
      await driver.publish(signedZone(2, [first, second]));
      expect((await driver.reportedDs!(SIGNED)).map((key) => key.dnskey).sort()).toEqual(
        [presentDnskey(first), presentDnskey(second)].sort(),
      );
      for (const key of [first, second]) {
        expect((await validate(key, `www.${SIGNED}`, 'A')).output).toContain('; fully validated');
      }
      await driver.publish(signedZone(3, [second]));
      expect((await validate(second, `www.${SIGNED}`, 'A')).output).toContain('; fully validated');
      expect(await driver.reportedDs!(SIGNED)).toHaveLength(1);

      await driver.publish(signedZone(4, []));
      expect(await driver.reportedDs!(SIGNED)).toEqual([]);
      const dnskey = await queryDns({
        host: pdns.host,
        port: pdns.dnsPort,
        name: SIGNED,
        type: 'DNSKEY' as never,
      });
      expect(dnskey.answers ?? []).toEqual([]);
    });

    it('serves a reverse zone of compute addresses, its PTRs signed with the zone’s derived key', async () => {
      const REVERSE = '2.0.192.in-addr.arpa';
      const [key] = reverseZoneKeys('powerdns test installation')(REVERSE);
      await driver.publish({
        name: REVERSE,
        serial: 7,
        dnssec: { keys: [key!] },
        records: [
          record('@', 'SOA', `ns1.${SIGNED} hostmaster.${REVERSE} 1 7200 3600 1209600 300`),
          record('@', 'NS', `ns1.${SIGNED}`),
          record('7', 'PTR', 'web.example.com'),
        ],
      });
      const ptr = await ask(`7.${REVERSE}`, 'PTR');
      expect(ptr.flag_aa).toBe(true);
      expect(ptr.answers?.map((item) => (item as { data: unknown }).data)).toEqual(['web.example.com']);
      const validated = await delv(
        pdns.dnsPort,
        await trustAnchorFile(anchors, REVERSE, presentDnskey(key!)),
        REVERSE,
        `7.${REVERSE}`,
        'PTR',
      );
      expect(validated.output).toContain('; fully validated');
      await driver.unpublish(REVERSE);
    });
  });
});

describe('the PowerDNS adapter when PowerDNS does not answer', () => {
  let silent: Server;
  let url: string;

  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up after its timeout with an Error saying so', async () => {
    const slow = createPowerDnsDriver({ url, apiKey: 'key', logger, timeoutMs: 300 });
    await expect(slow.publish(FIRST)).rejects.toThrow(
      `PowerDNS at ${url} did not answer GET /api/v1/servers/localhost/zones/${ZONE}.?rrsets=true within 0.3 s`,
    );
  });

  it('says so when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createPowerDnsDriver({ url: `http://127.0.0.1:${port}/`, apiKey: 'key', logger });
    await expect(unreachable.unpublish(ZONE)).rejects.toThrow(/cannot be reached .*ECONNREFUSED/);
  });
});
