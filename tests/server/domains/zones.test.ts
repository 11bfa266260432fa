// Adding, listing, reading and deleting domains through the API: what a new zone holds, who may host a
// name, and what another team sees.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainListSchema, domainSchema } from '@/contract/domains';
import {
  addDomain,
  allRecords,
  buildDomainsTestApp,
  type DomainsTestApp,
  domainsPath,
  uniqueZone,
} from '../support/domains';
import { auditRows, expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: DomainsTestApp;
let owner: Person;
let outsider: Person;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildDomainsTestApp(database.handle);
  owner = await person(t, 'Olive Owner');
  outsider = await person(t, 'Oscar Outsider');
  teamId = await teamOf(t, owner);
  otherTeamId = await teamOf(t, outsider, [], 'Other team');
});
afterAll(async () => {
  await t?.domains.close();
  await t?.computes.close();
  await database?.dispose();
});

const today = () => {
  const now = t.clock.now();
  return now.getUTCFullYear() * 1_000_000 + (now.getUTCMonth() + 1) * 10_000 + now.getUTCDate() * 100;
};

describe('adding a domain', () => {
  it('stores an internationalized name in punycode, with its SOA, our NS records and the sample records', async () => {
    const answer = await addDomain(t, owner.token, teamId, '  Urugero-Ü.RW. ');
    expectStatus(answer, 201);
    const domain = v.parse(domainSchema, answer.body);
    expect(domain).toMatchObject({
      teamId,
      name: 'xn--urugero--e6a.rw',
      displayName: 'urugero-ü.rw',
      nameServers: ['ns1.ikirere.test', 'ns2.ikirere.test'],
      delegation: { status: 'pending', found: [] },
      serial: today(),
      recordCount: 5,
    });

    const records = await allRecords(t, owner.token, teamId, domain.id);
    const shown = records.map((r) => [r.type, r.name, r.value, r.ttl, r.managed]);
    expect(shown).toEqual([
      ['NS', '@', 'ns1.ikirere.test', 3600, true],
      ['NS', '@', 'ns2.ikirere.test', 3600, true],
      [
        'SOA',
        '@',
        `ns1.ikirere.test hostmaster.xn--urugero--e6a.rw ${today()} 7200 3600 1209600 300`,
        3600,
        true,
      ],
      ['A', 'www', '192.0.2.53', 1800, false],
      ['A', 'www', '198.51.100.53', 1800, false],
    ]);

    // The DNS server got the zone before the answer came back.
    const published = t.dns.zones.get('xn--urugero--e6a.rw');
    expect(published?.serial).toBe(today());
    expect(published?.records).toHaveLength(5);
    expect(published?.records).toContainEqual({
      name: 'www',
      type: 'A',
      ttl: 1800,
      value: '192.0.2.53',
      priority: null,
      weight: null,
      port: null,
    });

    const audit = await auditRows(t, teamId);
    expect(audit.at(-1)).toMatchObject({
      action: 'domain.created',
      target: 'urugero-ü.rw',
      actorUserId: owner.id,
    });
  });

  it('lets the sample records be edited and deleted like any other', async () => {
    const created = await addDomain(t, owner.token, teamId);
    const records = await allRecords(t, owner.token, teamId, created.body.id);
    const sample = records.find((r) => r.type === 'A')!;
    const removed = await send(t, 'DELETE', domainsPath(teamId, `/${created.body.id}/records/${sample.id}`), {
      token: owner.token,
    });
    expectStatus(removed, 204);
  });

  it('refuses a name that is not a domain, with the message beside the field', async () => {
    for (const [name, message] of [
      ['', 'Enter a domain name, like example.rw.'],
      ['localhost', 'A domain needs at least two parts, like example.rw.'],
      ['https://example.rw/page', 'Enter only the domain name, like example.rw (without http:// or a path).'],
    ] as const) {
      const answer = await addDomain(t, owner.token, teamId, name);
      expectStatus(answer, 422);
      expect(answer.body.errors).toEqual([{ field: 'name', message }]);
    }
  });

  it('hosts a zone once: the same name answers 409 for any team, without saying whose it is', async () => {
    const name = uniqueZone('taken');
    expectStatus(await addDomain(t, owner.token, teamId, name), 201);
    for (const [token, team] of [
      [owner.token, teamId],
      [outsider.token, otherTeamId],
    ] as const) {
      const again = await addDomain(t, token, team, name.toUpperCase());
      expectStatus(again, 409);
      expect(again.body.detail).toBe(`${name} is already hosted here.`);
      expect(again.body.errors).toEqual([{ field: 'name', message: `${name} is already hosted here.` }]);
    }
  });

  it('refuses a zone inside or around another team’s zone, but lets a team split its own', async () => {
    const name = uniqueZone('parent');
    expectStatus(await addDomain(t, owner.token, teamId, name), 201);
    const inside = await addDomain(t, outsider.token, otherTeamId, `shop.${name}`);
    expectStatus(inside, 409);
    expect(inside.body.detail).toBe(`shop.${name} is inside a domain that is already hosted here.`);
    expectStatus(await addDomain(t, owner.token, teamId, `dev.${name}`), 201);

    const child = uniqueZone('child');
    expectStatus(await addDomain(t, owner.token, teamId, `a.${child}`), 201);
    const around = await addDomain(t, outsider.token, otherTeamId, child);
    expectStatus(around, 409);
    expect(around.body.detail).toBe(`${child} contains a domain that is already hosted here.`);
  });

  it('refuses the zones of our own name servers', async () => {
    for (const name of ['ikirere.test', 'ns1.ikirere.test', 'x.ikirere.test']) {
      const answer = await addDomain(t, owner.token, teamId, name);
      expectStatus(answer, 422);
      expect(answer.body.errors[0].field).toBe('name');
      expect(answer.body.errors[0].message).toContain('own name servers (ikirere.test)');
    }
  });

  it('saves nothing when the DNS server refuses the new zone (502)', async () => {
    const name = uniqueZone('refused');
    t.dns.failing = true;
    try {
      const answer = await addDomain(t, owner.token, teamId, name);
      expectStatus(answer, 502);
      expect(answer.body.detail).toBe('The DNS server did not accept the change; nothing was saved.');
    } finally {
      t.dns.failing = false;
    }
    const list = await send(t, 'GET', domainsPath(teamId, `?search=${name}`), { token: owner.token });
    expect(list.body.domains).toEqual([]);
    expectStatus(await addDomain(t, owner.token, teamId, name), 201);
  });
});

