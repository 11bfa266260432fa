// The server's own problems come in the account's language (issue 30), whatever the request's
// Accept-Language says: a team that is not theirs, a hostname already taken (the hostname kept as typed),
// a DNS record the server keeps, and a request the shared contract refuses, in French and in Kinyarwanda;
// before sign-in, a refusal follows Accept-Language.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTeamOf } from '../support/billing';
import { computeRequest, createCompute, RM } from '../support/computes';
import {
  addDomain,
  allRecords,
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

/** Someone whose account speaks `locale`, and a funded team of theirs. */
async function speaker(name: string, locale: 'fr' | 'rw'): Promise<Person & { teamId: string }> {
  const someone = await person(t, name);
  expectStatus(await send(t, 'PATCH', '/users/me', { token: someone.token, body: { locale } }), 200);
  return { ...someone, teamId: await fundedTeamOf(t, someone, [], `${name}`) };
}

/** Every request below asks for English: the account's language wins. */
const asking = (token: string, body?: unknown) => ({ token, body, headers: { 'Accept-Language': 'en' } });

/** What each language says for the four refusals. */
const EXPECTED = {
  fr: {
    teamTitle: 'Équipe introuvable',
    teamDetail: "Cette équipe n'existe pas, ou vous n'en êtes pas membre.",
    hostnameTaken: (hostname: string) => `Cette équipe a déjà une instance nommée ${hostname}.`,
    someFields: 'Certains champs sont à revoir.',
    recordTitle: 'Géré par le serveur',
    soa: "L'enregistrement SOA est géré par le serveur (son numéro de série augmente à chaque modification)\u00a0; il ne peut être ni modifié ni supprimé.",
    required: 'Ce champ est obligatoire.',
    name: 'Saisissez votre nom.',
  },
  rw: {
    teamTitle: 'Itsinda ntiribonetse',
    teamDetail: 'Iri tsinda ntiribaho, cyangwa nturi umunyamuryango waryo.',
    hostnameTaken: (hostname: string) => `Iri tsinda risanzwe rifite mudasobwa yitwa ${hostname}.`,
    someFields: 'Hari ibyo ukwiye gukosora mu byo wanditse.',
    recordTitle: 'Icungwa na seriveri',
    soa: "Inyandiko ya SOA icungwa na seriveri (nimero yayo y'uruhererekane yiyongera kuri buri hinduka); ntishobora guhindurwa cyangwa gusibwa.",
    required: 'Uyu mwanya ugomba kuzuzwa.',
    name: 'Andika izina ryawe.',
  },
} as const;

describe.each(['fr', 'rw'] as const)('the server’s refusals for an account in %s', (locale) => {
  const words = EXPECTED[locale];
  let someone: Person & { teamId: string };
  beforeAll(async () => {
    someone = await speaker(locale === 'fr' ? 'Aline Fr' : 'Keza Rw', locale);
  });

  it('say that a team is not theirs', async () => {
    const answer = await send(t, 'GET', `/teams/${randomUUID()}`, asking(someone.token));
    expectStatus(answer, 404);
    expect(answer.body).toMatchObject({ title: words.teamTitle, detail: words.teamDetail });
    // The resource manager's team paths answer the same words.
    const computes = await send(t, 'GET', `${RM}/teams/${randomUUID()}/computes`, asking(someone.token));
    expectStatus(computes, 404);
    expect(computes.body.detail).toBe(words.teamDetail);
  });

  it('name the hostname a team already has, beside the field', async () => {
    const first = computeRequest();
    expectStatus(await createCompute(t, someone.token, someone.teamId, first), 201);
    const again = await send(t, 'POST', `${RM}/teams/${someone.teamId}/computes`, {
      ...asking(someone.token, computeRequest({ hostname: first.hostname })),
      headers: { 'Accept-Language': 'en', 'Idempotency-Key': randomUUID() },
    });
    expectStatus(again, 422);
    expect(again.body.detail).toBe(words.someFields);
    expect(again.body.errors).toEqual([{ field: 'hostname', message: words.hostnameTaken(first.hostname) }]);
  });

  it('keep the zone’s SOA record, and say why', async () => {
    const zone = await addDomain(t, someone.token, someone.teamId);
    expectStatus(zone, 201);
    const records = await allRecords(t, someone.token, someone.teamId, zone.body.id);
    const soa = records.find((record) => record.type === 'SOA');
    const path = domainsPath(someone.teamId, `/${zone.body.id}/records/${soa.id}`);
    const refused = await send(t, 'DELETE', path, asking(someone.token));
    expectStatus(refused, 409);
    expect(refused.body).toMatchObject({ title: words.recordTitle, detail: words.soa });
  });

  it('word what the shared contract refuses', async () => {
    // A required field left out: the contract's schema refuses it, with the server's words for "missing".
    const { hostname: _left, ...withoutHostname } = computeRequest();
    const missing = await send(t, 'POST', `${RM}/teams/${someone.teamId}/computes`, {
      ...asking(someone.token, withoutHostname),
      headers: { 'Accept-Language': 'en', 'Idempotency-Key': randomUUID() },
    });
    expectStatus(missing, 422);
    expect(missing.body.detail).toBe(words.someFields);
    expect(missing.body.errors).toContainEqual({ field: 'hostname', message: words.required });

    // A field the contract's own message refuses, with the same detail.
    const unnamed = await send(t, 'PATCH', '/users/me', asking(someone.token, { name: '  ' }));
    expectStatus(unnamed, 422);
    expect(unnamed.body.detail).toBe(words.someFields);
    expect(unnamed.body.errors).toEqual([{ field: 'name', message: words.name }]);
  });
});

describe('before sign-in', () => {
  it('a refusal follows Accept-Language', async () => {
    const ask = (language: string) =>
      send(t, 'POST', '/auth/email-code', { body: {}, headers: { 'Accept-Language': language } });
    const french = await ask('fr-RW, en;q=0.5');
    expectStatus(french, 422);
    expect(french.body.detail).toBe('Certains champs sont à revoir.');
    expect(french.body.errors).toContainEqual({ field: 'email', message: 'Ce champ est obligatoire.' });
    const english = await ask('de');
    expect(english.body.errors).toContainEqual({ field: 'email', message: 'This field is required.' });
  });
});
