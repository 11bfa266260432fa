// The server answers in the person's language (issue 30): before sign-in in the one `Accept-Language`
// asks for, once signed in in their account's, whatever the request asks; English when neither is ours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentityTestApp, call, type IdentityTestApp, signUpVerified } from '../support/identity';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(() => database?.dispose());

const titleOf = async (response: Response) => ((await response.json()) as { title: string }).title;

describe('the language of an answer', () => {
  it('follows Accept-Language before sign-in, and is English for a language we do not speak', async () => {
    const ask = (language: string) =>
      call(t, 'POST', '/no-such-thing', {}, { headers: { 'Accept-Language': language } });
    expect(await titleOf(await ask('fr-FR, en;q=0.5'))).toBe('Introuvable');
    expect(await titleOf(await ask('rw'))).toBe('Ntibibonetse');
    expect(await titleOf(await ask('de-DE, ja;q=0.8'))).toBe('Not found');
  });

  it('follows the account once signed in, whatever the request asks for', async () => {
    const account = await signUpVerified(t, 'Uwase');
    const changed = await call(t, 'PATCH', '/users/me', { locale: 'rw' }, { token: account.token });
    expect(changed.status).toBe(200);
    const refused = await call(
      t,
      'PATCH',
      '/users/me',
      { name: '' },
      { token: account.token, headers: { 'Accept-Language': 'fr' } },
    );
    expect(refused.status).toBe(422);
    expect(await titleOf(refused)).toBe('Ibyinjijwe ntibyemewe');
  });
});
