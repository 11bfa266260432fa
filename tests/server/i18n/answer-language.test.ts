// The server answers in the person's language (issue 30): before sign-in in the one `Accept-Language`
// asks for, once signed in in their account's, whatever the request asks; English when neither is ours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  inbox,
  signUpVerified,
  uniqueEmail,
} from '../support/identity';
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

describe('the language of an e-mail', () => {
  it('is the account’s for an address that has one, and the asking page’s for a new address', async () => {
    const email = uniqueEmail('francophone');
    const account = await signUpVerified(t, 'Aimée', email);
    expect((await call(t, 'PATCH', '/users/me', { locale: 'fr' }, { token: account.token })).status).toBe(
      200,
    );
    // Signed out, from a browser that asks for English: the code still comes in the account's French
    // (a minute later: one code a minute per address).
    t.clock.advance(61_000);
    const asked = await call(
      t,
      'POST',
      '/auth/email-code',
      { email },
      { headers: { 'Accept-Language': 'en' } },
    );
    expect(asked.status).toBe(200);
    const [mail] = await inbox(t, email);
    expect(mail!.subject).toBe('Votre code de connexion à Ikirere');
    expect(mail!.text).toMatch(
      /^Votre code pour vous connecter à Ikirere\u00a0:\n\n {4}\d{6}\n\nIl reste valable 10 minutes\./,
    );

    // A new address signs up from a page in Kinyarwanda: its code comes in Kinyarwanda.
    const newcomer = uniqueEmail('newcomer');
    const response = await call(
      t,
      'POST',
      '/auth/signup',
      { name: 'Keza', email: newcomer },
      { headers: { 'Accept-Language': 'rw-RW' } },
    );
    expect(response.status).toBe(200);
    const [welcome] = await inbox(t, newcomer);
    expect(welcome!.subject).toBe('Emeza aderesi ya imeri yawe kuri Ikirere');
    expect(welcome!.text).toMatch(/^Muraho Keza,/);
  });
});
