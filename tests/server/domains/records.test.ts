// Records through the API: every type checked by the shared rules (the server refuses exactly what the
// form would), the rules between records, versions, the records the server keeps, and every change
// reaching the DNS server with a new serial — or not being saved at all.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecordSchema } from '@/contract/domains';
import { problemTypes } from '@/contract/problem';
import { checkRecord } from '@/domain/dns';
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

async function newZone() {
  const answer = await addDomain(t, owner.token, teamId);
  expectStatus(answer, 201);
  return answer.body as { id: string; name: string; serial: number };
}

const recordPath = (domainId: string, rest = '') => domainsPath(teamId, `/${domainId}/records${rest}`);

async function readDomain(domainId: string) {
  return (await send(t, 'GET', domainsPath(teamId, `/${domainId}`), { token: owner.token })).body;
}

describe('each record type', () => {
  const cases = [
    {
      good: { type: 'A', name: 'web', value: ' 192.0.2.10 ', ttl: '300' },
      value: '192.0.2.10',
      bad: { value: '256.1.1.1' },
    },
    {
      good: { type: 'AAAA', name: 'web', value: '2001:DB8:0:0:0:0:0:1' },
      value: '2001:db8::1',
      bad: { value: '2001:db8::g' },
    },
    {
      good: { type: 'CNAME', name: 'Blog', value: 'Www.Example.com.' },
      value: 'www.example.com',
      bad: { value: '192.0.2.1' },
    },
    {
      good: { type: 'TXT', name: '_dmarc', value: `"v=DMARC1; p=none; ${'x'.repeat(300)}"` },
      value: `v=DMARC1; p=none; ${'x'.repeat(300)}`,
      bad: { value: '"unclosed' },
    },
    {
      good: { type: 'MX', name: '@', value: 'mail.example.com', priority: 20 },
      value: 'mail.example.com',
      bad: { value: 'mail' },
    },
    { good: { type: 'NS', name: 'dev', value: 'ns1.other.net' }, value: 'ns1.other.net', bad: { name: '@' } },
    {
      good: { type: 'SRV', name: '_sip._tcp', value: 'sip.example.com', priority: 10, weight: 5, port: 5060 },
      value: 'sip.example.com',
      bad: { port: 70000 },
    },
    {
      good: { type: 'CAA', name: '@', value: '0 issue "LetsEncrypt.org"' },
      value: '0 issue "letsencrypt.org"',
      bad: { value: '0 policy "letsencrypt.org"' },
    },
  ] as const;

  it.each(cases)(
    '$good.type: stored canonical, and a bad field refused with its message',
    async ({ good, value, bad }) => {
      const zone = await newZone();
      const created = await addRecord(t, owner.token, teamId, zone.id, good);
      expectStatus(created, 201);
      const record = v.parse(dnsRecordSchema, created.body);
      expect(record).toMatchObject({ type: good.type, value, managed: false, version: 1 });
      expect(t.dns.zones.get(zone.name)?.records).toContainEqual({
        name: record.name,
        type: record.type,
        ttl: record.ttl,
        value: record.value,
        priority: record.priority,
        weight: record.weight,
        port: record.port,
      });

      const wrong = { ...good, ...bad };
      const refused = await addRecord(t, owner.token, teamId, zone.id, wrong);
      expectStatus(refused, 422);
      const expected = checkRecord(wrong as never, zone.name);
      if (expected.ok) throw new Error('the shared rules accept the bad case');
      expect(refused.body.errors).toEqual(
        Object.entries(expected.errors).map(([field, message]) => ({ field, message })),
      );
    },
  );

  it('gives the placeholders as defaults: ttl 3600, MX priority 10, SRV 10 5 80', async () => {
    const zone = await newZone();
    const mx = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'MX',
      name: '@',
      value: 'mx.example.com',
    });
    expect(mx.body).toMatchObject({ ttl: 3600, priority: 10, weight: null, port: null });
    const srv = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'SRV',
      name: '_http._tcp',
      value: 'web.example.com',
    });
    expect(srv.body).toMatchObject({ ttl: 3600, priority: 10, weight: 5, port: 80 });
    const ttl = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'A',
      name: 'x',
      value: '192.0.2.1',
      ttl: 10,
    });
    expectStatus(ttl, 422);
    expect(ttl.body.errors).toEqual([
      { field: 'ttl', message: 'The TTL must be from 60 seconds (one minute) to 604800 seconds (one week).' },
    ]);
  });
});