describe('listing and reading domains', () => {
  it('lists the team’s domains by name with record counts, searchable in ASCII or Unicode', async () => {
    const team = await teamOf(t, owner, [], 'Listing team');
    await addDomain(t, owner.token, team, 'bravo-list.rw');
    await addDomain(t, owner.token, team, 'alpha-list.rw');
    await addDomain(t, owner.token, team, 'kigali-ñ-list.rw');
    const all = await send(t, 'GET', domainsPath(team), { token: owner.token });
    expectStatus(all, 200);
    const { domains } = v.parse(domainListSchema, all.body);
    expect(domains.map((d) => d.displayName)).toEqual(['alpha-list.rw', 'bravo-list.rw', 'kigali-ñ-list.rw']);
    expect(domains.every((d) => d.recordCount === 5)).toBe(true);

    const unicode = await send(t, 'GET', domainsPath(team, `?search=${encodeURIComponent('Ñ')}`), {
      token: owner.token,
    });
    expect(unicode.body.domains.map((d: { name: string }) => d.name)).toEqual(['xn--kigali--list-ghb.rw']);
    const ascii = await send(t, 'GET', domainsPath(team, '?search=BRAVO'), { token: owner.token });
    expect(ascii.body.domains.map((d: { name: string }) => d.name)).toEqual(['bravo-list.rw']);
    const none = await send(t, 'GET', domainsPath(team, '?search=100%25'), { token: owner.token });
    expect(none.body.domains).toEqual([]);
  });

  it('answers 404 for another team’s domain and records, as for an id that never existed', async () => {
    const theirs = await addDomain(t, outsider.token, otherTeamId);
    const domainId = theirs.body.id;
    const records = await allRecords(t, outsider.token, otherTeamId, domainId);
    const recordId = records.find((r) => r.type === 'A').id;
    const calls: [string, string, unknown?][] = [
      ['GET', ''],
      ['DELETE', '', { confirmName: theirs.body.name }],
      ['POST', '/delegation-check'],
      ['GET', '/records'],
      ['POST', '/records', { type: 'A', name: 'x', value: '192.0.2.1' }],
      ['PUT', `/records/${recordId}`, { type: 'A', name: 'x', value: '192.0.2.1', version: 1 }],
      ['DELETE', `/records/${recordId}`],
      ['GET', '/zone-file'],
      ['POST', '/zone-file/preview', { text: 'x A 192.0.2.1' }],
      ['POST', '/zone-file/apply', { text: 'x A 192.0.2.1' }],
    ];
    for (const [method, path, body] of calls) {
      const onOurs = await send(t, method, domainsPath(teamId, `/${domainId}${path}`), {
        token: owner.token,
        body,
      });
      expect(onOurs.status, `${method} ${path}`).toBe(404);
      const onTheirs = await send(t, method, domainsPath(otherTeamId, `/${domainId}${path}`), {
        token: owner.token,
        body,
      });
      expect(onTheirs.status, `${method} ${path} on their team`).toBe(404);
    }
    const ours = await addDomain(t, owner.token, teamId);
    for (const [method, body] of [
      ['PUT', { type: 'A', name: 'x', value: '192.0.2.1', version: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await send(t, method, domainsPath(teamId, `/${ours.body.id}/records/${recordId}`), {
        token: owner.token,
        body,
      });
      expectStatus(answer, 404);
      expect(answer.body.detail).toBe('This zone has no such record. It may have been deleted.');
    }
    expectStatus(await send(t, 'GET', domainsPath(teamId, '/not-a-uuid'), { token: owner.token }), 404);
    const missing = await send(t, 'DELETE', domainsPath(teamId, `/${ours.body.id}/records/not-a-uuid`), {
      token: owner.token,
    });
    expectStatus(missing, 404);
    // Nothing of theirs changed.
    expect(await allRecords(t, outsider.token, otherTeamId, domainId)).toEqual(records);
  });
});

describe('deleting a domain', () => {
  it('asks for the name (ASCII or Unicode), then removes the zone from the DNS server', async () => {
    const created = await addDomain(t, owner.token, teamId, 'gusiba-ç.rw');
    const path = domainsPath(teamId, `/${created.body.id}`);
    const wrong = await send(t, 'DELETE', path, { token: owner.token, body: { confirmName: 'gusiba.rw' } });
    expectStatus(wrong, 422);
    expect(wrong.body.errors).toEqual([
      {
        field: 'confirmName',
        message: 'Type the domain’s name, gusiba-ç.rw (xn--gusiba--0xa.rw), to confirm.',
      },
    ]);
    expectStatus(
      await send(t, 'DELETE', path, { token: owner.token, body: { confirmName: 'Gusiba-Ç.rw' } }),
      204,
    );
    expect(t.dns.zones.has('xn--gusiba--0xa.rw')).toBe(false);
    expect(t.dns.unpublished).toContain('xn--gusiba--0xa.rw');
    expectStatus(await send(t, 'GET', path, { token: owner.token }), 404);

    const again = await addDomain(t, owner.token, teamId, 'xn--gusiba--0xa.rw');
    expectStatus(again, 201);
    t.dns.failing = true;
    try {
      const refused = await send(t, 'DELETE', domainsPath(teamId, `/${again.body.id}`), {
        token: owner.token,
        body: { confirmName: 'xn--gusiba--0xa.rw' },
      });
      expectStatus(refused, 502);
    } finally {
      t.dns.failing = false;
    }
    expectStatus(await send(t, 'GET', domainsPath(teamId, `/${again.body.id}`), { token: owner.token }), 200);
  });

  it('keeps a team that holds a domain from being deleted until the domain is gone', async () => {
    const team = await teamOf(t, owner, [], 'Team with a domain');
    const created = await addDomain(t, owner.token, team);
    const refused = await send(t, 'DELETE', `/teams/${team}`, { token: owner.token });
    expectStatus(refused, 409);
    expect(refused.body.detail).toBe(
      'This team still has 1 domain. Delete them first: a team can be deleted only when it holds nothing.',
    );
    await send(t, 'DELETE', domainsPath(team, `/${created.body.id}`), {
      token: owner.token,
      body: { confirmName: created.body.name },
    });
    expectStatus(await send(t, 'DELETE', `/teams/${team}`, { token: owner.token }), 204);
  });
});
