// What the server writes down to be read later (a compute's history, the ledger) is stored as a message id
// with its values, not as words (issue 30): an entry written while everyone spoke English reads in French for
// a French reader and in Kinyarwanda for a Kinyarwanda one, money as each language writes it; rows from
// before ids (their text only) and words someone typed are shown as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeEvents } from '../../../server/db/schema';
import { billingPath, fund, payAtCheckout, startTopUp } from '../support/billing';
import { computeRequest, computesPath, createCompute, history, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, call, type IdentityTestApp } from '../support/identity';
import { expectStatus, type Person, person, send, teamOf } from '../support/teams';
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

async function speaking(locale: 'fr' | 'rw', name: string): Promise<Person> {
  const reader = await person(t, name);
  expect((await call(t, 'PATCH', '/users/me', { locale }, { token: reader.token })).status).toBe(200);
  return reader;
}

async function historyMessages(reader: Person, teamId: string, computeId: string): Promise<string[]> {
  const answer = await history(t, reader.token, teamId, computeId);
  expectStatus(answer, 200);
  return (answer.body.events as Array<{ message: string | null }>).flatMap((event) =>
    event.message === null ? [] : [event.message],
  );
}

async function ledgerDescriptions(reader: Person, teamId: string): Promise<string[]> {
  const answer = await send(t, 'GET', billingPath(teamId, '/ledger'), { token: reader.token });
  expectStatus(answer, 200);
  return (answer.body.entries as Array<{ description: string }>).map((entry) => entry.description);
}

describe('stored messages read in the reader’s language', () => {
  it('shows a compute’s history and the ledger written in English in French and in Kinyarwanda', async () => {
    const owner = await person(t, 'Ada Nkusi');
    const french = await speaking('fr', 'Aline Mukamana');
    const kinyarwanda = await speaking('rw', 'Eric Habimana');
    const teamId = await teamOf(t, owner, [
      [french, 'ADMIN'],
      [kinyarwanda, 'ADMIN'],
    ]);
    // Words someone typed (an adjustment's description) stay as they are in every language.
    await fund(t, teamId);

    // Everything below is done by the English-speaking owner.
    const created = await createCompute(t, owner.token, teamId, computeRequest({ hostname: 'web-1' }));
    expectStatus(created, 201);
    const computeId = created.body.compute.id as string;
    await waitForStatus(t, owner.token, teamId, computeId, 'running');
    const tagged = await send(t, 'PUT', computesPath(teamId, `/${computeId}/tags`), {
      token: owner.token,
      body: { tags: ['web', 'prod'] },
    });
    expectStatus(tagged, 200);
    const started = await startTopUp(t, owner.token, teamId, 12_500);
    expectStatus(started, 201);
    expect((await payAtCheckout(t, started.body.topUp.checkoutUrl, 'approve')).status).toBe(303);

    // A history row from before messages had ids: its text only.
    await t.identity.db.insert(computeEvents).values({
      computeId,
      action: 'changed_outside',
      actorUserId: null,
      result: 'succeeded',
      message: 'The machine was started outside the console.',
      at: t.clock.now(),
      completedAt: t.clock.now(),
    });

    expect(await historyMessages(owner, teamId, computeId)).toEqual(
      expect.arrayContaining(['Tags: web, prod.', 'The machine was started outside the console.']),
    );
    expect(await ledgerDescriptions(owner, teamId)).toEqual(['Top-up of RWF 12,500 (Sandbox)', 'Test funds']);

    const inFrench = await historyMessages(french, teamId, computeId);
    expect(inFrench).toContain('Étiquettes\u00a0: web, prod.');
    expect(inFrench).not.toContain('Tags: web, prod.');
    expect(inFrench).toContain('The machine was started outside the console.');
    expect(await ledgerDescriptions(french, teamId)).toEqual([
      'Recharge de 12\u202f500 RWF (Sandbox)',
      'Test funds',
    ]);

    const inKinyarwanda = await historyMessages(kinyarwanda, teamId, computeId);
    expect(inKinyarwanda).toContain('Ibirango: web, prod.');
    expect(inKinyarwanda).not.toContain('Tags: web, prod.');
    expect(inKinyarwanda).toContain('The machine was started outside the console.');
    expect(await ledgerDescriptions(kinyarwanda, teamId)).toEqual([
      'Amafaranga yongeweho: RWF 12,500 (Sandbox)',
      'Test funds',
    ]);
  });
});
