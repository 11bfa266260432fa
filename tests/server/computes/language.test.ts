// The computes API answers in the account's language (issue 30): the contract's refusals beside a field and
// the lifecycle's reasons for a 409 come from the same catalog messages the console shows, in French or
// Kinyarwanda for an account that chose it, whatever the request's Accept-Language says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTeamOf } from '../support/billing';
import { action, computeRequest, computesPath, createCompute, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, call, type IdentityTestApp } from '../support/identity';
import { expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function speaking(locale: 'fr' | 'rw', name: string): Promise<{ owner: Person; teamId: string }> {
  const owner = await person(t, name);
  const changed = await call(t, 'PATCH', '/users/me', { locale }, { token: owner.token });
  expect(changed.status).toBe(200);
  return { owner, teamId: await fundedTeamOf(t, owner, [], `${name} team`) };
}

const fieldMessage = (body: { errors?: Array<{ field: string; message: string }> }, field: string) =>
  body.errors?.find((error) => error.field === field)?.message;

describe('the computes API in the account’s language', () => {
  it('refuses a bad hostname beside the field, and a power action the status forbids, in French', async () => {
    const { owner, teamId } = await speaking('fr', 'Aline Mukamana');
    const refused = await createCompute(t, owner.token, teamId, computeRequest({ hostname: '-web-' }));
    expectStatus(refused, 422);
    expect(fieldMessage(refused.body, 'hostname')).toBe(
      "Utilisez des lettres, des chiffres et des traits d'union, en commençant et en finissant par une lettre ou un chiffre.",
    );

    const created = await createCompute(t, owner.token, teamId, computeRequest());
    expectStatus(created, 201);
    const id = created.body.compute.id as string;
    await waitForStatus(t, owner.token, teamId, id, 'running');
    const again = await action(t, owner.token, teamId, id, 'power_on');
    expectStatus(again, 409);
    expect(again.body.detail).toBe("L'instance est déjà en marche.");
  });

  it('says in Kinyarwanda why a running compute is not resized', async () => {
    const { owner, teamId } = await speaking('rw', 'Eric Habimana');
    const created = await createCompute(t, owner.token, teamId, computeRequest());
    const id = created.body.compute.id as string;
    await waitForStatus(t, owner.token, teamId, id, 'running');
    const resized = await send(t, 'POST', computesPath(teamId, `/${id}/resize`), {
      token: owner.token,
      body: { instanceTypeId: 's-2vcpu-4gb' },
      headers: { 'Accept-Language': 'en' },
    });
    expectStatus(resized, 409);
    expect(resized.body.detail).toBe(
      'Mudasobwa irakora: banza uyizimye (guhindura ingano bisaba ko izimye).',
    );
  });
});