describe('rules between records', () => {
  it('keeps a CNAME alone at its name and refuses identical records', async () => {
    const zone = await newZone();
    // www holds the sample A records.
    const overA = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'CNAME',
      name: 'www',
      value: 'example.com',
    });
    expectStatus(overA, 422);
    expect(overA.body.errors).toEqual([
      {
        field: 'name',
        message:
          'www already has A records, and a CNAME must be the only record at its name. Choose another name or delete those records first.',
      },
    ]);
    expectStatus(
      await addRecord(t, owner.token, teamId, zone.id, { type: 'CNAME', name: 'blog', value: 'example.com' }),
      201,
    );
    const besideCname = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'TXT',
      name: 'blog',
      value: 'hello',
    });
    expectStatus(besideCname, 422);
    expect(besideCname.body.errors[0].field).toBe('name');

    const duplicate = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'A',
      name: 'WWW',
      value: '192.0.2.53',
      ttl: 1800,
    });
    expectStatus(duplicate, 422);
    expect(duplicate.body.errors).toEqual([{ field: 'value', message: 'This record already exists.' }]);
  });

  it('lets one of two conflicting requests through when they arrive together', async () => {
    const zone = await newZone();
    t.dns.delayMs = 20;
    try {
      const answers = await Promise.all([
        addRecord(t, owner.token, teamId, zone.id, { type: 'CNAME', name: 'race', value: 'a.example.com' }),
        addRecord(t, owner.token, teamId, zone.id, { type: 'A', name: 'race', value: '192.0.2.7' }),
        addRecord(t, owner.token, teamId, zone.id, { type: 'CNAME', name: 'race', value: 'b.example.com' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422]);
    } finally {
      t.dns.delayMs = 0;
    }
    const atRace = (await allRecords(t, owner.token, teamId, zone.id)).filter((r) => r.name === 'race');
    expect(atRace).toHaveLength(1);
  });

  it('gives every record of a name and type the ttl saved last (one ttl per RRset)', async () => {
    const zone = await newZone();
    const first = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'A',
      name: 'api',
      value: '192.0.2.1',
      ttl: 300,
    });
    await addRecord(t, owner.token, teamId, zone.id, {
      type: 'A',
      name: 'api',
      value: '192.0.2.2',
      ttl: 600,
    });
    const api = (await allRecords(t, owner.token, teamId, zone.id)).filter((r) => r.name === 'api');
    expect(api.map((r) => [r.value, r.ttl])).toEqual([
      ['192.0.2.1', 600],
      ['192.0.2.2', 600],
    ]);
    expect(api.find((r) => r.id === first.body.id).version).toBe(2);
  });
});

