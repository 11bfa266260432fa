// The rules every one-time code follows (e-mail and SMS alike): 10 minutes, single use, 5 wrong tries, a
// 15-minute lock of a client after 10 wrong codes in a row for an address (a stranger cannot lock the owner
// out), and at most 1 send a minute and 5 an hour per client.
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { codeChallengeSchema } from '@/contract/auth';
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

/** An account, and a fresh sign-in challenge with its code. */
async function accountWithCode(email = uniqueEmail()) {
  await signUp(t, 'Code Tester', email);
  t.clock.advance(61_000);
  const challenge = await requestCode(t, '/auth/email-code', { email });
  return { email, challengeId: challenge.challengeId, code: await latestCode(t, email) };
}

const verify = (challengeId: string, code: string) =>
  call(t, 'POST', '/auth/email-code/verify', { challengeId, code });

async function problemOf(response: Response): Promise<Record<string, unknown>> {
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

describe('a code', () => {
  it('works until 10 minutes have passed, then is gone', async () => {
    const early = await accountWithCode();
    t.clock.advance(10 * 60_000 - 1_000);
    expect((await verify(early.challengeId, early.code)).status).toBe(200);

    const late = await accountWithCode();
    t.clock.advance(10 * 60_000);
    expect(await problemOf(await verify(late.challengeId, late.code))).toMatchObject({
      status: 410,
      type: problemTypes.codeExpired,
      title: 'Code no longer valid',
      detail: 'This code has expired: codes work for 10 minutes. Ask for a new one.',
    });
  });

  it('works once', async () => {
    const { challengeId, code } = await accountWithCode();
    expect((await verify(challengeId, code)).status).toBe(200);
    expect(await problemOf(await verify(challengeId, code))).toMatchObject({
      status: 410,
      detail: 'This code has already been used. Ask for a new one.',
    });
  });

  it('allows 5 wrong tries, counting down, then is dead even for the right code', async () => {
    const { challengeId, code } = await accountWithCode();
    for (const attemptsLeft of [4, 3, 2, 1, 0]) {
      const answer = await problemOf(await verify(challengeId, otherCode(code)));
      expect(answer).toMatchObject({
        status: 422,
        type: problemTypes.codeIncorrect,
        title: 'Wrong code',
        attemptsLeft,
        errors: [{ field: 'code', message: expect.stringContaining('That code is not right') }],
      });
    }
    expect(await problemOf(await verify(challengeId, code))).toMatchObject({
      status: 410,
      type: problemTypes.codeExpired,
      detail: 'Too many wrong tries for this code. Ask for a new one.',
    });
  });

  it('asks for six digits before checking anything', async () => {
    const { challengeId } = await accountWithCode();
    const answer = await problemOf(await verify(challengeId, '12345'));
    expect(answer).toMatchObject({ status: 422, errors: [{ field: 'code' }] });
    expect(answer.attemptsLeft).toBeUndefined();
  });
});

describe('locks', () => {
  it('lock a client out of an address for 15 minutes after 10 wrong codes in a row, across codes', async () => {
    const first = await accountWithCode();
    for (let i = 0; i < 5; i++)
      expect((await verify(first.challengeId, otherCode(first.code))).status).toBe(422);

    // A new code does not reset the count.
    t.clock.advance(61_000);
    const second = await requestCode(t, '/auth/email-code', { email: first.email });
    const secondCode = await latestCode(t, first.email);
    for (let i = 0; i < 4; i++)
      expect((await verify(second.challengeId, otherCode(secondCode))).status).toBe(422);

    const locking = await verify(second.challengeId, otherCode(secondCode));
    expect(locking.headers.get('Retry-After')).toBe('900');
    expect(await problemOf(locking)).toMatchObject({
      status: 429,
      type: problemTypes.addressLocked,
      retryAfterSeconds: 900,
      detail:
        'Too many wrong codes were entered from this device or network for this address. Try again in 15 minutes.',
    });

    // While locked, not even a right code or a new send gets through for this client.
    t.clock.advance(61_000);
    expect(await problemOf(await verify(second.challengeId, secondCode))).toMatchObject({
      status: 429,
      type: problemTypes.addressLocked,
      retryAfterSeconds: 900 - 61,
    });
    expect(await problemOf(await call(t, 'POST', '/auth/email-code', { email: first.email }))).toMatchObject({
      status: 429,
      type: problemTypes.addressLocked,
    });

    // Fifteen minutes after the lock, a fresh code works again.
    t.clock.advance(15 * 60_000 - 61_000);
    const third = await requestCode(t, '/auth/email-code', { email: first.email });
    expect((await verify(third.challengeId, await latestCode(t, first.email))).status).toBe(200);
  });

  it('start counting again after a right code', async () => {
    const first = await accountWithCode();
    for (let i = 0; i < 5; i++) await verify(first.challengeId, otherCode(first.code));
    t.clock.advance(61_000);
    const second = await requestCode(t, '/auth/email-code', { email: first.email });
    const secondCode = await latestCode(t, first.email);
    for (let i = 0; i < 4; i++) await verify(second.challengeId, otherCode(secondCode));
    expect((await verify(second.challengeId, secondCode)).status).toBe(200);

    t.clock.advance(61_000);
    const third = await requestCode(t, '/auth/email-code', { email: first.email });
    const thirdCode = await latestCode(t, first.email);
    for (let i = 0; i < 5; i++)
      expect((await verify(third.challengeId, otherCode(thirdCode))).status).toBe(422);
  });

  it('lock a client out of an address without an account the same way', async () => {
    const email = uniqueEmail('ghost');
    let locked: Record<string, unknown> | undefined;
    for (let round = 0; round < 2; round++) {
      t.clock.advance(61_000);
      const { challengeId } = await requestCode(t, '/auth/email-code', { email });
      for (let i = 0; i < 5; i++) {
        const answer = await problemOf(await verify(challengeId, '123456'));
        if (answer.status === 429) locked = answer;
      }
    }
    expect(locked).toMatchObject({ status: 429, type: problemTypes.addressLocked, retryAfterSeconds: 900 });
  });
});

describe('a stranger who knows the address', () => {
  // Behind a proxy that says who the client is, so two clients can be told apart.
  const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
  let proxied: IdentityTestApp;
  beforeAll(() => {
    proxied = buildIdentityTestApp(database.handle, { config: { trustProxy: true } });
  });

  async function strangerLocksHimselfOut(email: string, ip: string) {
    for (let round = 0; round < 2; round++) {
      proxied.clock.advance(61_000);
      const asked = await call(proxied, 'POST', '/auth/email-code', { email }, from(ip));
      expect(asked.status).toBe(200);
      const { challengeId } = (await asked.json()) as { challengeId: string };
      for (let i = 0; i < 5; i++) {
        await call(proxied, 'POST', '/auth/email-code/verify', { challengeId, code: '000000' }, from(ip));
      }
    }
    const again = await call(proxied, 'POST', '/auth/email-code', { email }, from(ip));
    expect(again.status).toBe(429);
    // The owner's notice of the lock-out is in the mailbox before anything that follows.
    await proxied.identity.deliveries.settled();
  }

  it('cannot stop the owner signing in, however many wrong codes he enters', async () => {
    const email = uniqueEmail('owner');
    await signUp(proxied, 'Owner', email);
    await strangerLocksHimselfOut(email, '203.0.113.19');

    // The owner, elsewhere, asks for a code and signs in with it at once (a moment later than the stranger's
    // last code, so the mailbox's newest is the owner's).
    proxied.clock.advance(1_000);
    const asked = await call(proxied, 'POST', '/auth/email-code', { email }, from('198.51.100.70'));
    expect(asked.status).toBe(200);
    const { challengeId } = (await asked.json()) as { challengeId: string };
    const code = await latestCode(proxied, email);
    const signedIn = await call(
      proxied,
      'POST',
      '/auth/email-code/verify',
      { challengeId, code },
      from('198.51.100.70'),
    );
    expect(signedIn.status).toBe(200);
  });

  it('lets a code already sent to the owner work while strangers are locked out', async () => {
    const email = uniqueEmail('owner');
    await signUp(proxied, 'Owner', email);
    proxied.clock.advance(61_000);
    const asked = await call(proxied, 'POST', '/auth/email-code', { email }, from('198.51.100.8'));
    const { challengeId } = (await asked.json()) as { challengeId: string };
    const code = await latestCode(proxied, email);
    await strangerLocksHimselfOut(email, '203.0.113.20');
    const signedIn = await call(
      proxied,
      'POST',
      '/auth/email-code/verify',
      { challengeId, code },
      from('198.51.100.8'),
    );
    expect(signedIn.status).toBe(200);
  });

  it('tells the owner by e-mail when strangers lock themselves out, at most once an hour', async () => {
    const email = uniqueEmail('owner');
    await signUp(proxied, 'Owner', email);
    const notices = async () =>
      (await inbox(proxied, email)).filter(
        (message) => message.subject === 'Wrong codes were entered for your Ikirere address',
      );
    expect(await notices()).toEqual([]);

    await strangerLocksHimselfOut(email, '203.0.113.30');
    const [first, ...others] = await notices();
    expect(others).toEqual([]);
    expect(first!.text).toContain('from 203.0.113.30');
    expect(first!.text).toContain('Nobody got in');
    expect(first!.text).toContain('Codes sent to you still work from your own device.');

    // Another stranger minutes later: no second e-mail within the hour.
    await strangerLocksHimselfOut(email, '203.0.113.31');
    expect(await notices()).toHaveLength(1);

    proxied.clock.advance(60 * 60_000);
    await strangerLocksHimselfOut(email, '203.0.113.32');
    const latest = await notices();
    expect(latest).toHaveLength(2);
    expect(latest[0]!.text).toContain('from 203.0.113.32');
  });
});

describe('sending codes', () => {
  it('sends at most one code a minute to an address', async () => {
    const email = uniqueEmail();
    await requestCode(t, '/auth/email-code', { email });
    t.clock.advance(20_000);
    const refused = await call(t, 'POST', '/auth/email-code', { email });
    expect(refused.headers.get('Retry-After')).toBe('40');
    expect(await problemOf(refused)).toMatchObject({
      status: 429,
      type: problemTypes.sendRateLimited,
      retryAfterSeconds: 40,
      detail: 'A code was sent to this address moments ago. You can ask for another in 40 seconds.',
    });
    t.clock.advance(40_000);
    await requestCode(t, '/auth/email-code', { email });
  });

  it('sends at most five codes an hour to an address, whatever the purpose', async () => {
    const email = uniqueEmail();
    const started = t.clock.now().getTime();
    let last: v.InferOutput<typeof codeChallengeSchema> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await requestCode(
        t,
        i % 2 ? '/auth/signup' : '/auth/email-code',
        i % 2 ? { name: 'N', email } : { email },
      );
      t.clock.advance(61_000);
    }
    // The fifth answer already says when the hour frees up.
    expect(Date.parse(last!.resendAvailableAt)).toBe(started + 60 * 60_000);
    const refused = await problemOf(await call(t, 'POST', '/auth/email-code', { email }));
    expect(refused).toMatchObject({
      status: 429,
      type: problemTypes.sendRateLimited,
      retryAfterSeconds: 3600 - 5 * 61,
      // Why the wait is long, not "moments ago".
      detail:
        '5 codes were sent to this address in the last hour, the most we send. You can ask for another in 55 minutes; the codes already sent still work until they expire.',
    });
    t.clock.advance((3600 - 5 * 61) * 1000);
    await requestCode(t, '/auth/email-code', { email });
  });

  it("follows the operator's send limits (CODE_RESEND_SECONDS, CODE_SENDS_PER_HOUR)", async () => {
    const relaxed = buildIdentityTestApp(database.handle, {
      config: { codeResendSeconds: 0, codeSendsPerHour: 3 },
    });
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      expect((await call(relaxed, 'POST', '/auth/email-code', { email })).status).toBe(200);
    }
    expect(await problemOf(await call(relaxed, 'POST', '/auth/email-code', { email }))).toMatchObject({
      status: 429,
      type: problemTypes.sendRateLimited,
    });
  });

  it('limits one network more loosely across many addresses', async () => {
    const limited = buildIdentityTestApp(database.handle, {
      networkLimits: {
        'send-code': { max: 3, windowMs: 60_000 },
        'enter-code': { max: 3, windowMs: 60_000 },
      },
    });
    const from = (ip: string) => ({ env: { incoming: { socket: { remoteAddress: ip } } } });
    for (let i = 0; i < 3; i++) {
      const answer = await call(
        limited,
        'POST',
        '/auth/email-code',
        { email: uniqueEmail() },
        from('::ffff:198.51.100.7'),
      );
      expect(answer.status, await answer.clone().text()).toBe(200);
    }
    const refused = await call(
      limited,
      'POST',
      '/auth/email-code',
      { email: uniqueEmail() },
      from('198.51.100.7'),
    );
    expect(await problemOf(refused)).toMatchObject({
      status: 429,
      type: problemTypes.sendRateLimited,
      retryAfterSeconds: 60,
      detail: 'Too many codes were requested from your network. Try again in 1 minute.',
    });
    expect(
      (await call(limited, 'POST', '/auth/email-code', { email: uniqueEmail() }, from('203.0.113.9'))).status,
    ).toBe(200);

    const tries = [];
    for (let i = 0; i < 4; i++) {
      const response = await call(
        limited,
        'POST',
        '/auth/email-code/verify',
        { challengeId: '00000000-0000-4000-8000-000000000000', code: '123456' },
        from('192.0.2.1'),
      );
      tries.push(response.status);
    }
    expect(tries).toEqual([410, 410, 410, 429]);
    await limited.identity.deliveries.settled();
  });
});
