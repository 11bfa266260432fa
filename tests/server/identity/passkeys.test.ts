// Passkeys as the second factor, with a software authenticator that signs as a browser would: adding the
// first one turns two-factor sign-in on with ten recovery codes; signing in by e-mail code then offers the
// passkey, and its signature (for this console's origin, over this sign-in's challenge, by this account's
// key) finishes it once; anything else is refused and counted; the last one removed turns it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  latestCode,
  requestCode,
} from '../support/identity';
import { addPasskey, createSoftAuthenticator, TEST_ORIGIN } from '../support/soft-authenticator';
import { expectStatus, mailTo, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await database?.dispose();
});

/** Proves the e-mail address (a minute after the last code) and answers the second-factor challenge. */
async function emailFirstFactor(email: string) {
  t.clock.advance(61_000);
  const challenge = await requestCode(t, '/auth/email-code', { email });
  const answer = await call(t, 'POST', '/auth/email-code/verify', {
    challengeId: challenge.challengeId,
    code: await latestCode(t, email),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { secondFactor: { challengeId: string; methods: string[] } };
  return body.secondFactor;
}

async function passkeyOptions(challengeId: string) {
  return send(t, 'POST', '/auth/two-factor/passkey/options', { body: { challengeId } });
}

describe('passkeys', () => {
  it('the first one turns two-factor sign-in on with ten recovery codes; a second name must differ', async () => {
    const ada = await person(t, 'Ada Passkey');
    const { added } = await addPasskey(t, ada.token, 'Laptop');
    expect(added.recoveryCodes).toHaveLength(10);
    expect(added.status).toMatchObject({
      on: true,
      totpSince: null,
      recoveryCodesLeft: 10,
      passkeys: [{ name: 'Laptop', lastUsedAt: null }],
    });
    await mailTo(t, ada.email, 'A passkey was added to your Ikirere account');
    await mailTo(t, ada.email, 'Two-factor sign-in is on for your Ikirere account');

    const same = await send(t, 'POST', '/users/me/two-factor/passkeys/options', {
      token: ada.token,
      body: { name: 'laptop' },
    });
    expectStatus(same, 409);
    expect(same.body.errors).toEqual([
      { field: 'name', message: 'You already have a passkey named “Laptop”: give this one another name.' },
    ]);
    const blank = await send(t, 'POST', '/users/me/two-factor/passkeys/options', {
      token: ada.token,
      body: { name: '  ' },
    });
    expectStatus(blank, 422);
    expect(blank.body.errors[0]).toMatchObject({ field: 'name' });

    // A second key adds no new codes: the ten given stay the ones to keep.
    const { added: second } = await addPasskey(t, ada.token, 'YubiKey');
    expect(second.recoveryCodes).toBeNull();
    expect(second.status.passkeys.map((key) => key.name)).toEqual(['Laptop', 'YubiKey']);
  });

  it('signing in by e-mail code then takes the passkey’s signature, once', async () => {
    const ada = await person(t, 'Ada Signs');
    const { passkey } = await addPasskey(t, ada.token);
    const challenge = await emailFirstFactor(ada.email);
    expect(challenge.methods).toEqual(['passkey', 'recovery_code']);

    const options = await passkeyOptions(challenge.challengeId);
    expectStatus(options, 200);
    expect(options.body.options.rpId).toBe('localhost');
    expect(options.body.options.allowCredentials).toEqual([
      expect.objectContaining({ id: passkey.credentialId, type: 'public-key' }),
    ]);
    const assertion = passkey.authenticate(options.body.options, TEST_ORIGIN);
    const signedIn = await send(t, 'POST', '/auth/two-factor/passkey/verify', {
      body: { challengeId: challenge.challengeId, response: assertion },
    });
    expectStatus(signedIn, 200);
    expect(signedIn.body).toMatchObject({ token: expect.any(String), user: { email: ada.email } });

    // The same signature again: this sign-in is finished.
    const replay = await send(t, 'POST', '/auth/two-factor/passkey/verify', {
      body: { challengeId: challenge.challengeId, response: assertion },
    });
    expectStatus(replay, 410);
    const status = await send(t, 'GET', '/users/me/two-factor', { token: ada.token });
    expect(status.body.passkeys[0].lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('refuses a signature for another site, over another challenge, or by a key not on the account', async () => {
    const ada = await person(t, 'Ada Refuses');
    const { passkey } = await addPasskey(t, ada.token);
    const challenge = await emailFirstFactor(ada.email);
    const { body } = await passkeyOptions(challenge.challengeId);
    const verify = (response: unknown) =>
      send(t, 'POST', '/auth/two-factor/passkey/verify', {
        body: { challengeId: challenge.challengeId, response },
      });

    // A phishing page at another origin relays the options: the browser signs for its own origin.
    const phished = await verify(passkey.authenticate(body.options, 'https://ikirere-login.example'));
    expectStatus(phished, 422);
    expect(phished.body.errors).toEqual([
      {
        field: 'passkey',
        message: 'That passkey did not sign in: use one you added to this account, or enter a code.',
      },
    ]);
    // A signature over an older challenge.
    const stale = await verify(
      passkey.authenticate({ ...body.options, challenge: 'b2xkLWNoYWxsZW5nZQ' }, TEST_ORIGIN),
    );
    expectStatus(stale, 422);
    // Someone else's key (another account's), answering for Ada.
    const mallory = await person(t, 'Mallory Other');
    const { passkey: theirs } = await addPasskey(t, mallory.token);
    const foreign = await verify(theirs.authenticate({ ...body.options, allowCredentials: [] }, TEST_ORIGIN));
    expectStatus(foreign, 422);
    // A field that is not a credential at all is refused by the contract before any check.
    expectStatus(await verify({ id: 'x', type: 'password' }), 422);

    // Ada's own key still works within the tries left (three wrong answers so far).
    const good = await verify(passkey.authenticate(body.options, TEST_ORIGIN));
    expectStatus(good, 200);
  });

  it('five refused signatures end the sign-in, as five wrong codes do', async () => {
    const ada = await person(t, 'Ada Tries');
    const { passkey } = await addPasskey(t, ada.token);
    const challenge = await emailFirstFactor(ada.email);
    const { body } = await passkeyOptions(challenge.challengeId);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = passkey.authenticate(body.options, 'https://elsewhere.example');
      answers.push(
        (
          await send(t, 'POST', '/auth/two-factor/passkey/verify', {
            body: { challengeId: challenge.challengeId, response: wrong },
          })
        ).status,
      );
    }
    expect(answers).toEqual([422, 422, 422, 422, 410]);
    const right = await send(t, 'POST', '/auth/two-factor/passkey/verify', {
      body: { challengeId: challenge.challengeId, response: passkey.authenticate(body.options, TEST_ORIGIN) },
    });
    expectStatus(right, 410);
  });

  it('the last one removed turns two-factor sign-in off; another person’s passkey is not found', async () => {
    const ada = await person(t, 'Ada Removes');
    const { passkey } = await addPasskey(t, ada.token);
    const stranger = await person(t, 'Sam Stranger');
    expectStatus(
      await send(t, 'DELETE', `/users/me/two-factor/passkeys/${passkey.credentialId}`, {
        token: stranger.token,
      }),
      404,
    );
    const removed = await send(t, 'DELETE', `/users/me/two-factor/passkeys/${passkey.credentialId}`, {
      token: ada.token,
    });
    expectStatus(removed, 200);
    expect(removed.body).toEqual({ on: false, totpSince: null, passkeys: [], recoveryCodesLeft: 0 });
    await mailTo(t, ada.email, 'A passkey was removed from your Ikirere account');
    await mailTo(t, ada.email, 'Two-factor sign-in is off for your Ikirere account');
    // Signing in needs the e-mail code alone again.
    t.clock.advance(61_000);
    const challenge = await requestCode(t, '/auth/email-code', { email: ada.email });
    const signedIn = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: challenge.challengeId,
      code: await latestCode(t, ada.email),
    });
    expect(await signedIn.json()).toHaveProperty('token');
  });

  it('a console reached at an IP address says passkeys need its name', async () => {
    const ada = await person(t, 'Ada Address');
    const answer = await call(
      t,
      'POST',
      'http://127.0.0.1/user/api/v1/users/me/two-factor/passkeys/options',
      { name: 'Laptop' },
      { token: ada.token },
    );
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { detail: string }).detail).toContain(
      'Browsers use passkeys only on a console reached by name',
    );
  });

  it('an answer to a registration started elsewhere (another origin) is not added', async () => {
    const ada = await person(t, 'Ada Origin');
    const passkey = createSoftAuthenticator();
    const started = await send(t, 'POST', '/users/me/two-factor/passkeys/options', {
      token: ada.token,
      body: { name: 'Laptop' },
    });
    const added = await send(t, 'POST', '/users/me/two-factor/passkeys', {
      token: ada.token,
      body: { response: passkey.register(started.body.options, 'https://evil.example') },
    });
    expectStatus(added, 422);
    expect(added.body.errors[0]).toMatchObject({ field: 'name' });
    const status = await send(t, 'GET', '/users/me/two-factor', { token: ada.token });
    expect(status.body).toMatchObject({ on: false, passkeys: [] });
  });
});
