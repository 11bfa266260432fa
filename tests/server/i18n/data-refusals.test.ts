// The data and network resources' refusals (issue 30) come back in the account's language with the values
// in their place: a network's public block, a volume too large (its largest size written as French writes
// numbers), a firewall rule's source that is no address, in French and in Kinyarwanda.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTeamOf } from '../support/billing';
import { RM } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let french: Person;
let kinyarwanda: Person;
let frenchTeam: string;
let kinyarwandaTeam: string;

async function speaking(name: string, locale: string): Promise<Person> {
  const someone = await person(t, name);
  expectStatus(await send(t, 'PATCH', '/users/me', { token: someone.token, body: { locale } }), 200);
  return someone;
}

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  french = await speaking('Fanny Réseau', 'fr');
  kinyarwanda = await speaking('Keza Urusobe', 'rw');
  frenchTeam = await fundedTeamOf(t, french, [], 'Équipe');
  kinyarwandaTeam = await fundedTeamOf(t, kinyarwanda, [], 'Itsinda');
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

const refusal = async (who: Person, team: string, resource: string, body: Record<string, unknown>) => {
  const answer = await send(t, 'POST', `${RM}/teams/${team}/${resource}`, {
    token: who.token,
    body,
    headers: { 'Accept-Language': 'en' },
  });
  expectStatus(answer, 422);
  return answer.body.errors as { field: string; message: string }[];
};

describe('refusals of volumes, firewalls and private networks', () => {
  it('are written in French for an account in French, whatever the request asks for', async () => {
    expect(
      await refusal(french, frenchTeam, 'networks', { name: 'dorsale', ipv4Block: '8.8.8.0/24' }),
    ).toEqual([
      {
        field: 'ipv4Block',
        message:
          "8.8.8.0/24 n'est pas un bloc privé\u00a0: choisissez-en un dans 10.0.0.0/8, 172.16.0.0/12 ou 192.168.0.0/16 (RFC 1918).",
      },
    ]);
    const tooLarge = await refusal(french, frenchTeam, 'volumes', {
      name: 'données',
      sizeGb: 20_000,
      locationId: 'kgl1',
    });
    expect(tooLarge).toContainEqual({
      field: 'sizeGb',
      message: 'Un volume fait au plus 16\u202f384\u00a0Go.',
    });
  });

  it('are written in Kinyarwanda for an account in Kinyarwanda', async () => {
    const errors = await refusal(kinyarwanda, kinyarwandaTeam, 'firewalls', {
      name: 'urubuga',
      rules: [{ protocol: 'tcp', ports: '80', sources: ['example.com'] }],
    });
    expect(errors).toEqual([
      {
        field: 'rules.0.sources.0',
        message: 'example.com si aderesi cyangwa prefix: andika nka 203.0.113.0/24 cyangwa 2001:db8::/32.',
      },
    ]);
  });
});
