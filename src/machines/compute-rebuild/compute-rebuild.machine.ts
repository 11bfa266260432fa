// Rebuilding a compute: the form (image, how root signs in, the hostname typed to confirm), one request,
// then the rebuild followed live (the compute's status over the socket) until it runs again or fails. A
// refusal brings the form back as it was typed, with the server's reasons beside the fields. A new root
// password is shown once, when the rebuild has begun.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { RebuildComputeInput } from '@/contract/compute-requests';
import type { Compute, ComputeStatus } from '@/contract/computes';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface RebuildAnswer {
  compute: Compute;
  rootPassword: string | null;
}

export interface ComputeRebuildContext {
  hostname: string;
  input: RebuildComputeInput | null;
  fieldErrors: Record<string, string>;
  message: string | null;
  rootPassword: string | null;
  /** The compute as last seen (the answer, or the socket), newest by updatedAt. */
  status: ComputeStatus;
  updatedAt: string;
}

export type ComputeRebuildEvent =
  | { type: 'form.submit'; input: RebuildComputeInput }
  | { type: 'compute.changed'; status: ComputeStatus; updatedAt: string }
  | { type: 'form.reopen' };

/** Typed as shown, ignoring letter case and surrounding spaces. */
export const confirmsHostname = (typed: string, hostname: string) =>
  typed.trim().toLowerCase() === hostname.toLowerCase();

export const computeRebuildMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ComputeRebuildContext,
    events: {} as ComputeRebuildEvent,
    input: {} as { hostname: string; status: ComputeStatus; updatedAt: string },
  },
  actors: {
    rebuild: fromPromise<RebuildAnswer, RebuildComputeInput>(async () => {
      throw new Error('rebuild must be provided');
    }),
  },
  actions: {
    keepInput: assign({
      input: ({ event }) => {
        assertEvent(event, 'form.submit');
        return event.input;
      },
      fieldErrors: {},
      message: null,
    }),
    // Only a newer state counts: the answer and the socket may arrive in either order.
    noteCompute: assign(({ context, event }) => {
      const seen =
        event.type === 'compute.changed'
          ? event
          : (event as unknown as { output: RebuildAnswer }).output.compute;
      return seen.updatedAt > context.updatedAt ? { status: seen.status, updatedAt: seen.updatedAt } : {};
    }),
    rememberPassword: assign({
      rootPassword: ({ event }) => (event as unknown as { output: RebuildAnswer }).output.rootPassword,
    }),
    showRefusal: assign(({ event }) => {
      const error = (event as { error?: Partial<ApiError> }).error;
      const fieldErrors = error?.fieldErrors ?? {};
      return {
        fieldErrors,
        message:
          Object.keys(fieldErrors).length > 0
            ? t('computes.form.needsAttention')
            : (error?.problem?.detail ?? error?.problem?.title ?? t('computes.rebuild.couldNot')),
      };
    }),
    showFailure: assign({
      message: () => t('computes.rebuild.failed'),
    }),
  },
  guards: {
    isConfirmed: ({ context, event }) => {
      assertEvent(event, 'form.submit');
      return confirmsHostname(event.input.confirmHostname, context.hostname);
    },
    isRunning: ({ context }) => context.status === 'running',
    isInError: ({ context }) => context.status === 'error',
  },
}).createMachine({
  id: 'computeRebuild',
  context: ({ input }) => ({
    hostname: input.hostname,
    input: null,
    fieldErrors: {},
    message: null,
    rootPassword: null,
    status: input.status,
    updatedAt: input.updatedAt,
  }),
  initial: 'editing',
  // The compute's status is followed in every state, so the rebuild's progress is never missed.
  on: { 'compute.changed': { actions: 'noteCompute' } },
  states: {
    editing: {
      tags: ['editing'],
      on: { 'form.submit': { guard: 'isConfirmed', target: 'submitting', actions: 'keepInput' } },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'rebuild',
        src: 'rebuild',
        input: ({ context }) => context.input!,
        onDone: { target: 'rebuilding', actions: ['noteCompute', 'rememberPassword'] },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    /** Under way on the hypervisor: the compute's status says when it is done. */
    rebuilding: {
      tags: ['busy'],
      always: [
        { guard: 'isRunning', target: 'rebuilt' },
        { guard: 'isInError', target: 'failed', actions: 'showFailure' },
      ],
    },
    /** Running again from its fresh disk; a new root password stays shown on this page. */
    rebuilt: { on: { 'form.reopen': { target: 'editing', actions: assign({ rootPassword: null }) } } },
    failed: { on: { 'form.reopen': 'editing' } },
  },
});
