// One record written in a big zone costs what it costs in a small one (issue 25): the DNS server is handed
// the changed name and the new SOA, not the zone's 2,000 records, and still answers exactly what a zone
// rebuilt from the database would (names appearing and disappearing, empty non-terminals, delegations,
// zone transfers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryDns } from '../../../server/dns/client';
import { fullRecords } from '../../../server/dns/transfer';
import { buildZoneIndex } from '../../../server/dns/zone-index';
import { publishedZoneNamed } from '../../../server/domains/domain-record';
import type { DnsDriver } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';
import { addDomain, buildDomainsTestApp, type DomainsTestApp, domainsPath } from '../support/domains';
import { expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { variedZoneFile } from '../support/zone-files';

const ZONE_RECORDS = 2_000;

let database: TestDatabase;
let embedded: EmbeddedDnsDriver;
let t: DomainsTestApp;
let owner: Person;
let teamId: string;
let zone: { id: string; name: string };
/** How many records the DNS server was handed, per publication. */
const handed: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  embedded = await createEmbeddedDnsDriver({ host: '127.0.0.1', port: 0, logger: createLogger('silent') });
  const counting: DnsDriver = {
    ...embedded,
    publish: async (published) => {
      handed.push(published.records.length);
      await embedded.publish(published);
    },
    publishNames: async (name, change) => {
      handed.push(1 + [...change.names.values()].reduce((sum, records) => sum + records.length, 0));
      return embedded.publishNames!(name, change);
    },
  };
  t = buildDomainsTestApp(database.handle, { driver: counting });
  owner = await person(t, 'Olive Owner');
  teamId = await teamOf(t, owner);
  const created = await addDomain(t, owner.token, teamId);
  expectStatus(created, 201);
  zone = created.body as { id: string; name: string };
  const imported = await send(t, 'POST', domainsPath(teamId, `/${zone.id}/zone-file/apply`), {
    token: owner.token,
    body: { text: variedZoneFile(zone.name, ZONE_RECORDS) },
  });
  expectStatus(imported, 200);
});
afterAll(async () => {
  await t?.domains.close();
  await t?.computes.close();
  await database?.dispose();
});

function ask(name: string, type: 'A' | 'TXT' | 'NS' | 'SOA') {
  return queryDns({ name, type, host: '127.0.0.1', port: embedded.address.udp, timeoutMs: 2_000 });
}

/** The data of each answer record (dns-packet types OPT records without one). */
function dataOf(message: Awaited<ReturnType<typeof ask>>): unknown[] {
  return (message.answers ?? []).map((answer) => ('data' in answer ? answer.data : undefined));
}

async function write(method: 'POST' | 'PUT' | 'DELETE', rest: string, body?: unknown) {
  handed.length = 0;
  const answer = await send(t, method, domainsPath(teamId, `/${zone.id}/records${rest}`), {
    token: owner.token,
    ...(body === undefined ? {} : { body }),
  });
  expect(answer.status).toBeLessThan(300);
  return answer.body as { id: string; version: number };
}

/** The zone as the DNS server holds it must be what a full rebuild from the database gives. */
async function expectServedAsRebuilt() {
  const stored = await publishedZoneNamed(t.domains.db, zone.name, () => t.domains.keyVault());
  const rebuilt = buildZoneIndex(stored!);
  const served = embedded.server.zones.get(zone.name)!;
  expect(served.serial).toBe(rebuilt.serial);
  expect([...served.nodes.keys()].sort()).toEqual([...rebuilt.nodes.keys()].sort());
  expect([...served.cuts].sort()).toEqual([...rebuilt.cuts].sort());
  const wire = (records: Buffer[]) => records.map((record) => record.toString('hex')).sort();
  expect(wire(fullRecords(served))).toEqual(wire(fullRecords(rebuilt)));
  expect(served.negativeSoa.equals(rebuilt.negativeSoa)).toBe(true);
}

describe(`a record written in a zone of ${ZONE_RECORDS.toLocaleString('en')} records`, () => {
  it('hands the DNS server the changed name and the SOA, and is answered at once', async () => {
    const serial = async () => (dataOf(await ask(zone.name, 'SOA'))[0] as { serial: number }).serial;
    const before = await serial();
    const created = await write('POST', '', { type: 'A', name: 'fresh', value: '192.0.2.7', ttl: 300 });
    // The SOA and the one record, where the whole zone used to go.
    expect(handed).toEqual([2]);
    const answer = await ask(`fresh.${zone.name}`, 'A');
    expect(answer.rcode).toBe('NOERROR');
    expect(dataOf(answer)).toEqual(['192.0.2.7']);
    expect(await serial()).toBeGreaterThan(before);
    await expectServedAsRebuilt();

    // Renamed: both names are handed over (the old one now empty), nothing else.
    const renamed = await write('PUT', `/${created.id}`, {
      type: 'A',
      name: 'renamed',
      value: '192.0.2.8',
      ttl: 300,
      version: created.version,
    });
    expect(handed).toEqual([2]);
    expect((await ask(`fresh.${zone.name}`, 'A')).rcode).toBe('NXDOMAIN');
    expect(dataOf(await ask(`renamed.${zone.name}`, 'A'))).toEqual(['192.0.2.8']);
    await write('DELETE', `/${renamed.id}`);
    expect(handed).toEqual([1]);
    expect((await ask(`renamed.${zone.name}`, 'A')).rcode).toBe('NXDOMAIN');
    await expectServedAsRebuilt();
  });

  it('keeps the names above a deep name as empty non-terminals while it lives, and only then', async () => {
    const deep = await write('POST', '', { type: 'TXT', name: 'a.b.deep', value: 'deep', ttl: 300 });
    const between = await ask(`b.deep.${zone.name}`, 'TXT');
    expect(between.rcode).toBe('NOERROR');
    expect(between.answers).toEqual([]);
    await expectServedAsRebuilt();
    await write('DELETE', `/${deep.id}`);
    expect((await ask(`b.deep.${zone.name}`, 'TXT')).rcode).toBe('NXDOMAIN');
    expect((await ask(`deep.${zone.name}`, 'TXT')).rcode).toBe('NXDOMAIN');
    await expectServedAsRebuilt();
  });

  it('follows a delegation made and removed one record at a time', async () => {
    const glue = await write('POST', '', { type: 'A', name: 'ns.sub', value: '192.0.2.53', ttl: 300 });
    const ns = await write('POST', '', { type: 'NS', name: 'sub', value: `ns.sub.${zone.name}`, ttl: 300 });
    expect(handed).toEqual([2]);
    // A referral: not authoritative, the delegation's NS in the authority section.
    const referral = await ask(`www.sub.${zone.name}`, 'A');
    expect(referral.flag_aa).toBe(false);
    expect(referral.authorities?.map((record) => record.type)).toContain('NS');
    await expectServedAsRebuilt();
    await write('DELETE', `/${ns.id}`);
    await write('DELETE', `/${glue.id}`);
    expect((await ask(`www.sub.${zone.name}`, 'A')).rcode).toBe('NXDOMAIN');
    await expectServedAsRebuilt();
  });
});
