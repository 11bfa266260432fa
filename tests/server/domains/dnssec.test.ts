// DNSSEC through the API: signing a zone (a key kept encrypted, the zone published signed, the DS to
// give the registrar), rolling the key (refused to complete while the parent names only the old key),
// turning signing off (refused while the parent publishes a DS), and another team's zone untouchable.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainSchema } from '@/contract/domains';
import { ensureInstanceSettings } from '../../../server/db/instance-settings';
import { dnssecKeys } from '../../../server/db/schema';
import { createKeyVault } from '../../../server/domains/dnssec';
import { addDomain, buildDomainsTestApp, type DomainsTestApp, domainsPath } from '../support/domains';
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
  owner = await person(t, 'Sina Signer');
  outsider = await person(t, 'Oscar Outsider');
  teamId = await teamOf(t, owner);
  otherTeamId = await teamOf(t, outsider, [], 'Other team');
});
afterAll(async () => {
  await t?.domains.close();
  await t?.computes.close();
  await database?.dispose();
});

const dnssecPath = (domainId: string, rest = '') => domainsPath(teamId, `/${domainId}/dnssec${rest}`);

async function newZone() {
  const answer = await addDomain(t, owner.token, teamId);
  expectStatus(answer, 201);
  return v.parse(domainSchema, answer.body);
}

describe('signing a zone', () => {
  it('creates an ECDSA P-256 key, publishes the zone signed, and shows the DS for the registrar', async () => {
    const zone = await newZone();
    expect(zone.dnssec).toMatchObject({ status: 'unsigned', keys: [] });
    // The check made right after adding a zone asks for DS records too: the fake parent has none.
    await t.domains.delegation.idle();
    const checked = await send(t, 'GET', domainsPath(teamId, `/${zone.id}`), { token: owner.token });
    expect(v.parse(domainSchema, checked.body).dnssec.parent.status).toBe('absent');
    const serialBefore = zone.serial;

    const answer = await send(t, 'POST', dnssecPath(zone.id), { token: owner.token });
    expectStatus(answer, 200);
    const signed = v.parse(domainSchema, answer.body);
    expect(signed.dnssec.status).toBe('signed');
    expect(signed.serial).toBeGreaterThan(serialBefore);
    const [key] = signed.dnssec.keys;
    expect(key).toMatchObject({ algorithm: 13, flags: 257, role: 'current' });
    expect(key!.dnskey).toMatch(/^257 3 13 [A-Za-z0-9+/]{86}==$/);
    expect(key!.ds).toEqual([expect.stringMatching(new RegExp(`^${key!.keyTag} 13 2 [0-9A-F]{64}$`))]);

    const published = t.dns.zones.get(zone.name)!;
    expect(published.serial).toBe(signed.serial);
    expect(published.dnssec?.keys.map((item) => item.keyTag)).toEqual([key!.keyTag]);

    // Kept encrypted: the stored private key is sealed, and opens only with this installation's secret.
    const [row] = await t.identity.db.select().from(dnssecKeys);
    const sealed = Buffer.from(row!.privateKey, 'base64');
    const { instanceSecret } = await ensureInstanceSettings(t.identity.db);
    const opened = createKeyVault(instanceSecret).open(row!.privateKey);
    expect(opened[0]).toBe(0x30);
    expect(sealed.includes(opened.subarray(-40))).toBe(false);
    expect(() => createKeyVault('another installation').open(row!.privateKey)).toThrow();

    // Signing again changes nothing.
    const again = await send(t, 'POST', dnssecPath(zone.id), { token: owner.token });
    expect(v.parse(domainSchema, again.body).serial).toBe(signed.serial);
    expect((await auditRows(t, teamId)).map((entry) => entry.action)).toContain('domain.dnssec_enabled');
  });

  it('tells whether the parent publishes the DS, at the delegation check', async () => {
    const zone = await newZone();
    const signed = v.parse(
      domainSchema,
      (await send(t, 'POST', dnssecPath(zone.id), { token: owner.token })).body,
    );
    t.resolver.dsAnswers.set(zone.name, { ok: true, records: signed.dnssec.keys[0]!.ds });
    t.clock.advance(11_000);
    const checked = await send(t, 'POST', domainsPath(teamId, `/${zone.id}/delegation-check`), {
      token: owner.token,
    });
    expectStatus(checked, 200);
    expect(v.parse(domainSchema, checked.body).dnssec.parent).toMatchObject({
      status: 'published',
      found: signed.dnssec.keys[0]!.ds,
    });
    t.resolver.dsAnswers.set(zone.name, { ok: true, records: ['1 13 2 ABCDEF'] });
    t.clock.advance(11_000);
    const wrong = await send(t, 'POST', domainsPath(teamId, `/${zone.id}/delegation-check`), {
      token: owner.token,
    });
    expect(v.parse(domainSchema, wrong.body).dnssec.parent.status).toBe('mismatch');
  });
});

