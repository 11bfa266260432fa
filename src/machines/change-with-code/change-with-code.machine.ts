// Changing something only a code proves you own (account settings: the e-mail address, the phone
// number): enter the new value, receive a code there, enter it. The requests are actors the page
// provides, so one machine serves both.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CodeChallenge } from '../../contract/auth';
import { problemTypes } from '../../contract/problem';
import type { ApiError } from '../../services/http';

export interface ChangeMessage {
  tone: 'info' | 'success' | 'error';
  text: string;
}

export interface ChangeContext<Value = unknown> {
  value: Value | null;
  challenge: CodeChallenge | null;
  fieldErrors: Record<string, string>;
  message: ChangeMessage | null;
  lockedUntil: number | null;
}

export type ChangeEvent =
  | { type: 'change.submit'; value: unknown }
  | { type: 'change.cancel' }
  | { type: 'change.again' }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' };

function failure(error: unknown): Pick<ChangeContext, 'fieldErrors' | 'message'> {
  const apiError = error as Partial<ApiError> | undefined;
  const fieldErrors = apiError?.fieldErrors ?? {};
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  const title = apiError?.problem?.title ?? 'Something went wrong. Try again.';
  return { fieldErrors: {}, message: { tone: 'error', text: title } };
}

export const changeWithCodeMachine = setup({
  types: {
    context: {} as ChangeContext,
    events: {} as ChangeEvent,
  },
  actors: {
    // Provided by the page: send a code for this value / confirm it.
    requestCode: fromPromise<CodeChallenge, { value: unknown }>(async () => {
      throw new Error('requestCode must be provided');
    }),
    confirmCode: fromPromise<unknown, { challengeId: string; code: string }>(async () => {
      throw new Error('confirmCode must be provided');
    }),
  },
  actions: {
    changed: (_, _params: { result: unknown }) => {},
    keepValue: assign({
      value: ({ event }) => {
        assertEvent(event, 'change.submit');
        return event.value;
      },
    }),
    clearFeedback: assign({ fieldErrors: {}, message: null }),
    showFailure: assign(({ event }) => failure((event as { error?: unknown }).error)),
    lock: assign({
      lockedUntil: ({ event }) =>
        Date.now() +
        ((event as { error?: Partial<ApiError> }).error?.problem?.retryAfterSeconds ?? 900) * 1000,
      fieldErrors: {},
      message: ({ event }) => ({
        tone: 'error' as const,
        text: (event as { error?: Partial<ApiError> }).error?.problem?.title ?? 'Too many wrong codes.',
      }),
    }),
    unlock: assign({ lockedUntil: null, message: null }),
    forget: assign({ value: null, challenge: null, fieldErrors: {}, message: null, lockedUntil: null }),
  },
  guards: {
    isLocked: ({ event }) =>
      (event as { error?: Partial<ApiError> }).error?.problem?.type === problemTypes.addressLocked,
  },
  delays: {
    resendCooldown: ({ context }) =>
      Math.max(0, Date.parse(context.challenge?.resendAvailableAt ?? '') - Date.now() || 0),
    lockDelay: ({ context }) => Math.max(0, (context.lockedUntil ?? 0) - Date.now()),
  },
}).createMachine({
  id: 'changeWithCode',
  context: { value: null, challenge: null, fieldErrors: {}, message: null, lockedUntil: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'change.submit': { target: 'requesting', actions: ['clearFeedback', 'keepValue'] } },
    },
    requesting: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ value: context.value }),
        onDone: { target: 'codeEntry', actions: assign({ challenge: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: 'showFailure' },
      },
    },
    codeEntry: {
      initial: 'entering',
      on: { 'change.cancel': { target: 'editing', actions: 'forget' } },
      states: {
        entering: {
          initial: 'cooldown',
          on: { 'code.submit': { target: 'verifying', actions: 'clearFeedback' } },
          states: {
            cooldown: { after: { resendCooldown: 'ready' } },
            ready: {
              on: {
                'code.resend': { target: '#changeWithCode.codeEntry.resending', actions: 'clearFeedback' },
              },
            },
          },
        },
        verifying: {
          invoke: {
            id: 'confirmCode',
            src: 'confirmCode',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submit');
              return { challengeId: context.challenge!.challengeId, code: event.code };
            },
            onDone: {
              target: '#changeWithCode.done',
              actions: { type: 'changed', params: ({ event }) => ({ result: event.output }) },
            },
            onError: [
              { guard: 'isLocked', target: 'locked', actions: 'lock' },
              { target: 'entering', actions: 'showFailure' },
            ],
          },
        },
        resending: {
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }) => ({ value: context.value }),
            onDone: {
              target: 'entering',
              actions: assign({
                challenge: ({ event }) => event.output,
                message: ({ event }) => ({
                  tone: 'info' as const,
                  text: `We sent a new code to ${event.output.destination}.`,
                }),
              }),
            },
            onError: [
              { guard: 'isLocked', target: 'locked', actions: 'lock' },
              { target: 'entering', actions: 'showFailure' },
            ],
          },
        },
        locked: { after: { lockDelay: { target: 'entering', actions: 'unlock' } } },
      },
    },
    done: {
      on: { 'change.again': { target: 'editing', actions: 'forget' } },
    },
  },
});
