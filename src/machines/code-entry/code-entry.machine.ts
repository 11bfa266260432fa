// Entering a one-time code sent by e-mail or SMS: the resend button waits out its cooldown, a wrong code
// says so beside the field, and too many wrong codes lock the entry until the server's wait is over. One
// chart for every place a code is entered (signing in or up, verifying a phone, changing the e-mail
// address or the phone number): the parent invokes it with the code sent and provides the two calls,
// and receives the verified answer as its output.

import { type AnyActorRef, assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CodeChallenge } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { t } from '@/i18n/state';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface CodeMessage {
  tone: 'info' | 'success' | 'error';
  text: string;
}

export interface CodeEntryInput {
  /** The code on its way: where it went, until when it works, when another may be asked for. */
  challenge: CodeChallenge;
  /** What the parent's resend call needs (the address, the number…), handed back to it unchanged. */
  request: unknown;
  /** Who is told of each new code (`code.sent`): the invoking parent passes itself. */
  notify?: AnyActorRef | undefined;
}

export interface CodeEntryContext extends CodeEntryInput {
  fieldErrors: Record<string, string>;
  message: CodeMessage | null;
  /** When the lock on entering codes ends (epoch ms). */
  lockedUntil: number | null;
  /** What checking the code answered: the machine's output. */
  verified: unknown;
}

export type CodeEntryEvent = { type: 'code.submit'; code: string } | { type: 'code.resend' };

/** Sent to the parent when a new code went out, so it can remember it (a reload carries on with it). */
export type CodeSentEvent = { type: 'code.sent'; challenge: CodeChallenge };

/** The server's refusal, as the form shows it: beside the field, or one message for the form. */
export function describeFailure(error: unknown): Pick<CodeEntryContext, 'fieldErrors' | 'message'> {
  const apiError = error as Partial<ApiError> | undefined;
  const fieldErrors = apiError?.fieldErrors ?? {};
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  const title = apiError?.problem?.title ?? t('shell.somethingWrong');
  const detail = apiError?.problem?.detail;
  return { fieldErrors: {}, message: { tone: 'error', text: detail ? `${title} ${detail}` : title } };
}

const errorOf = (event: unknown) => (event as { error?: Partial<ApiError> }).error;

export const codeEntryMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as CodeEntryContext,
    events: {} as CodeEntryEvent,
    input: {} as CodeEntryInput,
    output: {} as unknown,
  },
  actors: {
    // Provided by the parent: check the code / send a new one.
    verifyCode: fromPromise<unknown, { challengeId: string; code: string }>(async () => {
      throw new Error('verifyCode must be provided');
    }),
    resendCode: fromPromise<CodeChallenge, { request: unknown }>(async () => {
      throw new Error('resendCode must be provided');
    }),
  },
  actions: {
    clearFeedback: assign({ fieldErrors: {}, message: null }),
    showFailure: assign(({ event }) => describeFailure(errorOf(event))),
    lock: assign({
      lockedUntil: ({ event }) => Date.now() + (errorOf(event)?.problem?.retryAfterSeconds ?? 900) * 1000,
      fieldErrors: {},
      message: ({ event }) => ({
        tone: 'error' as const,
        text: errorOf(event)?.problem?.title ?? t('auth.codeForm.tooMany'),
      }),
    }),
    unlock: assign({ lockedUntil: null, message: null }),
    /** A refused resend: the button waits as long as the server said (an hour's cap, not a minute). */
    waitToResend: assign({
      challenge: ({ context, event }) => {
        const seconds = errorOf(event)?.problem?.retryAfterSeconds;
        if (typeof seconds !== 'number') return context.challenge;
        return {
          ...context.challenge,
          resendAvailableAt: new Date(Date.now() + seconds * 1000).toISOString(),
        };
      },
    }),
    takeNewCode: assign({
      challenge: ({ event }) => (event as unknown as { output: CodeChallenge }).output,
      fieldErrors: {},
      message: ({ event }) => ({
        tone: 'info' as const,
        text: t('auth.codeForm.newCodeSent', {
          destination: (event as unknown as { output: CodeChallenge }).output.destination,
        }),
      }),
    }),
    tellParent: enqueueActions(({ context, enqueue }) => {
      const sent: CodeSentEvent = { type: 'code.sent', challenge: context.challenge };
      if (context.notify) enqueue.sendTo(context.notify, sent);
    }),
  },
  guards: {
    isLocked: ({ event }) => errorOf(event)?.problem?.type === problemTypes.addressLocked,
    isSendLimited: ({ event }) => errorOf(event)?.problem?.type === problemTypes.sendRateLimited,
  },
  delays: {
    resendCooldown: ({ context }) =>
      Math.max(0, Date.parse(context.challenge.resendAvailableAt) - Date.now() || 0),
    lockDelay: ({ context }) => Math.max(0, (context.lockedUntil ?? 0) - Date.now()),
  },
}).createMachine({
  id: 'codeEntry',
  context: ({ input }) => ({ ...input, fieldErrors: {}, message: null, lockedUntil: null, verified: null }),
  initial: 'entering',
  states: {
    entering: {
      tags: ['editing'],
      initial: 'cooldown',
      on: { 'code.submit': { target: 'verifying', actions: 'clearFeedback' } },
      states: {
        /** The resend button waits out the cooldown, shown as a countdown. */
        cooldown: { after: { resendCooldown: 'ready' } },
        ready: { on: { 'code.resend': { target: '#codeEntry.resending', actions: 'clearFeedback' } } },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context, event }) => {
          assertEvent(event, 'code.submit');
          return { challengeId: context.challenge.challengeId, code: event.code };
        },
        onDone: { target: 'verified', actions: assign({ verified: ({ event }) => event.output }) },
        onError: [
          { guard: 'isLocked', target: 'locked', actions: 'lock' },
          { target: 'entering', actions: 'showFailure' },
        ],
      },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => ({ request: context.request }),
        onDone: { target: 'entering', actions: ['takeNewCode', 'tellParent'] },
        onError: [
          { guard: 'isLocked', target: 'locked', actions: 'lock' },
          { guard: 'isSendLimited', target: 'entering', actions: ['showFailure', 'waitToResend'] },
          { target: 'entering', actions: 'showFailure' },
        ],
      },
    },
    /** Too many wrong codes: nothing can be tried until the lock ends. */
    locked: { after: { lockDelay: { target: 'entering', actions: 'unlock' } } },
    verified: { type: 'final' },
  },
  output: ({ context }: { context: CodeEntryContext }) => context.verified,
});

/** The code entry with the parent's two calls: check a code, and send a new one for `request`. */
export function codeEntryWith(calls: {
  verifyCode: (input: { challengeId: string; code: string }) => Promise<unknown>;
  resendCode: (request: unknown) => Promise<CodeChallenge>;
}) {
  return codeEntryMachine.provide({
    actors: {
      verifyCode: fromPromise<unknown, { challengeId: string; code: string }>(({ input }) =>
        calls.verifyCode(input),
      ),
      resendCode: fromPromise<CodeChallenge, { request: unknown }>(({ input }) =>
        calls.resendCode(input.request),
      ),
    },
  });
}