describe('editing and deleting', () => {
  it('refuses an edit of an older version with 409 and the record as it now stands', async () => {
    const zone = await newZone();
    const created = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'A',
      name: 'app',
      value: '192.0.2.20',
    });
    const path = recordPath(zone.id, `/${created.body.id}`);
    const first = await send(t, 'PUT', path, {
      token: owner.token,
      body: { type: 'A', name: 'app', value: '192.0.2.21', ttl: 600, version: 1 },
    });
    expectStatus(first, 200);
    expect(first.body).toMatchObject({ value: '192.0.2.21', ttl: 600, version: 2 });

    const stale = await send(t, 'PUT', path, {
      token: owner.token,
      body: { type: 'A', name: 'app', value: '192.0.2.99', version: 1 },
    });
    expectStatus(stale, 409);
    expect(stale.body.type).toBe(problemTypes.recordChanged);
    expect(v.parse(dnsRecordSchema, stale.body.current)).toEqual(first.body);
  });

  it('keeps the SOA and our NS records from being edited or deleted', async () => {
    const zone = await newZone();
    const managed = (await allRecords(t, owner.token, teamId, zone.id)).filter((r) => r.managed);
    expect(managed.map((r) => r.type).sort()).toEqual(['NS', 'NS', 'SOA']);
    for (const record of managed) {
      const path = recordPath(zone.id, `/${record.id}`);
      const edit = await send(t, 'PUT', path, {
        token: owner.token,
        body: { type: 'NS', name: 'dev', value: 'ns.example.com', version: record.version },
      });
      expectStatus(edit, 409);
      expect(edit.body.detail).toMatch(
        record.type === 'SOA'
          ? /^The SOA record is kept by the server/
          : /^This NS record names one of our name servers/,
      );
      expectStatus(await send(t, 'DELETE', path, { token: owner.token }), 409);
    }
  });

  it('increases the serial on every change, and the DNS server gets each new zone', async () => {
    const zone = await newZone();
    const serials = [zone.serial];
    const published = () => t.dns.zones.get(zone.name)!;
    const soaSerial = async () =>
      Number(
        (await allRecords(t, owner.token, teamId, zone.id)).find((r) => r.type === 'SOA').value.split(' ')[2],
      );

    const created = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'TXT',
      name: '@',
      value: 'v=spf1 -all',
    });
    serials.push((await readDomain(zone.id)).serial);
    expect(published().records.map((r) => r.value)).toContain('v=spf1 -all');

    const path = recordPath(zone.id, `/${created.body.id}`);
    await send(t, 'PUT', path, {
      token: owner.token,
      body: { type: 'TXT', name: '@', value: 'v=spf1 mx -all', version: 1 },
    });
    serials.push((await readDomain(zone.id)).serial);
    expect(published().records.map((r) => r.value)).toContain('v=spf1 mx -all');

    // Saving what is already there changes nothing, so the serial stays.
    const same = await send(t, 'PUT', path, {
      token: owner.token,
      body: { type: 'TXT', name: '@', value: 'v=spf1 mx -all', version: 2 },
    });
    expect(same.body.version).toBe(2);
    expect((await readDomain(zone.id)).serial).toBe(serials.at(-1));

    await send(t, 'DELETE', path, { token: owner.token });
    serials.push((await readDomain(zone.id)).serial);
    expect(published().records.map((r) => r.value)).not.toContain('v=spf1 mx -all');

    for (let i = 1; i < serials.length; i += 1) expect(serials[i]).toBeGreaterThan(serials[i - 1]!);
    expect(published().serial).toBe(serials.at(-1));
    expect(await soaSerial()).toBe(serials.at(-1));
    const soa = published().records.find((r) => r.type === 'SOA')!;
    expect(soa.value.split(' ')[2]).toBe(String(serials.at(-1)));

    const audit = (await auditRows(t, teamId)).slice(-3).map((row) => row.action);
    expect(audit).toEqual(['domain.record_created', 'domain.record_updated', 'domain.record_deleted']);
  });

  it('saves nothing when the DNS server refuses a change (502)', async () => {
    const zone = await newZone();
    const created = await addRecord(t, owner.token, teamId, zone.id, {
      type: 'A',
      name: 'db',
      value: '192.0.2.30',
    });
    const before = await allRecords(t, owner.token, teamId, zone.id);
    const serial = (await readDomain(zone.id)).serial;
    const auditCount = (await auditRows(t, teamId)).length;
    t.dns.failing = true;
    try {
      const add = await addRecord(t, owner.token, teamId, zone.id, {
        type: 'A',
        name: 'db2',
        value: '192.0.2.31',
      });
      expectStatus(add, 502);
      expect(add.body).toMatchObject({
        type: problemTypes.dnsServerRefused,
        detail: 'The DNS server did not accept the change; nothing was saved.',
      });
      const path = recordPath(zone.id, `/${created.body.id}`);
      expectStatus(
        await send(t, 'PUT', path, {
          token: owner.token,
          body: { type: 'A', name: 'db', value: '192.0.2.32', version: 1 },
        }),
        502,
      );
      expectStatus(await send(t, 'DELETE', path, { token: owner.token }), 502);
    } finally {
      t.dns.failing = false;
    }
    expect(await allRecords(t, owner.token, teamId, zone.id)).toEqual(before);
    expect((await readDomain(zone.id)).serial).toBe(serial);
    expect(await auditRows(t, teamId)).toHaveLength(auditCount);
    expect(t.logs.lines.some((line) => line.msg === 'the DNS driver refused a change; rolled back')).toBe(
      true,
    );
  });
});

