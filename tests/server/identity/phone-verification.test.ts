// Phone verification by SMS code: numbers normalized as SPEC §5 says and checked with libphonenumber-js,
// one verified number per account, and the same code rules as e-mail.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSessionSchema } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  inbox,
  latestCode,
  otherCode,
  requestCode,
  signUp,
  signUpVerified,
} from '../support/identity';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, { config: { publicUrl: 'https://console.example.rw' } });
});
afterAll(() => database?.dispose());

const askCode = (token: string, country: string, phoneNumber: string) =>
  call(t, 'POST', '/auth/phone-code', { country, phoneNumber }, { token });

describe('sending a code by SMS', () => {
  it.each([
    ['RW', '0788 123 401', '+250788123401'],
    ['RW', '(078) 812-3402', '+250788123402'],
    ['RW', '788123403', '+250788123403'],
    ['US', '+250 788 123 404', '+250788123404'],
    ['GB', '07911 123456', '+447911123456'],
  ])('normalizes %s %s to %s', async (country, typed, e164) => {
    const account = await signUp(t);
    const response = await askCode(account.token, country, typed);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ channel: 'sms', destination: e164 });
    const [sms] = await inbox(t, e164);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    expect(sms!.text).toMatch(/^Your Ikirere verification code is \d{6}\./);
    // WebOTP: phones offer the code for autofill on the console's own host only.
    expect(sms!.text).toContain(`@console.example.rw #${sms!.code}`);
  });

  it.each([
    ['RW', '0788 123', "This doesn't look like a valid Rwanda number: check the digits."],
    ['RW', '0123 456 789', "This doesn't look like a valid Rwanda number: check the digits."],
    ['KE', '0788 123 4567 89', "This doesn't look like a valid Kenya number: check the digits."],
    ['RW', '+999 123 456', "This doesn't look like a valid phone number: check the digits."],
    ['RW', 'call me', "This doesn't look like a valid Rwanda number: check the digits."],
  ])('refuses the impossible number %s %s in plain words', async (country, typed, message) => {
    const account = await signUp(t);
    const response = await askCode(account.token, country, typed);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: [{ field: 'phoneNumber', message }] });
  });

  it('asks for a country it knows', async () => {
    const account = await signUp(t);
    const response = await askCode(account.token, 'XX', '0788123456');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: [{ field: 'country', message: 'Choose a country from the list.' }],
    });
  });

  it('needs a session', async () => {
    const response = await call(t, 'POST', '/auth/phone-code', { country: 'RW', phoneNumber: '0788123456' });
    expect(response.status).toBe(401);
  });

  it('refuses a number another account has verified', async () => {
    const owner = await signUpVerified(t, 'Owner');
    const other = await signUp(t, 'Other');
    const response = await askCode(other.token, 'RW', owner.phoneNumber);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: [
        {
          field: 'phoneNumber',
          message: 'This number is already verified on another account. Use another number.',
        },
      ],
    });
  });

  it('sends at most one code a minute to a number', async () => {
    const account = await signUp(t);
    expect((await askCode(account.token, 'RW', '0788 200 001')).status).toBe(200);
    const again = await askCode(account.token, 'RW', '+250788200001');
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ type: problemTypes.sendRateLimited, retryAfterSeconds: 60 });
  });
});

describe('verifying the number', () => {
  it('verifies the number and lets the session into the console', async () => {
    const account = await signUp(t);
    expect((await call(t, 'GET', '/auth/sessions', undefined, { token: account.token })).status).toBe(403);
    const challenge = await requestCode(
      t,
      '/auth/phone-code',
      { country: 'RW', phoneNumber: '0788 300 001' },
      account.token,
    );
    const response = await call(
      t,
      'POST',
      '/auth/phone-code/verify',
      { challengeId: challenge.challengeId, code: await latestCode(t, '+250788300001') },
      { token: account.token },
    );
    expect(response.status).toBe(200);
    const body = v.parse(currentSessionSchema, await response.json());
    expect(body.user).toMatchObject({
      id: account.user.id,
      phoneNumber: '+250788300001',
      phoneVerified: true,
    });
    expect(body.session.id).toBe(account.session.id);
    expect((await call(t, 'GET', '/auth/sessions', undefined, { token: account.token })).status).toBe(200);
  });

  it('changes a verified number the same way', async () => {
    const account = await signUpVerified(t);
    t.clock.advance(61_000);
    const challenge = await requestCode(
      t,
      '/auth/phone-code',
      { country: 'RW', phoneNumber: '0722 300 002' },
      account.token,
    );
    const response = await call(
      t,
      'POST',
      '/auth/phone-code/verify',
      { challengeId: challenge.challengeId, code: await latestCode(t, '+250722300002') },
      { token: account.token },
    );
    expect(response.status).toBe(200);
    expect((await response.json()) as object).toMatchObject({
      user: { phoneNumber: '+250722300002', phoneVerified: true },
    });
  });

  it('follows the code rules: wrong tries are counted', async () => {
    const account = await signUp(t);
    const challenge = await requestCode(
      t,
      '/auth/phone-code',
      { country: 'RW', phoneNumber: '0788 300 003' },
      account.token,
    );
    const code = await latestCode(t, '+250788300003');
    const wrong = await call(
      t,
      'POST',
      '/auth/phone-code/verify',
      { challengeId: challenge.challengeId, code: otherCode(code) },
      { token: account.token },
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ type: problemTypes.codeIncorrect, attemptsLeft: 4 });
  });

  it("does not accept another account's challenge, nor a phone code at the e-mail endpoint", async () => {
    const owner = await signUp(t, 'Owner');
    const intruder = await signUp(t, 'Intruder');
    const challenge = await requestCode(
      t,
      '/auth/phone-code',
      { country: 'RW', phoneNumber: '0788 300 004' },
      owner.token,
    );
    const code = await latestCode(t, '+250788300004');
    const stolen = await call(
      t,
      'POST',
      '/auth/phone-code/verify',
      { challengeId: challenge.challengeId, code },
      { token: intruder.token },
    );
    expect(stolen.status).toBe(410);
    const elsewhere = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: challenge.challengeId,
      code,
    });
    expect(elsewhere.status).toBe(410);
    // Neither attempt spent the code for its owner.
    const right = await call(
      t,
      'POST',
      '/auth/phone-code/verify',
      { challengeId: challenge.challengeId, code },
      { token: owner.token },
    );
    expect(right.status).toBe(200);
  });
});
