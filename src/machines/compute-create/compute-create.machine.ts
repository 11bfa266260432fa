// Creating a compute: the form, then one request with an Idempotency-Key. The key stays the same until
// the server has given a definite answer, so a double click, a retry after a lost answer or a resend of
// the same form can never make two computes. A generated root password is shown once, before leaving.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Compute } from '@/contract/computes';
import { t } from '@/i18n';
import type { CreateComputeInput } from '@/services/computes.api';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface CreatedCompute {
  compute: Compute;
  rootPassword: string | null;
}

export interface ComputeCreateContext {
  idempotencyKey: string;
  newKey: () => string;
  input: CreateComputeInput | null;
  fieldErrors: Record<string, string>;
  message: string | null;
  created: CreatedCompute | null;
}

export type ComputeCreateEvent =
  | { type: 'form.submit'; input: CreateComputeInput }
  | { type: 'request.retry' }
  | { type: 'password.acknowledged' };

/** No answer, or the server failed: the compute may exist, so the next try must reuse the key. */
export function isUncertain(error: unknown): boolean {
  const status = (error as Partial<ApiError> | undefined)?.status ?? 0;
  return status === 0 || status >= 500;
}

export const computeCreateMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ComputeCreateContext,
    events: {} as ComputeCreateEvent,
    input: {} as { newKey?: () => string },
  },
  actors: {
    create: fromPromise<CreatedCompute, { input: CreateComputeInput; idempotencyKey: string }>(async () => {
      throw new Error('create must be provided');
    }),
  },
  actions: {
    // Provided by the page: leave for the new compute's page.
    openCompute: (_, _params: { compute: Compute }) => {},
    keepInput: assign({
      input: ({ event }) => {
        assertEvent(event, 'form.submit');
        return event.input;
      },
      fieldErrors: {},
      message: null,
    }),
    remember: assign({ created: ({ event }) => (event as unknown as { output: CreatedCompute }).output }),
    showRefusal: assign(({ event }) => {
      const error = (event as { error?: Partial<ApiError> }).error;
      const fieldErrors = error?.fieldErrors ?? {};
      return {
        fieldErrors,
        message:
          Object.keys(fieldErrors).length > 0
            ? t('computes.form.needsAttention')
            : (error?.problem?.detail ?? error?.problem?.title ?? t('computes.create.couldNot')),
      };
    }),
    showUncertain: assign({
      message: () => t('computes.create.uncertain'),
    }),
    // The server refused for good: the next submission is a new request.
    renewKey: assign({ idempotencyKey: ({ context }) => context.newKey() }),
  },
  guards: {
    hasPassword: ({ event }) => (event as unknown as { output: CreatedCompute }).output.rootPassword !== null,
    isUncertain: ({ event }) => isUncertain((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'computeCreate',
  context: ({ input }) => {
    const newKey = input.newKey ?? (() => crypto.randomUUID());
    return {
      idempotencyKey: newKey(),
      newKey,
      input: null,
      fieldErrors: {},
      message: null,
      created: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: { 'form.submit': { target: 'submitting', actions: 'keepInput' } },
    },
    submitting: {
      tags: ['busy'],
      // A second click while the first is on its way does nothing: there is no transition for it here.
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ input: context.input!, idempotencyKey: context.idempotencyKey }),
        onDone: [
          { guard: 'hasPassword', target: 'showingPassword', actions: 'remember' },
          {
            target: 'created',
            actions: [
              'remember',
              { type: 'openCompute', params: ({ event }) => ({ compute: event.output.compute }) },
            ],
          },
        ],
        onError: [
          { guard: 'isUncertain', target: 'uncertain', actions: 'showUncertain' },
          { target: 'editing', actions: ['showRefusal', 'renewKey'] },
        ],
      },
    },
    /** The outcome is unknown: trying again (with the same key) is safe. */
    uncertain: {
      on: {
        'request.retry': 'submitting',
        'form.submit': { target: 'submitting', actions: 'keepInput' },
      },
    },
    /** The root password is shown once; the user confirms they have it before moving on. */
    showingPassword: {
      on: {
        'password.acknowledged': {
          target: 'created',
          actions: { type: 'openCompute', params: ({ context }) => ({ compute: context.created!.compute }) },
        },
      },
    },
    created: { type: 'final' },
  },
});
