// Rescue mode of one compute: entering it (one request, then the rescue system's boot followed live by the
// compute's status), the one-time root password shown while the page stays open, leaving it (one request,
// then the normal boot followed live). The machine follows the compute's status in every state, so a page
// opened on a compute already in (or entering, or leaving) rescue, or one another person rescues meanwhile,
// shows where it stands. A refusal shows the server's reason and changes nothing.
import { assign, fromPromise, setup } from 'xstate';
import type { Compute, ComputeStatus } from '@/contract/computes';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface RescueAnswer {
  compute: Compute;
  rootPassword: string;
}

export interface ComputeRescueContext {
  message: string | null;
  /** The rescue system's one-time root password, from the answer to entering (never fetched again). */
  rootPassword: string | null;
  /** The compute as last seen (an answer, or the socket), newest by updatedAt. */
  status: ComputeStatus;
  updatedAt: string;
}

export type ComputeRescueEvent =
  | { type: 'rescue.enter' }
  | { type: 'rescue.leave' }
  | { type: 'compute.changed'; status: ComputeStatus; updatedAt: string };

type Seen = { status: ComputeStatus; updatedAt: string };

const RESCUE_STATUSES: readonly ComputeStatus[] = ['entering_rescue', 'rescue', 'leaving_rescue'];

export const computeRescueMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ComputeRescueContext,
    events: {} as ComputeRescueEvent,
    input: {} as { status: ComputeStatus; updatedAt: string },
  },
  actors: {
    enterRescue: fromPromise<RescueAnswer>(async () => {
      throw new Error('enterRescue must be provided');
    }),
    leaveRescue: fromPromise<Compute>(async () => {
      throw new Error('leaveRescue must be provided');
    }),
  },
  actions: {
    clearMessage: assign({ message: null }),
    // Only a newer state counts: the answer and the socket may arrive in either order.
    noteCompute: assign(({ context, event }) => {
      const output = (event as unknown as { output?: RescueAnswer | Compute }).output;
      const seen: Seen =
        event.type === 'compute.changed' ? event : output && 'compute' in output ? output.compute : output!;
      return seen.updatedAt > context.updatedAt ? { status: seen.status, updatedAt: seen.updatedAt } : {};
    }),
    rememberPassword: assign({
      rootPassword: ({ event }) => (event as unknown as { output: RescueAnswer }).output.rootPassword,
    }),
    forgetPassword: assign({ rootPassword: null }),
    showRefusal: assign({
      message: ({ event }) => {
        const error = (event as { error?: Partial<ApiError> }).error;
        return error?.problem?.detail ?? error?.problem?.title ?? t('computes.requestFailedRetry');
      },
    }),
    showFailure: assign({
      message: () => t('computes.rescue.failed'),
    }),
  },
  guards: {
    isEntering: ({ context }) => context.status === 'entering_rescue',
    isInRescue: ({ context }) => context.status === 'rescue',
    isLeaving: ({ context }) => context.status === 'leaving_rescue',
    isRunning: ({ context }) => context.status === 'running',
    isInError: ({ context }) => context.status === 'error',
    /** Neither entering, in, nor leaving rescue (the socket may skip a state: it sends the latest). */
    isOutsideRescue: ({ context }) => !RESCUE_STATUSES.includes(context.status),
    isNotRunning: ({ context }) => context.status !== 'running',
  },
}).createMachine({
  id: 'computeRescue',
  context: ({ input }) => ({
    message: null,
    rootPassword: null,
    status: input.status,
    updatedAt: input.updatedAt,
  }),
  initial: 'outside',
  on: { 'compute.changed': { actions: 'noteCompute' } },
  states: {
    /** Not in rescue: it may be entered (when its status allows; the page says why not otherwise). */
    outside: {
      always: [
        { guard: 'isEntering', target: 'booting' },
        { guard: 'isInRescue', target: 'inRescue' },
        { guard: 'isLeaving', target: 'returning' },
      ],
      on: { 'rescue.enter': { target: 'entering', actions: ['clearMessage', 'forgetPassword'] } },
    },
    entering: {
      tags: ['busy'],
      invoke: {
        id: 'enterRescue',
        src: 'enterRescue',
        onDone: { target: 'booting', actions: ['noteCompute', 'rememberPassword'] },
        onError: { target: 'outside', actions: 'showRefusal' },
      },
    },
    /** The rescue system boots: the compute's status says when it is up. */
    booting: {
      tags: ['busy'],
      always: [
        { guard: 'isInRescue', target: 'inRescue' },
        { guard: 'isLeaving', target: 'returning', actions: 'forgetPassword' },
        { guard: 'isInError', target: 'outside', actions: ['showFailure', 'forgetPassword'] },
        { guard: 'isOutsideRescue', target: 'outside', actions: 'forgetPassword' },
      ],
    },
    /** Up: root signs in by SSH with the compute's keys or the one-time password; it may be left. */
    inRescue: {
      always: [
        { guard: 'isEntering', target: 'booting' },
        { guard: 'isLeaving', target: 'returning', actions: 'forgetPassword' },
        { guard: 'isOutsideRescue', target: 'outside', actions: 'forgetPassword' },
      ],
      on: { 'rescue.leave': { target: 'leaving', actions: 'clearMessage' } },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        id: 'leaveRescue',
        src: 'leaveRescue',
        onDone: { target: 'returning', actions: ['noteCompute', 'forgetPassword'] },
        onError: { target: 'inRescue', actions: 'showRefusal' },
      },
    },
    /** The compute boots normally from its own disk. */
    returning: {
      tags: ['busy'],
      always: [
        { guard: 'isRunning', target: 'left' },
        { guard: 'isEntering', target: 'booting' },
        { guard: 'isInRescue', target: 'inRescue' },
        { guard: 'isInError', target: 'outside', actions: 'showFailure' },
        { guard: 'isOutsideRescue', target: 'outside' },
      ],
    },
    /** Running normally again; it may be rescued again. */
    left: {
      always: [
        { guard: 'isEntering', target: 'booting' },
        { guard: 'isInRescue', target: 'inRescue' },
        { guard: 'isLeaving', target: 'returning' },
        { guard: 'isNotRunning', target: 'outside' },
      ],
      on: { 'rescue.enter': { target: 'entering', actions: ['clearMessage', 'forgetPassword'] } },
    },
  },
});
