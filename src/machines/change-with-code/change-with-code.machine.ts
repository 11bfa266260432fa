// Changing something only a code proves you own (account settings: the e-mail address, the phone
// number): enter the new value, receive a code there, enter it. The requests are actors the page
// provides, so one machine serves both; entering the code is the shared code-entry machine.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CodeChallenge } from '@/contract/auth';
import {
  type CodeMessage,
  type CodeSentEvent,
  codeEntryMachine,
  codeEntryWith,
  describeFailure,
} from '../code-entry';
import type { StateTag } from '../tags';

export type ChangeMessage = CodeMessage;

export interface ChangeContext<Value = unknown> {
  value: Value | null;
  challenge: CodeChallenge | null;
  fieldErrors: Record<string, string>;
  message: ChangeMessage | null;
}

export type ChangeEvent =
  | { type: 'change.submit'; value: unknown }
  | { type: 'change.cancel' }
  | { type: 'change.again' }
  | CodeSentEvent;

export const changeWithCodeMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ChangeContext,
    events: {} as ChangeEvent,
  },
  actors: {
    // Provided by the page: send a code for this value (codeEntry resends the same way).
    requestCode: fromPromise<CodeChallenge, { value: unknown }>(async () => {
      throw new Error('requestCode must be provided');
    }),
    // Provided by the page with codeEntryWith(): confirm the code, send another.
    codeEntry: codeEntryMachine,
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
    showFailure: assign(({ event }) => describeFailure((event as { error?: unknown }).error)),
    forget: assign({ value: null, challenge: null, fieldErrors: {}, message: null }),
  },
}).createMachine({
  id: 'changeWithCode',
  context: { value: null, challenge: null, fieldErrors: {}, message: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: { 'change.submit': { target: 'requesting', actions: ['clearFeedback', 'keepValue'] } },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ value: context.value }),
        onDone: { target: 'codeEntry', actions: assign({ challenge: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: 'showFailure' },
      },
    },
    /** The code entry (a child machine, id codeEntry); its output is the changed account. */
    codeEntry: {
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context, self }) => ({
          notify: self,
          challenge: context.challenge!,
          request: context.value,
        }),
        onDone: {
          target: 'done',
          actions: { type: 'changed', params: ({ event }) => ({ result: event.output }) },
        },
      },
      on: {
        'change.cancel': { target: 'editing', actions: 'forget' },
        'code.sent': { actions: assign({ challenge: ({ event }) => event.challenge }) },
      },
    },
    done: {
      on: { 'change.again': { target: 'editing', actions: 'forget' } },
    },
  },
});

/** The machine with the page's two calls: send a code for a value (again on resend), confirm a code. */
export function changeWithCodeFor(calls: {
  requestCode: (value: unknown) => Promise<CodeChallenge>;
  confirmCode: (input: { challengeId: string; code: string }) => Promise<unknown>;
}) {
  return changeWithCodeMachine.provide({
    actors: {
      requestCode: fromPromise<CodeChallenge, { value: unknown }>(({ input }) =>
        calls.requestCode(input.value),
      ),
      codeEntry: codeEntryWith({ verifyCode: calls.confirmCode, resendCode: calls.requestCode }),
    },
  });
}
