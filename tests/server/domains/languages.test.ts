// The domains API in the person's language (issue 30): the shared DNS rules' messages beside a refused
// record's field, a zone import's refused lines, the contract's refusals and an exported zone file's first
// line come in the account's language, as the console would show them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fr from '@/i18n/catalogs/console/fr.json';
import rw from '@/i18n/catalogs/console/rw.json';
import {
  addDomain,
  addRecord,
  buildDomainsTestApp,
  type DomainsTestApp,
  domainsPath,
} from '../support/domains';
import { expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: DomainsTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildDomainsTestApp(database.handle);
});
afterAll(async () => {
  await t?.domains.close();
  await t?.computes.close();
  await database?.dispose();
});

/** Someone whose account speaks `locale`, with a zone of their own. */
async function speaker(
  name: string,
  locale: 'fr' | 'rw',
): Promise<Person & { zone: { id: string; name: string } }> {
  const someone = await person(t, name);
  expectStatus(await send(t, 'PATCH', '/users/me', { token: someone.token, body: { locale } }), 200);
  const added = await addDomain(t, someone.token, someone.ownTeamId);
  expectStatus(added, 201);
  return { ...someone, zone: added.body as { id: string; name: string } };
}

describe('the domains API in the account’s language', () => {
  it('refuses a record in French beside its field, and a request the contract refuses too', async () => {
    const amelie = await speaker('Amélie Fr', 'fr');
    const refused = await addRecord(t, amelie.token, amelie.ownTeamId, amelie.zone.id, {
      type: 'A',
      name: 'www',
      value: '256.1.1.1',
    });
    expectStatus(refused, 422);
    expect(refused.body.errors).toContainEqual({ field: 'value', message: fr['dns.a.format'] });

    // A name that is not text at all is the contract's refusal, before the DNS rules see it.
    const unnamed = await send(t, 'POST', domainsPath(amelie.ownTeamId), {
      token: amelie.token,
      body: { name: 42 },
    });
    expectStatus(unnamed, 422);
    expect(unnamed.body.errors).toContainEqual({
      field: 'name',
      message: fr['contract.domainName.required'],
    });
  });

  it('says why zone file lines are refused in Kinyarwanda, and writes the exported file’s first line in it', async () => {
    const uwase = await speaker('Uwase Rw', 'rw');
    const filePath = (rest: string) => domainsPath(uwase.ownTeamId, `/${uwase.zone.id}/zone-file${rest}`);
    const preview = await send(t, 'POST', filePath('/preview'), {
      token: uwase.token,
      body: { text: 'www 300 IN A 192.0.2.1\nold 300 IN HINFO "PC" "Linux"\n' },
    });
    expectStatus(preview, 200);
    expect(preview.body.refuse).toEqual([
      {
        line: 2,
        text: 'old 300 IN HINFO "PC" "Linux"',
        reason: rw['dns.zoneFile.unsupportedType'].replace('{type}', 'HINFO'),
      },
    ]);

    const exported = await send(t, 'GET', filePath(''), { token: uwase.token });
    expectStatus(exported, 200);
    expect(String(exported.body).split('\n')[0]).toBe(
      `; ${rw['dns.zoneFile.header'].replace('{zone}', uwase.zone.name)}`,
    );
  });
});
