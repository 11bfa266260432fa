// Sessions: bearer tokens that end on sign-out, revocation, idle time or age; the list of one's sessions
// with "sign out everywhere else"; and the guards every later route uses.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, currentSessionSchema, sessionListSchema } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { sessions } from '../../../server/db/schema';
import { describeDevice } from '../../../server/identity/user-agent';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  latestCode,
  requestCode,
  signUp,
  signUpVerified,
  uniqueEmail,
} from '../support/identity';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const HOUR = 60 * 60_000;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(() => database?.dispose());

const session = (token?: string, headers?: Record<string, string>) =>
  call(t, 'GET', '/auth/session', undefined, { token, headers });

async function signInAgain(email: string, userAgent: string, ip?: string) {
  t.clock.advance(61_000);
  const challenge = await requestCode(t, '/auth/email-code', { email });
  const response = await call(
    t,
    'POST',
    '/auth/email-code/verify',
    { challengeId: challenge.challengeId, code: await latestCode(t, email) },
    {
      headers: { 'User-Agent': userAgent },
      env: ip ? { incoming: { socket: { remoteAddress: ip } } } : undefined,
    },
  );
  expect(response.status).toBe(200);
  return v.parse(authResultSchema, await response.json());
}

describe('a session', () => {
  it('says who the token belongs to and when it ends', async () => {
    const account = await signUp(t, 'Ada Lovelace');
    const response = await session(account.token);
    expect(response.status).toBe(200);
    const body = v.parse(currentSessionSchema, await response.json());
    expect(body.user).toEqual(account.user);
    expect(body.teams).toEqual(account.teams);
    expect(Date.parse(body.session.expiresAt) - t.clock.now().getTime()).toBe(72 * HOUR);
  });

  it.each([
    ['no Authorization header', undefined],
    ['another scheme', { Authorization: 'Basic YWRhOmFkYQ==' }],
    ['a made-up token', { Authorization: `Bearer ${'x'.repeat(43)}` }],
  ])('answers 401 for %s', async (_label, headers) => {
    const response = await session(undefined, headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(await response.json()).toMatchObject({
      type: problemTypes.sessionRequired,
      title: 'Sign-in required',
    });
  });

  it('stores only the SHA-256 of the token', async () => {
    const account = await signUp(t);
    const [row] = await t.identity.db.select().from(sessions).where(eq(sessions.id, account.session.id));
    expect(row!.tokenHash).not.toBe(account.token);
    expect(JSON.stringify(row)).not.toContain(account.token);
  });

  it('ends on sign-out', async () => {
    const account = await signUp(t);
    expect((await call(t, 'POST', '/auth/sign-out', undefined, { token: account.token })).status).toBe(204);
    expect((await session(account.token)).status).toBe(401);
    expect((await call(t, 'POST', '/auth/sign-out', undefined, { token: account.token })).status).toBe(401);
  });

  it('ends after 72 idle hours, and use keeps it alive', async () => {
    const idle = await signUp(t);
    const used = await signUp(t);
    t.clock.advance(71 * HOUR);
    expect((await session(used.token)).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await session(idle.token)).status).toBe(401);
    expect((await session(used.token)).status).toBe(200);
  });

  it('ends 30 days after sign-in however busy it is', async () => {
    const account = await signUp(t);
    for (let day = 0; day < 29; day++) {
      t.clock.advance(24 * HOUR);
      expect((await session(account.token)).status).toBe(200);
    }
    t.clock.advance(24 * HOUR - 1_000);
    const lastDay = v.parse(currentSessionSchema, await (await session(account.token)).json());
    // The expiry shown is the absolute one once it comes before the idle one.
    expect(lastDay.session.expiresAt).toBe(
      new Date(Date.parse(account.session.createdAt) + 30 * 24 * HOUR).toISOString(),
    );
    t.clock.advance(1_000);
    expect((await session(account.token)).status).toBe(401);
  });

  it('notes when it was last used at most once a minute', async () => {
    const account = await signUp(t);
    const lastSeen = async () =>
      (
        await t.identity.db.select().from(sessions).where(eq(sessions.id, account.session.id))
      )[0]!.lastSeenAt.getTime();
    const start = await lastSeen();
    t.clock.advance(30_000);
    await session(account.token);
    expect(await lastSeen()).toBe(start);
    t.clock.advance(30_000);
    await session(account.token);
    expect(await lastSeen()).toBe(start + 60_000);
  });
});