describe('the record table', () => {
  it('sorts by name with the apex first, then type and value; filters by type and searches', async () => {
    const zone = await newZone();
    for (const record of [
      { type: 'A', name: '1st', value: '192.0.2.1' },
      { type: 'TXT', name: 'zeta', value: 'Hello World' },
      { type: 'MX', name: '@', value: 'mx.example.com' },
      { type: 'AAAA', name: 'www', value: '2001:db8::1' },
    ]) {
      expectStatus(await addRecord(t, owner.token, teamId, zone.id, record), 201);
    }
    const all = await send(t, 'GET', recordPath(zone.id), { token: owner.token });
    expect(all.body.total).toBe(9);
    expect(all.body.records.map((r: { name: string; type: string }) => `${r.name} ${r.type}`)).toEqual([
      '@ MX',
      '@ NS',
      '@ NS',
      '@ SOA',
      '1st A',
      'www A',
      'www A',
      'www AAAA',
      'zeta TXT',
    ]);
    const a = await send(t, 'GET', recordPath(zone.id, '?type=A'), { token: owner.token });
    expect(a.body.records.map((r: { name: string }) => r.name)).toEqual(['1st', 'www', 'www']);
    expect(a.body.total).toBe(3);
    const search = await send(t, 'GET', recordPath(zone.id, '?search=hello%20WORLD'), { token: owner.token });
    expect(search.body.records.map((r: { name: string }) => r.name)).toEqual(['zeta']);
    const bad = await send(t, 'GET', recordPath(zone.id, '?type=PTR&limit=501'), { token: owner.token });
    expectStatus(bad, 422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['limit', 'type']);
    const damaged = await send(t, 'GET', recordPath(zone.id, '?cursor=nonsense'), { token: owner.token });
    expectStatus(damaged, 422);
    expect(damaged.body.errors).toEqual([
      { field: 'cursor', message: 'This cursor is damaged; start again from the first page.' },
    ]);
  });

  it('pages through 10,000 records in order, each page read off an index', async () => {
    const zone = await newZone();
    const text = Array.from(
      { length: 10_000 },
      (_, i) => `host-${String(i).padStart(5, '0')} 300 IN A 10.${(i >> 8) & 255}.${i & 255}.1`,
    ).join('\n');
    const imported = await send(t, 'POST', domainsPath(teamId, `/${zone.id}/zone-file/apply`), {
      token: owner.token,
      body: { text },
    });
    expectStatus(imported, 200);
    expect(imported.body.add).toHaveLength(10_000);

    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = await send(t, 'GET', recordPath(zone.id, query), { token: owner.token });
      expect(page.body.total).toBe(10_005);
      expect(page.body.records.length).toBeLessThanOrEqual(100);
      names.push(...page.body.records.map((r: { name: string }) => r.name));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(101);
    expect(names).toHaveLength(10_005);
    expect(names.slice(0, 3)).toEqual(['@', '@', '@']);
    expect(names.slice(3, 5)).toEqual(['host-00000', 'host-00001']);
    expect(names.at(-1)).toBe('www');

    await database.handle.db.execute('analyze dns_records');
    const plan = await database.handle.db.execute(
      `explain select * from dns_records where domain_id = '${zone.id}' and (sort_name, type, sort_value, id) > ('host-05000', 'A', '', '00000000-0000-0000-0000-000000000000') order by sort_name, type, sort_value, id limit 101`,
    );
    expect(JSON.stringify(plan.rows)).toContain('dns_records_order');
  });
});
