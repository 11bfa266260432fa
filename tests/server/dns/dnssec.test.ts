// The embedded server's signed answers checked by independent validators from Debian's packages: delv
// with the zone's key as trust anchor (positive answers, wildcards, CNAMEs, NSEC3 proofs of a missing
// name and a missing type, a key roll), and ldns-verify-zone and kzonecheck on an AXFR of the signed zone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryDns } from '../../../server/dns/client';
import {
  dsOf,
  generateZoneKeyMaterial,
  presentDnskey,
  presentDs,
  type ZoneKey,
  zoneKeyFrom,
} from '../../../server/dns/dnssec/keys';
import { parseTsigKey } from '../../../server/dns/tsig';
import type { PublishedRecord, PublishedZone } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';
import { axfr, delv, runTool, trustAnchorFile } from '../../support/dns-tools';

const ZONE = 'signed.test';
const key = parseTsigKey(`hmac-sha256:transfer-key:${Buffer.alloc(32, 7).toString('base64')}`)!;

function record(
  name: string,
  type: PublishedRecord['type'],
  value: string,
  extra: Partial<PublishedRecord> = {},
) {
  return { name, type, value, ttl: 3600, priority: null, weight: null, port: null, ...extra };
}

const RECORDS: PublishedRecord[] = [
  record('@', 'SOA', `ns1.${ZONE} hostmaster.${ZONE} 1 7200 900 1209600 300`),
  record('@', 'NS', `ns1.${ZONE}`),
  record('@', 'NS', `ns2.${ZONE}`),
  // Loopback name servers: no tool follows them off this machine.
  record('ns1', 'A', '127.0.0.53'),
  record('ns2', 'A', '127.0.0.54'),
  record('www', 'A', '192.0.2.10'),
  record('www', 'AAAA', '2001:db8::10'),
  record('alias', 'CNAME', `www.${ZONE}`),
  record('@', 'MX', `mail.${ZONE}`, { priority: 10 }),
  record('mail', 'A', '192.0.2.25'),
  record('@', 'TXT', 'v=spf1 mx -all'),
  record('*.apps', 'A', '192.0.2.99'),
  record('deep.a.b', 'TXT', 'below two empty non-terminals'),
  record('sub', 'NS', `ns.sub.${ZONE}`),
  record('ns.sub', 'A', '127.0.0.55'),
  record('@', 'CAA', '0 issue "letsencrypt.org"'),
];

let driver: EmbeddedDnsDriver;
let directory: string;
let first: ZoneKey;
let second: ZoneKey;
let serial = 2024_01_01_01;

const zone = (keys: ZoneKey[], extra: PublishedRecord[] = []): PublishedZone => ({
  name: ZONE,
  serial: serial++,
  records: [...RECORDS, ...extra],
  dnssec: { keys },
});

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'ikirere-dnssec-'));
  first = zoneKeyFrom('first', generateZoneKeyMaterial().pkcs8);
  second = zoneKeyFrom('second', generateZoneKeyMaterial().pkcs8);
  driver = await createEmbeddedDnsDriver({
    host: '127.0.0.1',
    port: 0,
    logger: createLogger('silent'),
    // A secondary nobody runs: the transfer rules apply, NOTIFY goes unanswered (and stops at close).
    transfers: { secondaries: [{ host: '127.0.0.1', port: 9 }], key },
  });
  await driver.publish(zone([first]));
});

afterAll(async () => {
  await driver?.close();
  await rm(directory, { recursive: true, force: true });
});

const anchorOf = (zoneKey: ZoneKey) => trustAnchorFile(directory, ZONE, presentDnskey(zoneKey));
const validate = async (zoneKey: ZoneKey, name: string, type: string) =>
  delv(driver.address.udp, await anchorOf(zoneKey), ZONE, name, type);

