// The signed-in person's account: a new name, and a new e-mail address confirmed by a code sent to it.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  inbox,
  latestCode,
  requestCode,
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

describe('PATCH /users/me', () => {
  it('changes the name', async () => {
    const account = await signUpVerified(t, 'Ada');
    const response = await call(
      t,
      'PATCH',
      '/users/me',
      { name: '  Ada Lovelace ' },
      { token: account.token },
    );
    expect(response.status).toBe(200);
    expect(v.parse(userSchema, await response.json())).toEqual({ ...account.user, name: 'Ada Lovelace' });
    const session = (await (
      await call(t, 'GET', '/auth/session', undefined, { token: account.token })
    ).json()) as {
      user: { name: string };
    };
    expect(session.user.name).toBe('Ada Lovelace');
  });

  it('keeps the name when the new one is empty or too long', async () => {
    const account = await signUpVerified(t);
    const empty = await call(t, 'PATCH', '/users/me', { name: '' }, { token: account.token });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ errors: [{ field: 'name', message: 'Enter your name.' }] });
    const long = await call(t, 'PATCH', '/users/me', { name: 'x'.repeat(101) }, { token: account.token });
    expect(await long.json()).toMatchObject({
      errors: [{ field: 'name', message: 'Use at most 100 characters.' }],
    });
  });
});

describe('language and time zone (issue 30)', () => {
  it('start in English and Africa/Kigali, change together or alone, and refuse an unknown zone', async () => {
    const account = await signUpVerified(t);
    expect(account.user).toMatchObject({ locale: 'en', timeZone: 'Africa/Kigali' });
    const both = await call(
      t,
      'PATCH',
      '/users/me',
      { locale: 'rw', timeZone: 'Europe/Paris' },
      { token: account.token },
    );
    expect(both.status).toBe(200);
    expect(v.parse(userSchema, await both.json())).toEqual({
      ...account.user,
      locale: 'rw',
      timeZone: 'Europe/Paris',
    });
    const unknown = await call(
      t,
      'PATCH',
      '/users/me',
      { timeZone: 'Mars/Olympus' },
      { token: account.token },
    );
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: [{ field: 'timeZone' }] });
    const language = await call(t, 'PATCH', '/users/me', { locale: 'de' }, { token: account.token });
    expect(language.status).toBe(422);
    const session = (await (
      await call(t, 'GET', '/auth/session', undefined, { token: account.token })
    ).json()) as {
      user: { locale: string; timeZone: string; name: string };
    };
    expect(session.user).toMatchObject({ locale: 'rw', timeZone: 'Europe/Paris', name: account.user.name });
  });

  it('gives a new account the language its sign-up asked in', async () => {
    const email = uniqueEmail();
    const challenge = await requestCode(t, '/auth/signup', { name: 'Aline', email });
    const response = await call(
      t,
      'POST',
      '/auth/email-code/verify',
      { challengeId: challenge.challengeId, code: await latestCode(t, email) },
      { headers: { 'Accept-Language': 'fr-RW, en;q=0.5' } },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { locale: string } }).user.locale).toBe('fr');
  });
});

describe('changing the e-mail address', () => {
  it('sends a code to the new address, switches on it, and tells the old address', async () => {
    const oldEmail = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    const account = await signUpVerified(t, 'Mover', oldEmail);

    const challenge = await requestCode(t, '/users/me/email', { email: newEmail }, account.token);
    expect(challenge).toMatchObject({ channel: 'email', destination: newEmail });
    const [mail] = await inbox(t, newEmail);
    expect(mail!.subject).toBe('Confirm your new e-mail address for Ikirere');

    const response = await call(
      t,
      'POST',
      '/users/me/email/verify',
      { challengeId: challenge.challengeId, code: mail!.code },
      { token: account.token },
    );
    expect(response.status).toBe(200);
    expect(v.parse(userSchema, await response.json())).toMatchObject({
      id: account.user.id,
      email: newEmail,
    });
    const [notice] = await inbox(t, oldEmail);
    expect(notice!.subject).toBe('The e-mail address of your Ikirere account changed');
    expect(notice!.text).toContain(newEmail);

    // The new address signs in; the old one no longer has an account.
    t.clock.advance(61_000);
    const signIn = await requestCode(t, '/auth/email-code', { email: newEmail });
    const verified = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: signIn.challengeId,
      code: await latestCode(t, newEmail),
    });
    expect(((await verified.json()) as { user: { id: string } }).user.id).toBe(account.user.id);
    await requestCode(t, '/auth/email-code', { email: oldEmail });
    expect((await inbox(t, oldEmail))[0]!.text).toContain('there is no account');
  });

  it('refuses an address that belongs to another account', async () => {
    const taken = uniqueEmail('taken');
    await signUpVerified(t, 'Holder', taken);
    const account = await signUpVerified(t, 'Mover');
    const response = await call(t, 'POST', '/users/me/email', { email: taken }, { token: account.token });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      type: problemTypes.emailInUse,
      errors: [{ field: 'email', message: 'This e-mail address belongs to another account.' }],
    });
  });

  it('says so when the address is already yours', async () => {
    const email = uniqueEmail();
    const account = await signUpVerified(t, 'Same', email);
    const response = await call(t, 'POST', '/users/me/email', { email }, { token: account.token });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: [{ field: 'email', message: 'This is already your e-mail address.' }],
    });
  });

  it('refuses the change when someone signed up with the address meanwhile', async () => {
    const contested = uniqueEmail('contested');
    const account = await signUpVerified(t, 'Slow');
    const challenge = await requestCode(t, '/users/me/email', { email: contested }, account.token);
    const code = await latestCode(t, contested);
    t.clock.advance(61_000);
    await signUpVerified(t, 'Quick', contested);
    const response = await call(
      t,
      'POST',
      '/users/me/email/verify',
      { challengeId: challenge.challengeId, code },
      { token: account.token },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ type: problemTypes.emailInUse });
  });

  it('is only completed by the account that asked, and never by the sign-in endpoint', async () => {
    const target = uniqueEmail('target');
    const account = await signUpVerified(t, 'Asker');
    const other = await signUpVerified(t, 'Other');
    const challenge = await requestCode(t, '/users/me/email', { email: target }, account.token);
    const code = await latestCode(t, target);
    const byOther = await call(
      t,
      'POST',
      '/users/me/email/verify',
      { challengeId: challenge.challengeId, code },
      { token: other.token },
    );
    expect(byOther.status).toBe(410);
    const bySignIn = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: challenge.challengeId,
      code,
    });
    expect(bySignIn.status).toBe(410);
  });
});