describe('guards', () => {
  it('lets a session without a verified phone reach only the session and phone routes', async () => {
    const account = await signUp(t);
    const asked = [
      ['GET', '/auth/sessions', undefined],
      ['POST', '/auth/sessions/sign-out-others', undefined],
      ['PATCH', '/users/me', { name: 'New Name' }],
      ['POST', '/users/me/email', { email: uniqueEmail() }],
      ['POST', '/resource-manager/api/v1/socket-tickets', undefined],
    ] as const;
    for (const [method, path, body] of asked) {
      const response = await call(t, method, path, body, { token: account.token });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({
        type: problemTypes.phoneVerificationRequired,
        detail: 'Verify your phone number to use the console.',
      });
    }
    expect((await session(account.token)).status).toBe(200);
    expect(
      (
        await call(
          t,
          'POST',
          '/auth/phone-code',
          { country: 'RW', phoneNumber: '0788 111 222' },
          { token: account.token },
        )
      ).status,
    ).toBe(200);
    expect((await call(t, 'POST', '/auth/sign-out', undefined, { token: account.token })).status).toBe(204);
  });
});

describe('the sessions list', () => {
  it('lists live sessions with device, address and which one is asking', async () => {
    const email = uniqueEmail();
    const first = await signUpVerified(t, 'Grace Hopper', email);
    const laptop = await signInAgain(email, CHROME_LINUX, '::ffff:198.51.100.20');
    const desktop = await signInAgain(email, FIREFOX_WINDOWS, '2001:db8::7');
    await call(t, 'POST', '/auth/sign-out', undefined, { token: first.token });

    const response = await call(t, 'GET', '/auth/sessions', undefined, { token: laptop.token });
    expect(response.status).toBe(200);
    const list = v.parse(sessionListSchema, await response.json()).sessions;
    expect(list).toEqual([
      expect.objectContaining({
        id: laptop.session.id,
        current: true,
        device: 'Chrome on Linux',
        ip: '198.51.100.20',
      }),
      expect.objectContaining({
        id: desktop.session.id,
        current: false,
        device: 'Firefox on Windows',
        ip: '2001:db8::7',
      }),
    ]);
  });

  it('signs out one device, but only one of your own', async () => {
    const email = uniqueEmail();
    const mine = await signUpVerified(t, 'Mine', email);
    const other = await signInAgain(email, FIREFOX_WINDOWS);
    const stranger = await signUpVerified(t, 'Stranger');

    const foreign = await call(t, 'DELETE', `/auth/sessions/${stranger.session.id}`, undefined, {
      token: mine.token,
    });
    expect(foreign.status).toBe(404);
    expect((await session(stranger.token)).status).toBe(200);

    const missing = await call(
      t,
      'DELETE',
      '/auth/sessions/00000000-0000-4000-8000-000000000000',
      undefined,
      {
        token: mine.token,
      },
    );
    expect(missing.status).toBe(404);

    expect(
      (await call(t, 'DELETE', `/auth/sessions/${other.session.id}`, undefined, { token: mine.token }))
        .status,
    ).toBe(204);
    expect((await session(other.token)).status).toBe(401);
    expect((await session(mine.token)).status).toBe(200);
  });

  it('signs out everywhere else', async () => {
    const email = uniqueEmail();
    const current = await signUpVerified(t, 'Busy', email);
    const others = [await signInAgain(email, CHROME_LINUX), await signInAgain(email, FIREFOX_WINDOWS)];
    const bystander = await signUpVerified(t, 'Bystander');

    const response = await call(t, 'POST', '/auth/sessions/sign-out-others', undefined, {
      token: current.token,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await session(other.token)).status).toBe(401);
    expect((await session(current.token)).status).toBe(200);
    expect((await session(bystander.token)).status).toBe(200);
  });

  it('reads the client address from X-Forwarded-For only when told to trust the proxy', async () => {
    for (const [trustProxy, expected] of [
      [true, '203.0.113.50'],
      [false, null],
    ] as const) {
      const app = buildIdentityTestApp(database.handle, { config: { trustProxy } });
      const email = uniqueEmail();
      const challenge = await requestCode(app, '/auth/signup', { name: 'Proxied', email });
      const response = await call(
        app,
        'POST',
        '/auth/email-code/verify',
        { challengeId: challenge.challengeId, code: await latestCode(app, email) },
        // The last entry is the one the operator's proxy appended; earlier ones are the client's say-so.
        { headers: { 'X-Forwarded-For': '10.0.0.1, 203.0.113.50' } },
      );
      const result = v.parse(authResultSchema, await response.json());
      const [row] = await t.identity.db.select().from(sessions).where(eq(sessions.id, result.session.id));
      expect(row!.ip).toBe(expected);
    }
  });
});

describe('device names', () => {
  it.each([
    [CHROME_LINUX, 'Chrome on Linux'],
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    [null, 'Unknown device'],
  ])('%s → %s', (userAgent, device) => {
    expect(describeDevice(userAgent)).toBe(device);
  });
});
