// Zone files through the API: export as BIND, import with a preview of what would be added, changed and
// refused, the same computation applied in one transaction, and uploads that are too large.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ZONE_FILE_BYTES, zoneImportResultSchema } from '@/contract/domains';
import { dnsRecords, zoneImports } from '../../../server/db/schema';
import { cleanUpImports } from '../../../server/domains/zone-import';
import {
  addDomain,
  addRecord,
  allRecords,
  buildDomainsTestApp,
  type DomainsTestApp,
  domainsPath,
} from '../support/domains';
import { auditRows, expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { variedZoneFile } from '../support/zone-files';

let database: TestDatabase;
let t: DomainsTestApp;
let owner: Person;
let teamId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildDomainsTestApp(database.handle);
  owner = await person(t, 'Olive Owner');
  teamId = await teamOf(t, owner);
});
afterAll(async () => {
  await t?.domains.close();
  await t?.computes.close();
  await database?.dispose();
});

async function newZone(name?: string) {
  const answer = await addDomain(t, owner.token, teamId, name);
  expectStatus(answer, 201);
  return answer.body as { id: string; name: string; serial: number };
}

const filePath = (domainId: string, rest = '') => domainsPath(teamId, `/${domainId}/zone-file${rest}`);

function importFile(domainId: string, step: 'preview' | 'apply', text: string) {
  return send(t, 'POST', filePath(domainId, `/${step}`), { token: owner.token, body: { text } });
}

/** What a person compares between two zones: every record but its id, version and time. */
function contents(
  records: {
    type: string;
    name: string;
    value: string;
    ttl: number;
    priority: number | null;
    weight: number | null;
    port: number | null;
    managed: boolean;
  }[],
) {
  return records
    .filter((r) => r.type !== 'SOA')
    .map((r) => [r.type, r.name, r.value, r.ttl, r.priority, r.weight, r.port, r.managed].join(' '))
    .sort();
}

