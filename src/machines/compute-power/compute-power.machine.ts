// Powering a compute on and off: a request, then waiting for the compute to get there (the status comes
// over the socket, or a refetch). A forced power-off, which may lose unsaved data, is confirmed first.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Compute, ComputeStatus, PowerAction } from '@/contract/computes';
import { POWER_RULES } from '@/domain/compute-lifecycle';
import { type MessageId, t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface ComputePowerContext {
  action: PowerAction | null;
  message: { tone: 'info' | 'success' | 'error'; text: string } | null;
}

export type ComputePowerEvent =
  | { type: 'power.request'; action: PowerAction }
  | { type: 'power.confirm' }
  | { type: 'power.cancel' }
  /** The compute as it is now (from the socket or a refetch). */
  | { type: 'compute.changed'; status: ComputeStatus };

const done: Record<PowerAction, MessageId> = {
  power_on: 'computes.power.done.powerOn',
  shutdown: 'computes.power.done.shutdown',
  power_off: 'computes.power.done.powerOff',
  reboot: 'computes.power.done.reboot',
};

const waiting: Record<PowerAction, MessageId> = {
  power_on: 'computes.power.waiting.powerOn',
  shutdown: 'computes.power.waiting.shutdown',
  power_off: 'computes.power.waiting.powerOff',
  reboot: 'computes.power.waiting.reboot',
};

export const computePowerMachine = setup({
  types: { context: {} as ComputePowerContext, events: {} as ComputePowerEvent, tags: {} as StateTag },
  actors: {
    request: fromPromise<Compute, { action: PowerAction }>(async () => {
      throw new Error('request must be provided');
    }),
  },
  actions: {
    choose: assign({
      action: ({ event }) => {
        assertEvent(event, 'power.request');
        return event.action;
      },
      message: null,
    }),
    forget: assign({ action: null }),
    showWaiting: assign({
      message: ({ context }) => ({
        tone: 'info' as const,
        text: t(waiting[context.action!]),
      }),
    }),
    showDone: assign({
      message: ({ context }) => ({ tone: 'success' as const, text: t(done[context.action!]) }),
    }),
    showFailed: assign({
      message: ({ context }) => ({
        tone: 'error' as const,
        text: t('computes.power.failed', { action: context.action }),
      }),
    }),
    showRefusal: assign({
      message: ({ event }) => ({
        tone: 'error' as const,
        text:
          (event as { error?: Partial<ApiError> }).error?.problem?.detail ??
          (event as { error?: Partial<ApiError> }).error?.problem?.title ??
          t('computes.requestFailed'),
      }),
    }),
  },
  guards: {
    isForced: ({ event }) => event.type === 'power.request' && event.action === 'power_off',
    hasArrived: ({ context, event }) =>
      event.type === 'compute.changed' &&
      context.action !== null &&
      event.status === POWER_RULES[context.action].after,
    hasFailed: ({ event }) => event.type === 'compute.changed' && event.status === 'error',
  },
}).createMachine({
  id: 'computePower',
  context: { action: null, message: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'power.request': [
          { guard: 'isForced', target: 'confirming', actions: 'choose' },
          { target: 'requesting', actions: 'choose' },
        ],
      },
    },
    /** A forced power-off is like pulling the plug: the user confirms they mean it. */
    confirming: {
      tags: ['confirming'],
      on: {
        'power.confirm': 'requesting',
        'power.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    requesting: {
      tags: ['busy'],
      // On a slow network the compute can get there (or fail) before the request's answer does.
      on: {
        'compute.changed': [
          { guard: 'hasArrived', target: 'idle', actions: ['showDone', 'forget'] },
          { guard: 'hasFailed', target: 'idle', actions: ['showFailed', 'forget'] },
        ],
      },
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }) => ({ action: context.action! }),
        onDone: { target: 'waiting', actions: 'showWaiting' },
        onError: { target: 'idle', actions: ['showRefusal', 'forget'] },
      },
    },
    waiting: {
      tags: ['busy'],
      on: {
        'compute.changed': [
          { guard: 'hasArrived', target: 'idle', actions: ['showDone', 'forget'] },
          { guard: 'hasFailed', target: 'idle', actions: ['showFailed', 'forget'] },
        ],
      },
    },
  },
});
