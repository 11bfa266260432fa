// Two-factor sign-in on a test clock: an authenticator app set up with a code from it, ten recovery codes
// shown once; signing in by e-mail code then answers a challenge; a code of this step, the one before or
// after works, one two steps away does not, and no code works twice; a recovery code works once; five
// wrong codes end the challenge; turning it off needs a code; every change is e-mailed.
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
afterAll(async () => {
  await database?.dispose();
});

const STEP = 30_000;

function codeAt(secret: string, at: number): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

async function json(response: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, checked field by field below
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** An account with the app on: its secret and recovery codes. */
async function withApp(email = uniqueEmail('two')) {
  const account = await signUpVerified(t, 'Tomas Two', email);
  // Mid-step, so "the step before" and "after" are whole steps away from the clock.
  t.clock.advance(STEP - (t.clock.now().getTime() % STEP) + STEP / 2);
  const setup = await json(
    await call(t, 'POST', '/users/me/two-factor/totp', undefined, { token: account.token }),
  );
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Ikirere:.+\?.*secret=/);
  expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  const wrong = await json(
    await call(t, 'POST', '/users/me/two-factor/totp/confirm', { code: '000000' }, { token: account.token }),
  );
  expect(wrong.status).toBe(422);
  const confirmed = await json(
    await call(
      t,
      'POST',
      '/users/me/two-factor/totp/confirm',
      { code: codeAt(secret, t.clock.now().getTime()) },
      { token: account.token },
    ),
  );
  expect(confirmed.status).toBe(200);
  const recovery = confirmed.body.recoveryCodes as string[];
  // The code that confirmed is spent: the next one comes from the next step.
  t.clock.advance(STEP);
  return { account, email, secret, recovery };
}

/** Signs in by e-mail code a minute after the last (one code a minute per address); answers the verify step's answer. */
async function firstFactor(email: string) {
  t.clock.advance(61_000);
  const challenge = await requestCode(t, '/auth/email-code', { email });
  return json(
    await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: challenge.challengeId,
      code: await latestCode(t, email),
    }),
  );
}

async function secondFactor(challengeId: string, code: string) {
  return json(await call(t, 'POST', '/auth/two-factor/verify', { challengeId, code }));
}

describe('two-factor sign-in', () => {
  it('is set up with a code from the app, gives ten recovery codes once, and is e-mailed', async () => {
    const { account, email, recovery } = await withApp();
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await json(
      await call(t, 'GET', '/users/me/two-factor', undefined, { token: account.token }),
    );
    expect(status.body).toMatchObject({ totpSince: expect.any(String), recoveryCodesLeft: 10 });
    expect((await inbox(t, email)).map((message) => message.subject)).toContain(
      'Two-factor sign-in is on for your Ikirere account',
    );
    // Setting up another app while one is on: refused.
    expect(
      (await call(t, 'POST', '/users/me/two-factor/totp', undefined, { token: account.token })).status,
    ).toBe(409);
  });

  it('asks for the app after the e-mail code: this step, the one before or after, never twice, not two away', async () => {
    const { email, secret } = await withApp();
    const first = await firstFactor(email);
    expect(first.status).toBe(200);
    expect(first.body).not.toHaveProperty('token');
    const one = first.body.secondFactor.challengeId as string;
    const at = () => t.clock.now().getTime();

    const twoAway = await secondFactor(one, codeAt(secret, at() - 2 * STEP));
    expect(twoAway.status).toBe(422);
    expect(twoAway.body.errors).toEqual([
      { field: 'code', message: 'That code is not right. You can try 4 more times.' },
    ]);
    const nextStep = codeAt(secret, at() + STEP);
    const signedIn = await secondFactor(one, nextStep);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));

    // A minute later that code is the step before now's, which would be accepted: but it was used.
    const two = (await firstFactor(email)).body.secondFactor.challengeId as string;
    expect(codeAt(secret, at() - STEP)).toBe(nextStep);
    expect((await secondFactor(two, nextStep)).status).toBe(422);
    expect((await secondFactor(two, codeAt(secret, at()))).status).toBe(200);
    // The step before now's, unused: accepted.
    const three = (await firstFactor(email)).body.secondFactor.challengeId as string;
    expect((await secondFactor(three, codeAt(secret, at() - STEP))).status).toBe(200);
    // A used challenge cannot sign in again.
    expect((await secondFactor(three, codeAt(secret, at()))).status).toBe(410);
  });

  it('takes a recovery code once, and tells the person', async () => {
    const { email, recovery } = await withApp();
    const one = (await firstFactor(email)).body.secondFactor as { challengeId: string };
    const used = await secondFactor(one.challengeId, recovery[3]!.toUpperCase().replace('-', ' '));
    expect(used.status).toBe(200);
    expect(await inbox(t, email)).toContainEqual(
      expect.objectContaining({
        subject: 'A recovery code was used to sign in to Ikirere',
        text: expect.stringContaining('9 are left'),
      }),
    );
    const two = (await firstFactor(email)).body.secondFactor as { challengeId: string };
    expect((await secondFactor(two.challengeId, recovery[3]!)).status).toBe(422);
    expect((await secondFactor(two.challengeId, recovery[4]!)).status).toBe(200);
  });

  it('ends a challenge after five wrong codes, and one that expired', async () => {
    const { email, secret } = await withApp();
    const { challengeId } = (await firstFactor(email)).body.secondFactor as unknown as {
      challengeId: string;
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await secondFactor(challengeId, 'aaaaa-bbbbb')).status).toBe(422);
    }
    const ended = await secondFactor(challengeId, codeAt(secret, t.clock.now().getTime()));
    expect(ended.status).toBe(410);
    expect(ended.body.detail).toBe(
      'This sign-in has expired or had too many wrong codes. Sign in again from the start.',
    );

    const late = (await firstFactor(email)).body.secondFactor as { challengeId: string };
    t.clock.advance(11 * 60_000);
    expect((await secondFactor(late.challengeId, codeAt(secret, t.clock.now().getTime()))).status).toBe(410);
  });

  it('is turned off only with a code, then signing in needs the e-mail code alone', async () => {
    const { account, email, secret } = await withApp();
    const refused = await json(
      await call(t, 'POST', '/users/me/two-factor/disable', { code: '123456' }, { token: account.token }),
    );
    expect(refused.status).toBe(422);
    const off = await json(
      await call(
        t,
        'POST',
        '/users/me/two-factor/disable',
        { code: codeAt(secret, t.clock.now().getTime()) },
        { token: account.token },
      ),
    );
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ on: false, totpSince: null, passkeys: [], recoveryCodesLeft: 0 });
    expect((await inbox(t, email)).map((message) => message.subject)).toContain(
      'Two-factor sign-in is off for your Ikirere account',
    );
    const signedIn = await firstFactor(email);
    expect(signedIn.body.token).toEqual(expect.any(String));
  });
});
