import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, type ActorRefFrom, createActor } from 'xstate';
import type { AuthResult, CodeChallenge, CurrentSession } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { type AuthEvent, authMachine, authPage } from '@/machines/auth';
import { codeEntryMachine } from '@/machines/code-entry';
import { ApiError } from '@/services/http';
import { PasskeyCeremonyError } from '@/services/passkeys';
import { deferredActors, fresh, settleCall, settlersFor } from './deferred-actors';
import { MachineModel } from './model';

// ── Fixtures: what the user service answers ─────────────────────────────────────────────────────────

const challenge = (channel: 'email' | 'sms'): CodeChallenge => ({
  challengeId:
    channel === 'email' ? '7d4c1c3e-2f7b-4f33-9a51-0c8e6b1d2a10' : '9b2f6a1e-3c4d-4e5f-8a9b-1c2d3e4f5a6b',
  channel,
  destination: channel === 'email' ? 'ada@example.rw' : '+250788123456',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
});

const user = (phoneVerified: boolean) => ({
  id: '3f1e2d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
  name: 'Ada Nkusi',
  email: 'ada@example.rw',
  phoneNumber: phoneVerified ? '+250788123456' : null,
  phoneVerified,
  locale: 'en' as const,
  timeZone: 'Africa/Kigali',
  createdAt: '2026-11-21T10:00:00.000Z',
});
const session = {
  id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  createdAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-24T10:00:00.000Z',
};
const teams = [{ id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f', name: "Ada's team", role: 'OWNER' as const }];
const signedIn = (phoneVerified: boolean): AuthResult => ({
  token: 'tok',
  user: user(phoneVerified),
  teams,
  session,
});
const phoneVerified: CurrentSession = { user: user(true), teams, session };
/** What the first factor answers for a person who uses two-factor sign-in. */
const secondFactorNeeded = {
  secondFactor: {
    challengeId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    methods: ['totp', 'recovery_code'],
    expiresAt: '2026-11-21T10:10:00.000Z',
  },
};
const wrongSecondFactor = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the code',
  errors: [{ field: 'code', message: 'That code is not right. You can try 4 more times.' }],
});

const problem = (status: number, type: string, title: string, extra: object = {}) =>
  new ApiError(status, { type, status, title, ...extra });
const fieldError = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the highlighted fields.',
  errors: [{ field: 'email', message: 'Enter an e-mail address like name@example.com.' }],
});
const locked = problem(429, problemTypes.addressLocked, 'Too many wrong codes. Try again in 15 minutes.', {
  retryAfterSeconds: 900,
});
/** The browser's passkey dialog was dismissed: said in words, no code field involved. */
const passkeyCancelled = new PasskeyCeremonyError(
  'No passkey was used: the request was cancelled or timed out. Try again, or enter a code.',
);
const denied = problem(409, problemTypes.oauthEmailInUse, 'An account with this e-mail already exists.');

// ── The model ───────────────────────────────────────────────────────────────────────────────────────

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const model = new MachineModel(authMachine, {
  strategy: 'every-transition',
  input: {},
  abstractContext: (context) => ({
    email: context.email !== null,
    phone: context.phone !== null,
    session: context.hasSession,
    secondFactor: context.secondFactor !== null,
  }),
  events: {
    'page.callback': [
      { type: 'page.callback', provider: 'github', params: { code: 'abc', state: 'xyz' } },
      { type: 'page.callback', provider: 'github', params: { error: 'access_denied' } },
    ],
    'form.submit': [{ type: 'form.submit', email: 'ada@example.rw', name: 'Ada Nkusi' }],
    'code.sent': [{ type: 'code.sent', challenge: challenge('email') }],
    'phone.submit': [{ type: 'phone.submit', country: 'RW', phoneNumber: '0788 123 456' }],
    'social.start': [{ type: 'social.start', provider: 'github' }],
    'xstate.done.actor.requestEmailCode': [done('requestEmailCode', challenge('email'))],
    'xstate.error.actor.requestEmailCode': [
      failed('requestEmailCode', fieldError),
      failed('requestEmailCode', locked),
    ],
    // The code entry (a child machine) ended: the code was right, and this is what it signed in with.
    'xstate.done.actor.codeEntry': [
      done('codeEntry', signedIn(true)),
      done('codeEntry', signedIn(false)),
      done('codeEntry', phoneVerified),
      done('codeEntry', secondFactorNeeded),
    ],
    'secondFactor.submit': [{ type: 'secondFactor.submit', code: '123456' }],
    'xstate.done.actor.verifySecondFactor': [
      done('verifySecondFactor', signedIn(true)),
      done('verifySecondFactor', signedIn(false)),
    ],
    'xstate.error.actor.verifySecondFactor': [failed('verifySecondFactor', wrongSecondFactor)],
    'secondFactor.passkey': [{ type: 'secondFactor.passkey' }],
    'xstate.done.actor.signInWithPasskey': [
      done('signInWithPasskey', signedIn(true)),
      done('signInWithPasskey', signedIn(false)),
    ],
    'xstate.error.actor.signInWithPasskey': [failed('signInWithPasskey', passkeyCancelled)],
    'xstate.done.actor.requestPhoneCode': [done('requestPhoneCode', challenge('sms'))],
    'xstate.error.actor.requestPhoneCode': [
      failed('requestPhoneCode', fieldError),
      failed('requestPhoneCode', locked),
    ],
    'xstate.done.actor.completeSocialSignIn': [
      done('completeSocialSignIn', signedIn(true)),
      done('completeSocialSignIn', signedIn(false)),
      done('completeSocialSignIn', secondFactorNeeded),
    ],
    'xstate.error.actor.completeSocialSignIn': [failed('completeSocialSignIn', denied)],
  },
});

