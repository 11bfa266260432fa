// Sign-up and sign-in by e-mail code, as a person would do them, and the rule that the answers never
// tell whether an address has an account.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, codeChallengeSchema } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { teamMembers, teams, users, verificationChallenges } from '../../../server/db/schema';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  inbox,
  latestCode,
  requestCode,
  signUp,
  uniqueEmail,
} from '../support/identity';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, { config: { publicUrl: 'https://console.example.rw' } });
});
afterAll(() => database?.dispose());

describe('sign-up', () => {
  it('mails a 6-digit code, and the code creates the account with a team of its own', async () => {
    const email = uniqueEmail('ada');
    const challenge = await requestCode(t, '/auth/signup', {
      name: 'Ada Lovelace',
      email: ` ${email.toUpperCase()} `,
    });
    expect(challenge).toMatchObject({ channel: 'email', destination: email });
    expect(Date.parse(challenge.expiresAt) - t.clock.now().getTime()).toBe(10 * 60_000);
    expect(Date.parse(challenge.resendAvailableAt) - t.clock.now().getTime()).toBe(60_000);

    const [mail] = await inbox(t, email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Confirm your e-mail address for Ikirere' });
    expect(mail!.text).toContain('Hello Ada Lovelace');
    expect(mail!.code).toMatch(/^\d{6}$/);
    // The subject is logged; it must never carry the code.
    expect(mail!.subject).not.toContain(mail!.code);

    const response = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: challenge.challengeId,
      code: mail!.code,
    });
    expect(response.status).toBe(200);
    const result = v.parse(authResultSchema, await response.json());
    expect(result.user).toMatchObject({
      name: 'Ada Lovelace',
      email,
      phoneNumber: null,
      phoneVerified: false,
    });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.teams).toEqual([{ id: expect.any(String), name: "Ada's team", role: 'OWNER' }]);

    const [team] = await t.identity.db.select().from(teams).where(eq(teams.id, result.teams[0]!.id));
    expect(team).toMatchObject({ currency: 'RWF', verificationStatus: 'UNVERIFIED' });
    const members = await t.identity.db.select().from(teamMembers).where(eq(teamMembers.teamId, team!.id));
    expect(members).toEqual([
      expect.objectContaining({ userId: result.user.id, role: 'OWNER', status: 'ACTIVE' }),
    ]);
    const [user] = await t.identity.db.select().from(users).where(eq(users.id, result.user.id));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });

  it('stores only a keyed hash of the code', async () => {
    const email = uniqueEmail();
    const challenge = await requestCode(t, '/auth/signup', { name: 'Grace', email });
    const code = await latestCode(t, email);
    const [row] = await t.identity.db
      .select()
      .from(verificationChallenges)
      .where(eq(verificationChallenges.id, challenge.challengeId));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('answers an address that has an account exactly the same, and its code signs in to that account', async () => {
    const email = uniqueEmail('taken');
    const first = await signUp(t, 'Ada Lovelace', email);
    t.clock.advance(61_000);

    const again = await requestCode(t, '/auth/signup', { name: 'Somebody Else', email });
    expect(Object.keys(again).sort()).toEqual([
      'challengeId',
      'channel',
      'destination',
      'expiresAt',
      'resendAvailableAt',
    ]);
    const [mail] = await inbox(t, email);
    expect(mail!.subject).toBe('You already have an Ikirere account');
    expect(mail!.text).toContain('signs you in');

    const response = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: again.challengeId,
      code: mail!.code,
    });
    expect(response.status).toBe(200);
    const result = v.parse(authResultSchema, await response.json());
    expect(result.user.id).toBe(first.user.id);
    expect(result.user.name).toBe('Ada Lovelace');
    expect(result.teams).toHaveLength(1);
    expect(result.token).not.toBe(first.token);
  });

  it('names fields that need attention', async () => {
    const response = await call(t, 'POST', '/auth/signup', { name: ' ', email: 'not-an-address' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors).toEqual([
      { field: 'name', message: 'Enter your name.' },
      { field: 'email', message: 'Enter an e-mail address like name@example.com.' },
    ]);
  });
});