describe('signed answers, validated by delv with the zone key as trust anchor', () => {
  it('validates positive answers: plain, at the apex, through a CNAME, and from a wildcard', async () => {
    for (const [name, type, expected] of [
      [`www.${ZONE}`, 'A', '192.0.2.10'],
      [`www.${ZONE}`, 'AAAA', '2001:db8::10'],
      [ZONE, 'MX', `10 mail.${ZONE}.`],
      [`alias.${ZONE}`, 'A', '192.0.2.10'],
      [`anything.apps.${ZONE}`, 'A', '192.0.2.99'],
      [`deep.a.b.${ZONE}`, 'TXT', 'below two empty non-terminals'],
    ] as const) {
      const result = await validate(first, name, type);
      expect(result.output, `${name} ${type}`).toContain('; fully validated');
      expect(result.output).toContain(expected);
      expect(result.output).toMatch(/RRSIG\s+\w+ 13 /);
    }
  });

  it('proves with NSEC3 that a name does not exist, and that a name lacks a type', async () => {
    const missingName = await validate(first, `missing.${ZONE}`, 'A');
    expect(missingName.output).toContain('negative response, fully validated');
    expect(missingName.output).toContain('NXDOMAIN');
    const missingType = await validate(first, `www.${ZONE}`, 'TXT');
    expect(missingType.output).toContain('negative response, fully validated');
    expect(missingType.output).toContain('NXRRSET');
    // An empty non-terminal exists, with no data; a wildcard's name lacks what the wildcard lacks.
    for (const [name, type] of [
      [`a.b.${ZONE}`, 'A'],
      [`anything.apps.${ZONE}`, 'MX'],
      [`sub.${ZONE}`, 'DS'],
    ] as const) {
      expect((await validate(first, name, type)).output, `${name} ${type}`).toContain(
        'negative response, fully validated',
      );
    }

    // The proof itself: NSEC3 records with their signatures in the authority section, NXDOMAIN kept.
    const answer = await queryDns({
      host: '127.0.0.1',
      port: driver.address.udp,
      name: `missing.${ZONE}`,
      type: 'A',
      edns: 1232,
      dnssecOk: true,
    });
    expect(answer.rcode).toBe('NXDOMAIN');
    const types = (answer.authorities ?? []).map((item) => item.type);
    expect(types.filter((type) => type === 'NSEC3').length).toBeGreaterThanOrEqual(2);
    expect(types).toContain('RRSIG');
  });

  it('fails validation with a key that is not the zone’s: the anchor really is checked', async () => {
    const stranger = zoneKeyFrom('stranger', generateZoneKeyMaterial().pkcs8);
    const result = await validate(stranger, `www.${ZONE}`, 'A');
    expect(result.output).not.toContain('fully validated');
  });

  it('answers without signatures when the query does not ask for them', async () => {
    const answer = await queryDns({
      host: '127.0.0.1',
      port: driver.address.udp,
      name: `www.${ZONE}`,
      type: 'A',
    });
    expect((answer.answers ?? []).map((item) => item.type)).toEqual(['A']);
  });
});

describe('the signed zone as a whole', () => {
  it('transfers to a holder of the key, and ldns-verify-zone and kzonecheck find it signed and complete', async () => {
    const transfer = await axfr(driver.address.tcp, ZONE, key);
    expect(transfer.code).toBe(0);
    const text = transfer.stdout
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith(';') && !/\sTSIG\s/.test(line))
      .join('\n');
    expect(text).toMatch(/\sNSEC3PARAM\s/);
    expect(text).toMatch(/\sDNSKEY\s/);
    const file = join(directory, 'signed.zone');
    await writeFile(file, `${text}\n`);
    const dnskeyFile = join(directory, 'dnskey');
    await writeFile(dnskeyFile, `${ZONE}. IN DNSKEY ${presentDnskey(first)}\n`);

    const ldns = await runTool('ldns-verify-zone', ['-k', dnskeyFile, file]);
    expect(`${ldns.stdout}${ldns.stderr}`).toContain('Zone is verified and complete');
    expect(ldns.code).toBe(0);
    const knot = await runTool('kzonecheck', ['-o', ZONE, '-d', 'on', file]);
    expect(knot.code, `${knot.stdout}${knot.stderr}`).toBe(0);
  });

  it('refuses a transfer without the key', async () => {
    const transfer = await axfr(driver.address.tcp, ZONE);
    expect(`${transfer.stdout}${transfer.stderr}`).toContain('REFUSED');
  });
});

describe('a key roll', () => {
  it('keeps every answer valid: old key, both keys (double signatures), new key', async () => {
    const names = [
      [`www.${ZONE}`, 'A'],
      [`missing.${ZONE}`, 'A'],
      [ZONE, 'DNSKEY'],
    ] as const;
    const expectValid = async (zoneKey: ZoneKey, stage: string) => {
      for (const [name, type] of names) {
        const result = await validate(zoneKey, name, type);
        expect(result.output, `${stage}: ${name} ${type} with key ${zoneKey.keyTag}`).toMatch(
          /fully validated/,
        );
      }
    };
    await expectValid(first, 'before');
    // The new key is published and signs alongside the old: resolvers holding either DS validate.
    await driver.publish(zone([first, second]));
    await expectValid(first, 'rolling');
    await expectValid(second, 'rolling');
    // The parent now lists the new DS; the old key goes.
    await driver.publish(zone([second]));
    await expectValid(second, 'after');
    expect((await validate(first, `www.${ZONE}`, 'A')).output).not.toContain('fully validated');
    expect(presentDs(dsOf(ZONE, second))).toMatch(new RegExp(`^${second.keyTag} 13 2 [0-9A-F]{64}$`));
  });
});