// ── The system under test: the real machine with the user service replaced by deferred calls ────────

let actor: Actor<typeof authMachine>;
let calls: ReturnType<typeof deferredActors>;
let effects: string[];

beforeEach(() => {
  vi.useFakeTimers();
  calls = deferredActors();
  effects = [];
  const machine = authMachine.provide({
    actors: {
      requestEmailCode: calls.actor('requestEmailCode'),
      requestPhoneCode: calls.actor('requestPhoneCode'),
      completeSocialSignIn: calls.actor('completeSocialSignIn'),
      verifySecondFactor: calls.actor('verifySecondFactor'),
      signInWithPasskey: calls.actor('signInWithPasskey'),
      emailCodeEntry: codeEntryMachine.provide({
        actors: { verifyCode: calls.actor('verifyEmailCode'), resendCode: calls.actor('resendEmailCode') },
      }),
      phoneCodeEntry: codeEntryMachine.provide({
        actors: { verifyCode: calls.actor('verifyPhoneCode'), resendCode: calls.actor('resendPhoneCode') },
      }),
    },
    actions: {
      rememberPendingEmail: (_, { pending }) => effects.push(`remember email ${pending.address}`),
      rememberPendingPhone: (_, { pending }) =>
        effects.push(`remember phone ${pending.challenge.destination}`),
      storeSignIn: (_, { session: signed }) =>
        effects.push(`store ${signed.user.phoneVerified ? 'verified' : 'unverified'}`),
      finishSignIn: () => effects.push('finish'),
      redirectToProvider: (_, { provider }) => effects.push(`redirect ${provider}`),
    },
  });
  actor = createActor(machine, { input: {} }).start();
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

const settle = (id: string, event: { output?: unknown; error?: unknown }) =>
  settleCall(calls, id, { ...event, output: fresh(event.output) });

const codeEntry = () => actor.getSnapshot().children.codeEntry as ActorRefFrom<typeof codeEntryMachine>;
/** Whether the running code entry is the e-mail one (else the phone's). */
const forEmail = () => actor.getSnapshot().matches('emailCode');

const settlers = settlersFor(
  ['requestEmailCode', 'requestPhoneCode', 'completeSocialSignIn', 'verifySecondFactor', 'signInWithPasskey'],
  settle,
);

const send = (event: AuthEvent) => () => actor.send(event);

describe('auth machine, driven as the /auth pages drive it', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            idle: [],
            'signIn.editing': ['editing'],
            'signIn.sending': ['busy'],
            'signUp.editing': ['editing'],
            'signUp.sending': ['busy'],
            noCodeExpected: [],
            emailCode: [],
            'phone.numberEntry.editing': ['editing'],
            'phone.numberEntry.sending': ['busy'],
            'phone.codeEntry': [],
            redirecting: [],
            'socialCallback.exchanging': ['busy'],
            'socialCallback.failed': [],
            'secondFactor.editing': ['editing'],
            'secondFactor.usingPasskey': ['busy'],
            'secondFactor.verifying': ['busy'],
            signedIn: [],
          },
        },
        events: {
          ...settlers,
          'page.login': send({ type: 'page.login' }),
          'page.signup': send({ type: 'page.signup' }),
          'page.verifyOtp': send({ type: 'page.verifyOtp' }),
          'page.verifyPhone': send({ type: 'page.verifyPhone' }),
          'page.twoFactor': send({ type: 'page.twoFactor' }),
          'secondFactor.submit': ({ event }: { event: AuthEvent }) => actor.send(event),
          'secondFactor.passkey': send({ type: 'secondFactor.passkey' }),
          'page.callback': ({ event }: { event: AuthEvent }) => actor.send(event),
          'form.submit': ({ event }: { event: AuthEvent }) => actor.send(event),
          // The person enters the right code in the code entry, and the server accepts it.
          'xstate.done.actor.codeEntry': async ({ event }: { event: { output: unknown } }) => {
            const verify = forEmail() ? 'verifyEmailCode' : 'verifyPhoneCode';
            codeEntry().send({ type: 'code.submit', code: '123456' });
            await settle(verify, event);
          },
          // The person asks for a new code once the cooldown is over; the entry tells the auth machine.
          'code.sent': async () => {
            const resend = forEmail() ? 'resendEmailCode' : 'resendPhoneCode';
            await vi.advanceTimersByTimeAsync(60_000);
            codeEntry().send({ type: 'code.resend' });
            await settle(resend, { output: forEmail() ? challenge('email') : challenge('sms') });
          },
          'phone.submit': ({ event }: { event: AuthEvent }) => actor.send(event),
          'phone.changeNumber': send({ type: 'phone.changeNumber' }),
          'social.start': ({ event }: { event: AuthEvent }) => actor.send(event),
          'session.ended': send({ type: 'session.ended' }),
        } as never,
        states: {
          idle: () => expect(authPage(actor.getSnapshot())).toBeNull(),
          'signIn.editing': () => expect(authPage(actor.getSnapshot())).toBe('/auth/login'),
          'signIn.sending': () =>
            expect(calls.inputOf('requestEmailCode')).toEqual({ purpose: 'signin', email: 'ada@example.rw' }),
          'signUp.editing': () => expect(authPage(actor.getSnapshot())).toBe('/auth/signup'),
          'signUp.sending': () =>
            expect(calls.inputOf('requestEmailCode')).toEqual({
              purpose: 'signup',
              email: 'ada@example.rw',
              name: 'Ada Nkusi',
            }),
          noCodeExpected: () => expect(authPage(actor.getSnapshot())).toBe('/auth/verify-otp'),
          emailCode: () => {
            expect(authPage(actor.getSnapshot())).toBe('/auth/verify-otp');
            // The verification in progress was written down, so a reload can carry on.
            expect(effects).toContain('remember email ada@example.rw');
            // The code entry runs for the code on its way, and resends the same request.
            const entry = codeEntry().getSnapshot().context;
            expect(entry.challenge.challengeId).toBe(
              actor.getSnapshot().context.email?.challenge.challengeId,
            );
            expect(entry.request).toMatchObject({ email: 'ada@example.rw' });
          },
          phone: () => {
            expect(authPage(actor.getSnapshot())).toBe('/auth/verify-phone');
            expect(actor.getSnapshot().context.hasSession).toBe(true);
          },
          'phone.numberEntry.sending': () =>
            expect(calls.inputOf('requestPhoneCode')).toEqual({ country: 'RW', phoneNumber: '0788 123 456' }),
          'phone.codeEntry': () => {
            expect(actor.getSnapshot().context.phone?.challenge.destination).toBe('+250788123456');
            expect(codeEntry().getSnapshot().context.request).toEqual({
              country: 'RW',
              phoneNumber: '0788 123 456',
            });
          },
          redirecting: () => expect(effects.at(-1)).toBe('redirect github'),
          'socialCallback.exchanging': () =>
            expect(calls.inputOf('completeSocialSignIn')).toEqual({ code: 'abc', state: 'xyz' }),
          'socialCallback.failed': () => {
            expect(authPage(actor.getSnapshot())).toBe('/auth/callback');
            expect(actor.getSnapshot().context.message?.tone).toBe('error');
          },
          'secondFactor.editing': () => {
            expect(authPage(actor.getSnapshot())).toBe('/auth/two-factor');
            // No session yet: the first factor alone opened none.
            expect(effects.some((effect) => effect.startsWith('store'))).toBe(
              actor.getSnapshot().context.hasSession,
            );
            expect(actor.getSnapshot().context.secondFactor?.challengeId).toBe(
              secondFactorNeeded.secondFactor.challengeId,
            );
          },
          'secondFactor.usingPasskey': () =>
            expect(calls.inputOf('signInWithPasskey')).toEqual({
              challengeId: secondFactorNeeded.secondFactor.challengeId,
            }),
          'secondFactor.verifying': () =>
            expect(calls.inputOf('verifySecondFactor')).toEqual({
              challengeId: secondFactorNeeded.secondFactor.challengeId,
              code: '123456',
            }),
          signedIn: () => {
            expect(effects.at(-1)).toBe('finish');
            expect(effects.some((effect) => effect.startsWith('store'))).toBe(true);
          },
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