describe('a key roll', () => {
  it('signs with both keys, refuses to finish while the parent names only the old key, then drops it', async () => {
    const zone = await newZone();
    const signed = v.parse(
      domainSchema,
      (await send(t, 'POST', dnssecPath(zone.id), { token: owner.token })).body,
    );
    const oldDs = signed.dnssec.keys[0]!.ds;
    t.resolver.dsAnswers.set(zone.name, { ok: true, records: oldDs });

    const rolling = v.parse(
      domainSchema,
      (await send(t, 'POST', dnssecPath(zone.id, '/rollover'), { token: owner.token })).body,
    );
    expect(rolling.dnssec.status).toBe('rolling');
    expect(rolling.dnssec.keys.map((key) => key.role)).toEqual(['outgoing', 'incoming']);
    expect(t.dns.zones.get(zone.name)!.dnssec!.keys).toHaveLength(2);
    expectStatus(await send(t, 'POST', dnssecPath(zone.id, '/rollover'), { token: owner.token }), 409);

    const early = await send(t, 'POST', dnssecPath(zone.id, '/rollover/complete'), { token: owner.token });
    expectStatus(early, 409);
    expect(early.body.detail).toContain('new DS');

    const newDs = rolling.dnssec.keys[1]!.ds;
    t.resolver.dsAnswers.set(zone.name, { ok: true, records: newDs });
    const done = await send(t, 'POST', dnssecPath(zone.id, '/rollover/complete'), { token: owner.token });
    expectStatus(done, 200);
    const after = v.parse(domainSchema, done.body);
    expect(after.dnssec).toMatchObject({ status: 'signed', parent: { status: 'published' } });
    expect(after.dnssec.keys.map((key) => key.keyTag)).toEqual([rolling.dnssec.keys[1]!.keyTag]);
    expect(t.dns.zones.get(zone.name)!.dnssec!.keys.map((key) => key.keyTag)).toEqual([
      rolling.dnssec.keys[1]!.keyTag,
    ]);
  });
});

describe('turning signing off', () => {
  it('is refused while the parent publishes a DS, and allowed once it is gone', async () => {
    const zone = await newZone();
    const signed = v.parse(
      domainSchema,
      (await send(t, 'POST', dnssecPath(zone.id), { token: owner.token })).body,
    );
    t.resolver.dsAnswers.set(zone.name, { ok: true, records: signed.dnssec.keys[0]!.ds });
    const refused = await send(t, 'DELETE', dnssecPath(zone.id), {
      token: owner.token,
      body: { dsRemoved: true },
    });
    expectStatus(refused, 409);
    expect(refused.body.detail).toContain('Remove it at your registrar first');
    expect(t.dns.zones.get(zone.name)!.dnssec).toBeDefined();

    t.resolver.dsAnswers.set(zone.name, { ok: true, records: [] });
    const off = await send(t, 'DELETE', dnssecPath(zone.id), { token: owner.token, body: {} });
    expectStatus(off, 200);
    expect(v.parse(domainSchema, off.body).dnssec).toMatchObject({ status: 'unsigned', keys: [] });
    expect(t.dns.zones.get(zone.name)!.dnssec).toBeUndefined();
    expect((await auditRows(t, teamId)).map((entry) => entry.action)).toContain('domain.dnssec_disabled');
  });

  it('asks for the person’s word when no resolver answers', async () => {
    const zone = await newZone();
    await send(t, 'POST', dnssecPath(zone.id), { token: owner.token });
    t.resolver.dsAnswers.set(zone.name, { ok: false, reason: 'SERVFAIL (fake)' });
    const unsure = await send(t, 'DELETE', dnssecPath(zone.id), { token: owner.token, body: {} });
    expectStatus(unsure, 409);
    expect(unsure.body.detail).toContain('Confirm that you removed it');
    const confirmed = await send(t, 'DELETE', dnssecPath(zone.id), {
      token: owner.token,
      body: { dsRemoved: true },
    });
    expectStatus(confirmed, 200);
    expect(v.parse(domainSchema, confirmed.body).dnssec.status).toBe('unsigned');
  });
});

it('answers 404 for another team’s zone', async () => {
  const zone = await newZone();
  for (const [method, rest] of [
    ['POST', ''],
    ['DELETE', ''],
    ['POST', '/rollover'],
    ['POST', '/rollover/complete'],
  ] as const) {
    const answer = await send(t, method, domainsPath(otherTeamId, `/${zone.id}/dnssec${rest}`), {
      token: outsider.token,
      body: method === 'DELETE' ? {} : undefined,
    });
    expectStatus(answer, 404);
  }
  expect(t.dns.zones.get(zone.name)!.dnssec).toBeUndefined();
});