describe('sign-in by e-mail code', () => {
  it('signs in to an existing account', async () => {
    const email = uniqueEmail();
    const account = await signUp(t, 'Grace Hopper', email);
    t.clock.advance(61_000);
    const challenge = await requestCode(t, '/auth/email-code', { email });
    const [mail] = await inbox(t, email);
    expect(mail!.subject).toBe('Your Ikirere sign-in code');
    const response = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: challenge.challengeId,
      code: mail!.code,
    });
    expect(response.status).toBe(200);
    expect(v.parse(authResultSchema, await response.json()).user.id).toBe(account.user.id);
  });

  it('tells an address without an account where to sign up, and no code ever verifies its challenge', async () => {
    const email = uniqueEmail('nobody');
    const challenge = await requestCode(t, '/auth/email-code', { email });
    const [mail] = await inbox(t, email);
    expect(mail!.text).toContain('there is no account');
    expect(mail!.text).toContain('https://console.example.rw/auth/signup');
    expect(mail!.code).toBeUndefined();

    // Every possible guess fails the way a wrong code does.
    const response = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: challenge.challengeId,
      code: '000000',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ type: problemTypes.codeIncorrect, attemptsLeft: 4 });
  });

  it('gives the same answer for an address with and without an account', async () => {
    const known = uniqueEmail('known');
    await signUp(t, 'Known Person', known);
    t.clock.advance(61_000);
    const unknown = uniqueEmail('unknown');

    const answers = [];
    for (const email of [known, unknown]) {
      const response = await call(t, 'POST', '/auth/email-code', { email });
      const body = v.parse(codeChallengeSchema, await response.json());
      answers.push({
        status: response.status,
        contentType: response.headers.get('Content-Type'),
        keys: Object.keys(body),
        channel: body.channel,
        destinationIsAddress: body.destination === email,
        expiresIn: Date.parse(body.expiresAt) - t.clock.now().getTime(),
        resendIn: Date.parse(body.resendAvailableAt) - t.clock.now().getTime(),
      });
    }
    expect(answers[0]).toEqual(answers[1]);

    // A wrong code is answered alike too.
    const wrongKnown = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: (await requestCodeAfterCooldown(known)).challengeId,
      code: '999999',
    });
    const wrongUnknown = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: (await requestCodeAfterCooldown(unknown)).challengeId,
      code: '999999',
    });
    const strip = async (response: Response) => {
      const { requestId: _id, ...rest } = (await response.json()) as Record<string, unknown>;
      return { status: response.status, ...rest };
    };
    expect(await strip(wrongKnown)).toEqual(await strip(wrongUnknown));
  });

  it('takes about as long for an address with and without an account', async () => {
    const known: string[] = [];
    for (let i = 0; i < 6; i++) {
      const email = uniqueEmail('timed');
      await signUp(t, 'Timed Person', email);
      known.push(email);
    }
    t.clock.advance(61_000);
    const timings = { known: [] as number[], unknown: [] as number[] };
    // Interleaved, so a slow moment of the machine hits both sides alike.
    for (let i = 0; i < known.length; i++) {
      for (const [kind, email] of [
        ['known', known[i]!],
        ['unknown', uniqueEmail('untimed')],
      ] as const) {
        const started = performance.now();
        const response = await call(t, 'POST', '/auth/email-code', { email });
        timings[kind].push(performance.now() - started);
        expect(response.status).toBe(200);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [a, b] = [median(timings.known), median(timings.unknown)];
    expect(Math.abs(a - b)).toBeLessThan(Math.max(15, 0.5 * Math.max(a, b)));
    await t.identity.deliveries.settled();
  });

  it('refuses the code of one challenge presented with another challenge id', async () => {
    const [first, second] = [uniqueEmail(), uniqueEmail()];
    await signUp(t, 'First', first);
    await signUp(t, 'Second', second);
    t.clock.advance(61_000);
    const a = await requestCode(t, '/auth/email-code', { email: first });
    const b = await requestCode(t, '/auth/email-code', { email: second });
    const codeForA = await latestCode(t, first);
    const response = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: b.challengeId,
      code: codeForA,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ type: problemTypes.codeIncorrect, attemptsLeft: 4 });
    // The right pairing still works.
    const right = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: a.challengeId,
      code: codeForA,
    });
    expect(right.status).toBe(200);
  });

  it('answers an unknown challenge id like a code that is no longer valid', async () => {
    const response = await call(t, 'POST', '/auth/email-code/verify', {
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(response.status).toBe(410);
    expect(await response.json()).toMatchObject({ type: problemTypes.codeExpired });
  });
});

async function requestCodeAfterCooldown(email: string) {
  t.clock.advance(61_000);
  return requestCode(t, '/auth/email-code', { email });
}
