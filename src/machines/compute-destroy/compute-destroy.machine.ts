// Destroying a compute: the user types its hostname to confirm, the request goes, and the page waits
// until the compute is gone (pushed over the socket, or a refetch answering 404), then leaves for the list.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Compute } from '@/contract/computes';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface ComputeDestroyContext {
  hostname: string;
  typed: string;
  message: string | null;
}

export type ComputeDestroyEvent =
  | { type: 'confirmation.changed'; value: string }
  | { type: 'destroy.confirm' }
  | { type: 'compute.gone' };

/** Typed as shown, ignoring letter case and surrounding spaces. */
export const matchesHostname = (typed: string, hostname: string) =>
  typed.trim().toLowerCase() === hostname.toLowerCase();

export const computeDestroyMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ComputeDestroyContext,
    events: {} as ComputeDestroyEvent,
    input: {} as { hostname: string },
  },
  actors: {
    destroy: fromPromise<Compute, { confirmHostname: string }>(async () => {
      throw new Error('destroy must be provided');
    }),
  },
  actions: {
    // Provided by the page: back to the list, with a toast.
    leave: () => {},
    type: assign({
      typed: ({ event }) => {
        assertEvent(event, 'confirmation.changed');
        return event.value;
      },
      message: null,
    }),
    showRefusal: assign({
      message: ({ event }) => {
        const error = (event as { error?: Partial<ApiError> }).error;
        return error?.fieldErrors?.confirmHostname ?? error?.problem?.title ?? t('computes.destroy.couldNot');
      },
    }),
  },
  guards: {
    isConfirmed: ({ context }) => matchesHostname(context.typed, context.hostname),
  },
}).createMachine({
  id: 'computeDestroy',
  context: ({ input }) => ({ hostname: input.hostname, typed: '', message: null }),
  initial: 'confirming',
  states: {
    confirming: {
      tags: ['confirming'],
      on: {
        'confirmation.changed': { actions: 'type' },
        'destroy.confirm': { guard: 'isConfirmed', target: 'destroying' },
      },
    },
    destroying: {
      // The confirmation stays on screen, with its progress, until the server answers.
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'destroy',
        src: 'destroy',
        input: ({ context }) => ({ confirmHostname: context.typed.trim() }),
        onDone: 'waiting',
        onError: { target: 'confirming', actions: 'showRefusal' },
      },
      // The socket can say it is gone before the request's own answer arrives.
      on: { 'compute.gone': 'destroyed' },
    },
    /** Destroying takes a moment on the hypervisor; the compute is gone when the server says so. */
    waiting: { tags: ['busy'], on: { 'compute.gone': 'destroyed' } },
    destroyed: { type: 'final', entry: 'leave' },
  },
});