describe('exporting and importing a zone', () => {
  it('exports a BIND file that, imported into a new zone, gives the same records', async () => {
    const source = await newZone();
    for (const record of [
      { type: 'AAAA', name: 'www', value: '2001:db8::10' },
      { type: 'CNAME', name: 'blog', value: 'hosting.example.com', ttl: 600 },
      { type: 'TXT', name: '@', value: `v=spf1 include:_spf.example.com ~all ${'k'.repeat(300)}` },
      { type: 'TXT', name: '_dmarc', value: '"v=DMARC1; p=reject; rua=mailto:d@example.rw"' },
      { type: 'MX', name: '@', value: 'mail.example.com', priority: 5 },
      { type: 'NS', name: 'dev', value: 'ns1.other.net' },
      { type: 'SRV', name: '_sip._tcp', value: 'sip.example.com', priority: 10, weight: 60, port: 5060 },
      { type: 'CAA', name: '@', value: '0 issue "letsencrypt.org"' },
      { type: 'A', name: '*.apps', value: '192.0.2.80' },
    ]) {
      expectStatus(await addRecord(t, owner.token, teamId, source.id, record), 201);
    }
    const exported = await send(t, 'GET', filePath(source.id), { token: owner.token });
    expectStatus(exported, 200);
    expect(exported.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(exported.headers.get('Content-Disposition')).toBe(`attachment; filename="${source.name}.zone"`);
    const text = exported.body as string;
    expect(text).toContain(`$ORIGIN ${source.name}.`);
    expect(text).toMatch(/^@\t3600\tIN\tSOA\tns1\.ikirere\.test\. hostmaster\./m);

    // Into a zone of another name: the file's $ORIGIN puts the names in that zone, so it is read as such.
    const target = await newZone();
    const moved = text.replaceAll(source.name, target.name);
    const preview = await importFile(target.id, 'preview', moved);
    expectStatus(preview, 200);
    const result = v.parse(zoneImportResultSchema, preview.body);
    // The sample www A records are already there; the SOA and our NS are skipped; the rest is new.
    expect(result).toMatchObject({ unchanged: 2, change: [], refuse: [], applied: false });
    expect(result.add).toHaveLength(9);

    const applied = await importFile(target.id, 'apply', moved);
    expectStatus(applied, 200);
    expect(applied.body).toMatchObject({ unchanged: 2, applied: true });
    expect(contents(await allRecords(t, owner.token, teamId, target.id))).toEqual(
      contents(await allRecords(t, owner.token, teamId, source.id)),
    );
    expect(t.dns.zones.get(target.name)?.records).toHaveLength(14);

    // Importing the same file again finds everything there.
    const again = await importFile(target.id, 'apply', moved);
    expect(again.body).toMatchObject({ add: [], change: [], refuse: [], unchanged: 11, applied: true });
  });

  it('previews additions, ttl changes and refusals without saving, then applies them in one change', async () => {
    const zone = await newZone();
    const cname = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'CNAME',
      name: 'shop',
      value: 'shops.example.com',
    });
    const serial = (await send(t, 'GET', domainsPath(teamId, `/${zone.id}`), { token: owner.token })).body
      .serial;
    const text = [
      '$TTL 1h',
      `$ORIGIN ${zone.name}.`,
      '@ IN SOA ns.elsewhere.net. admin.elsewhere.net. 1 7200 3600 1209600 300',
      '@ IN NS ns1.ikirere.test.',
      'www 300 IN A 192.0.2.53', // the sample record with another ttl
      'api IN A 192.0.2.60',
      'api IN A 192.0.2.61',
      'shop IN A 192.0.2.70', // beside an existing CNAME
      'mail IN MX 10 mx1.example.com.',
      'mail IN MX 10 mx1.example.com.', // the same line twice
      'bad IN A 300.1.1.1',
      'old IN PTR host.example.com.',
    ].join('\n');

    const preview = await importFile(zone.id, 'preview', text);
    expectStatus(preview, 200);
    const result = v.parse(zoneImportResultSchema, preview.body);
    expect(result.applied).toBe(false);
    expect(result.add.map((r) => `${r.name} ${r.type} ${r.value} ${r.ttl}`)).toEqual([
      'api A 192.0.2.60 3600',
      'api A 192.0.2.61 3600',
      'mail MX mx1.example.com 3600',
    ]);
    // The www RRset takes the file's ttl: the sample record it lists, and the one it does not.
    expect(result.change.map((c) => `${c.from.value} ${c.from.ttl}→${c.to.ttl}`)).toEqual([
      '192.0.2.53 1800→300',
      '198.51.100.53 1800→300',
    ]);
    expect(result.unchanged).toBe(0);
    expect(result.refuse.map((r) => [r.line, r.text])).toEqual([
      [8, 'shop IN A 192.0.2.70'],
      [10, 'mail IN MX 10 mx1.example.com.'],
      [11, 'bad IN A 300.1.1.1'],
      [12, 'old IN PTR host.example.com.'],
    ]);
    expect(result.refuse[0]!.reason).toBe(
      'shop has a CNAME record (to shops.example.com), so it can have no other records. Choose another name or delete the CNAME first.',
    );
    expect(result.refuse[1]!.reason).toBe('The same record is already on line 9.');
    // Nothing was saved.
    const records = await allRecords(t, owner.token, teamId, zone.id);
    expect(records.filter((r) => r.name === 'api')).toEqual([]);
    expect(
      (await send(t, 'GET', domainsPath(teamId, `/${zone.id}`), { token: owner.token })).body.serial,
    ).toBe(serial);

    const applied = await importFile(zone.id, 'apply', text);
    expectStatus(applied, 200);
    expect({ ...applied.body, applied: false }).toEqual(preview.body);
    const after = await allRecords(t, owner.token, teamId, zone.id);
    expect(after.filter((r) => r.name === 'www').map((r) => r.ttl)).toEqual([300, 300]);
    expect(after.filter((r) => r.name === 'api')).toHaveLength(2);
    expect(after.find((r) => r.id === cname.body.id)).toMatchObject({ type: 'CNAME', version: 1 });
    expect(
      (await send(t, 'GET', domainsPath(teamId, `/${zone.id}`), { token: owner.token })).body.serial,
    ).toBe(serial + 1);
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({
      action: 'domain.zone_imported',
      details: { domainId: zone.id, added: 3, changed: 2, refused: 4, unchanged: 0 },
    });
  });

  it('applies nothing when the DNS server refuses the import', async () => {
    const zone = await newZone();
    t.dns.failing = true;
    try {
      expectStatus(await importFile(zone.id, 'apply', 'api A 192.0.2.60'), 502);
    } finally {
      t.dns.failing = false;
    }
    expect((await allRecords(t, owner.token, teamId, zone.id)).filter((r) => r.name === 'api')).toEqual([]);
  });

  it('refuses a zone file above 1 MB with 413, before reading it', async () => {
    const zone = await newZone();
    const line = `host 300 IN TXT "${'x'.repeat(200)}"\n`;
    const text = line.repeat(Math.ceil((MAX_ZONE_FILE_BYTES + 1) / line.length));
    for (const step of ['preview', 'apply'] as const) {
      const answer = await importFile(zone.id, step, text);
      expectStatus(answer, 413);
      expect(answer.body.detail).toBe(
        'A zone file is at most 1 MB, and this one is larger. Split it and import the parts one after the other.',
      );
    }
    // Far larger, announced by Content-Length: refused without reading the body.
    const huge = JSON.stringify({ text: 'x'.repeat(3 * MAX_ZONE_FILE_BYTES) });
    const response = await t.app.request(filePath(zone.id, '/preview'), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${owner.token}`,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(huge)),
      },
      body: huge,
    });
    expect(response.status).toBe(413);
    // Multi-byte text under a million characters but over a million bytes is too large as well.
    const wide = 'é'.repeat(MAX_ZONE_FILE_BYTES / 2 + 10);
    expectStatus(await importFile(zone.id, 'preview', `host TXT "${wide}"`), 413);
  });
});

describe('a big import', () => {
  const recordTotal = async (domainId: string) => {
    const answer = await send(t, 'GET', domainsPath(teamId, `/${domainId}/records?limit=1`), {
      token: owner.token,
    });
    expectStatus(answer, 200);
    return (answer.body as { total: number }).total;
  };

  it('answers another team while 20,000 lines are imported, and shows none of them until all of them', async () => {
    const other = await person(t, 'Otto Other');
    const zone = await newZone();
    const before = await recordTotal(zone.id);
    let importing = true;
    const imported = importFile(zone.id, 'apply', variedZoneFile(zone.name, 20_000)).finally(() => {
      importing = false;
    });
    const answeredMeanwhile: number[] = [];
    const totalsSeen = new Set<number>();
    while (importing) {
      // Requests arrive from the network (a new turn of the event loop), not as one endless promise chain.
      await new Promise((resolve) => setImmediate(resolve));
      const teams = await send(t, 'GET', '/teams', { token: other.token });
      expectStatus(teams, 200);
      if (importing) answeredMeanwhile.push(answeredMeanwhile.length);
      totalsSeen.add(await recordTotal(zone.id));
    }
    const result = await imported;
    expectStatus(result, 200);
    expect(v.parse(zoneImportResultSchema, result.body).add).toHaveLength(20_000);
    // The other team's requests went through between the import's steps, not after it.
    expect(answeredMeanwhile.length).toBeGreaterThanOrEqual(5);
    // Whenever the zone was read, it had either none of the file's records or every one of them.
    for (const total of totalsSeen) expect([before, before + 20_000]).toContain(total);
    expect(await recordTotal(zone.id)).toBe(before + 20_000);
    expect(t.dns.zones.get(zone.name)?.records).toHaveLength(before + 20_000);
    // Nothing of the import is left behind: its records are plain records of the zone.
    expect(await t.domains.db.select().from(zoneImports)).toEqual([]);
  });

  it('leaves nothing of an import its server stopped in the middle of, and keeps one already applied', async () => {
    const db = t.domains.db;
    const zone = await newZone();
    const before = await recordTotal(zone.id);
    const now = t.clock.now();
    const staged = (importId: string, name: string) => ({
      domainId: zone.id,
      importId,
      type: 'A',
      name,
      value: '192.0.2.7',
      ttl: 300,
      createdAt: now,
      updatedAt: now,
    });
    // Stopped while writing its records: not applied.
    const unfinished = crypto.randomUUID();
    await db.insert(zoneImports).values({ id: unfinished, domainId: zone.id, createdAt: now });
    await db.insert(dnsRecords).values([staged(unfinished, 'half-1'), staged(unfinished, 'half-2')]);
    // Stopped after its transaction committed, before its records were settled: applied.
    const applied = crypto.randomUUID();
    await db.insert(zoneImports).values({ id: applied, domainId: zone.id, createdAt: now, appliedAt: now });
    await db.insert(dnsRecords).values([staged(applied, 'whole-1')]);

    // The unfinished import's records are nobody's: not listed, not counted, not published.
    const names = (await allRecords(t, owner.token, teamId, zone.id)).map((record) => record.name);
    expect(names).toContain('whole-1');
    expect(names).not.toContain('half-1');
    expect(await recordTotal(zone.id)).toBe(before + 1);
    expectStatus(
      await addRecord(t, owner.token, teamId, zone.id, { type: 'A', name: 'after', value: '192.0.2.8' }),
      201,
    );
    const published = t.dns.zones.get(zone.name)!.records.map((record) => record.name);
    expect(published).toEqual(expect.arrayContaining(['whole-1', 'after']));
    expect(published).not.toContain('half-1');

    // Within the hour its server may still finish it; after that, the clean-up removes it.
    expect(await cleanUpImports(db, now)).toBe(1);
    expect(await db.select().from(zoneImports).where(eq(zoneImports.id, unfinished))).toHaveLength(1);
    expect(await cleanUpImports(db, new Date(now.getTime() + 60 * 60_000))).toBe(1);
    expect(await db.select().from(zoneImports)).toEqual([]);
    expect(await db.select().from(dnsRecords).where(eq(dnsRecords.name, 'half-1'))).toEqual([]);
    const [settled] = await db.select().from(dnsRecords).where(eq(dnsRecords.name, 'whole-1'));
    expect(settled?.importId).toBeNull();
    expect(await recordTotal(zone.id)).toBe(before + 2);
  });
});
