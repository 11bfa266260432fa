// Real secondaries of the embedded server: Debian's knotd and nsd, each on its own loopback port with its
// own config directory, transfer a signed zone with TSIG, are sent NOTIFY after a change, take the
// difference (IXFR) and answer the new record; a transfer without the key, or with a wrong one, is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryDns } from '../../../server/dns/client';
import { generateZoneKeyMaterial, zoneKeyFrom } from '../../../server/dns/dnssec/keys';
import { parseTsigKey } from '../../../server/dns/tsig';
import type { PublishedRecord, PublishedZone } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';
import {
  axfr,
  eventually,
  type Secondary,
  startKnotSecondary,
  startNsdSecondary,
} from '../../support/dns-tools';
import { freePort } from '../../support/powerdns';

const ZONE = 'secondary.test';
const key = parseTsigKey(`hmac-sha256:ikirere-transfer:${Buffer.alloc(32, 3).toString('base64')}`)!;
const signingKey = zoneKeyFrom('k', generateZoneKeyMaterial().pkcs8);

function record(name: string, type: PublishedRecord['type'], value: string): PublishedRecord {
  return { name, type, value, ttl: 3600, priority: null, weight: null, port: null };
}

function zone(serial: number, extra: PublishedRecord[] = []): PublishedZone {
  return {
    name: ZONE,
    serial,
    dnssec: { keys: [signingKey] },
    records: [
      record('@', 'SOA', `ns1.${ZONE} hostmaster.${ZONE} 1 7200 900 1209600 300`),
      record('@', 'NS', `ns1.${ZONE}`),
      record('ns1', 'A', '127.0.0.53'),
      record('www', 'A', '192.0.2.10'),
      ...extra,
    ],
  };
}

const SECONDARIES = [
  {
    name: 'knotd',
    start: startKnotSecondary,
    transferred: /AXFR, incoming.*finished/,
    notified: /notify, incoming/,
    incremental: /IXFR, incoming.*finished/,
  },
  {
    name: 'nsd',
    start: startNsdSecondary,
    transferred: /received update to serial 100/,
    notified: /notify for secondary\.test/,
    incremental: /received update to serial 101/,
  },
] as const;

describe.each(SECONDARIES)('$name as a secondary', ({ start, transferred, notified, incremental }) => {
  let driver: EmbeddedDnsDriver;
  let secondary: Secondary;

  const askSecondary = (name: string, type: 'A' | 'SOA') =>
    queryDns({ host: '127.0.0.1', port: secondary.port, name, type, timeoutMs: 1_000 });

  beforeAll(async () => {
    const secondaryPort = await freePort(true);
    driver = await createEmbeddedDnsDriver({
      host: '127.0.0.1',
      port: 0,
      logger: createLogger('silent'),
      transfers: { secondaries: [{ host: '127.0.0.1', port: secondaryPort }], key },
    });
    await driver.publish(zone(100));
    secondary = await start({ primaryPort: driver.address.tcp, key, zones: [ZONE], port: secondaryPort });
  });

  afterAll(async () => {
    await secondary?.stop();
    await driver?.close();
  });

  it('transfers the zone with TSIG at start, then follows a change announced by NOTIFY', async () => {
    const soaSerial = async () => {
      const answer = await askSecondary(ZONE, 'SOA');
      return (answer.answers?.[0] as { data?: { serial?: number } } | undefined)?.data?.serial;
    };
    await eventually(
      async () => ((await soaSerial()) === 100 ? true : undefined),
      'the secondary serving serial 100',
    );
    expect(secondary.output()).toMatch(transferred);

    await driver.publish(zone(101, [record('new', 'A', '192.0.2.77')]));
    const answer = await eventually(async () => {
      const reply = await askSecondary(`new.${ZONE}`, 'A');
      return reply.rcode === 'NOERROR' && (reply.answers ?? []).length > 0 ? reply : undefined;
    }, 'the secondary answering the new record');
    expect((answer.answers ?? []).map((item) => (item as { data?: string }).data)).toEqual(['192.0.2.77']);
    // NSD's server processes reload one after another: one may still answer the old serial a moment longer.
    await eventually(
      async () => ((await soaSerial()) === 101 ? true : undefined),
      'the secondary serving serial 101',
    );
    expect(secondary.output()).toMatch(notified);
    expect(secondary.output()).toMatch(incremental);
  });

  it('refuses a transfer without the key, and one signed with a wrong key', async () => {
    const unsigned = await axfr(driver.address.tcp, ZONE);
    expect(unsigned.output).toContain('REFUSED');
    const wrong = parseTsigKey(`hmac-sha256:ikirere-transfer:${Buffer.alloc(32, 4).toString('base64')}`)!;
    const forged = await axfr(driver.address.tcp, ZONE, wrong);
    expect(forged.output).toMatch(/NOTAUTH|BADSIG/);
    expect(forged.output).not.toMatch(/\sSOA\s/);
  });
});
