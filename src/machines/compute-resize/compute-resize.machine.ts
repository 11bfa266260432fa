// Resizing a compute to another plan as one flow: "power off → resize → power on". The person picks a plan
// and whether to power the compute on again, confirms (or cancels: nothing has happened yet), then each step
// is a request followed by waiting for the compute to get there (its status and plan come over the socket,
// or a refetch). A running compute is shut down cleanly first; a stopped one goes straight to the resize.
// A failure at any step stops the flow and says which step and where the compute is left.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Compute, ComputeStatus } from '@/contract/computes';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export type ResizeStep = 'powerOff' | 'resize' | 'powerOn';

export interface ComputeResizeContext {
  /** The plan chosen. */
  planId: string | null;
  /** Power the compute on once resized. */
  powerOnAfter: boolean;
  /** The compute as last seen. */
  status: ComputeStatus | null;
  instanceTypeId: string | null;
  /** Whether the flow began with a running compute (so it has a power-off step). */
  wasRunning: boolean;
  /** The server's reason beside the plan picker. */
  fieldError: string | null;
  failedStep: ResizeStep | null;
  message: { tone: 'info' | 'success' | 'error'; text: string } | null;
}

export type ComputeResizeEvent =
  | { type: 'plan.choose'; planId: string }
  | { type: 'powerOn.set'; value: boolean }
  | { type: 'resize.start' }
  | { type: 'resize.confirm' }
  | { type: 'resize.cancel' }
  /** The compute as it is now (from the socket or a refetch). */
  | { type: 'compute.changed'; status: ComputeStatus; instanceTypeId: string };

function problemOf(event: unknown): Partial<ApiError>['problem'] | undefined {
  return (event as { error?: Partial<ApiError> }).error?.problem;
}

function reasonOf(event: unknown): string {
  const problem = problemOf(event);
  return problem?.detail ?? problem?.title ?? t('computes.resize.requestFailed');
}

const failure = (text: string) => ({ tone: 'error' as const, text });

export const computeResizeMachine = setup({
  types: { context: {} as ComputeResizeContext, events: {} as ComputeResizeEvent, tags: {} as StateTag },
  actors: {
    powerAction: fromPromise<Compute, { action: 'shutdown' | 'power_on' }>(async () => {
      throw new Error('powerAction must be provided');
    }),
    resize: fromPromise<Compute, { instanceTypeId: string }>(async () => {
      throw new Error('resize must be provided');
    }),
  },
  actions: {
    see: assign(({ event }) => {
      assertEvent(event, 'compute.changed');
      return { status: event.status, instanceTypeId: event.instanceTypeId };
    }),
    choose: assign(({ event }) => {
      assertEvent(event, 'plan.choose');
      return { planId: event.planId, fieldError: null, failedStep: null, message: null };
    }),
    setPowerOn: assign(({ event }) => {
      assertEvent(event, 'powerOn.set');
      return { powerOnAfter: event.value };
    }),
    begin: assign(({ context }) => ({
      wasRunning: context.status === 'running',
      failedStep: null,
      message: null,
    })),
    showNotReady: assign({
      message: () => failure(t('computes.resize.notReady')),
    }),
    showFieldError: assign(({ event }) => {
      const problem = problemOf(event);
      const beside = problem?.errors?.find((error) => error.field === 'instanceTypeId')?.message;
      return { fieldError: beside ?? reasonOf(event) };
    }),
    failPowerOff: assign(({ event }) => ({
      failedStep: 'powerOff' as const,
      message: failure(t('computes.resize.powerOffRefused', { reason: reasonOf(event) })),
    })),
    failPowerOffByStatus: assign({
      failedStep: 'powerOff' as const,
      message: () => failure(t('computes.resize.powerOffFailed')),
    }),
    failResizeRequest: assign(({ event }) => ({
      failedStep: 'resize' as const,
      message: failure(t('computes.resize.resizeRefused', { reason: reasonOf(event) })),
    })),
    failResize: assign({
      failedStep: 'resize' as const,
      message: () => failure(t('computes.resize.resizeFailed')),
    }),
    failPowerOnRequest: assign(({ event }) => ({
      failedStep: 'powerOn' as const,
      message: failure(t('computes.resize.powerOnRefused', { reason: reasonOf(event) })),
    })),
    failPowerOn: assign({
      failedStep: 'powerOn' as const,
      message: () => failure(t('computes.resize.powerOnFailed')),
    }),
    showDone: assign(({ context }) => ({
      message: {
        tone: 'success' as const,
        text: context.powerOnAfter ? t('computes.resize.doneRunning') : t('computes.resize.doneStopped'),
      },
    })),
  },
  guards: {
    hasPlan: ({ context }) => context.planId !== null,
    isRunning: ({ context }) => context.status === 'running',
    isStopped: ({ context }) => context.status === 'stopped',
    isFieldProblem: ({ event }) =>
      problemOf(event)?.errors?.some((error) => error.field === 'instanceTypeId') === true,
    arrivedStopped: ({ event }) => event.type === 'compute.changed' && event.status === 'stopped',
    arrivedRunning: ({ event }) => event.type === 'compute.changed' && event.status === 'running',
    arrivedError: ({ event }) => event.type === 'compute.changed' && event.status === 'error',
    resizedThenOn: ({ context, event }) =>
      event.type === 'compute.changed' &&
      event.status === 'stopped' &&
      event.instanceTypeId === context.planId &&
      context.powerOnAfter,
    resized: ({ context, event }) =>
      event.type === 'compute.changed' &&
      event.status === 'stopped' &&
      event.instanceTypeId === context.planId,
    keptOldPlan: ({ context, event }) =>
      event.type === 'compute.changed' &&
      event.status === 'stopped' &&
      event.instanceTypeId !== context.planId,
  },
}).createMachine({
  id: 'computeResize',
  context: {
    planId: null,
    powerOnAfter: true,
    status: null,
    instanceTypeId: null,
    wasRunning: false,
    fieldError: null,
    failedStep: null,
    message: null,
  },
  initial: 'idle',
  on: { 'compute.changed': { actions: 'see' } },
  states: {
    /** Choosing the plan and whether to power on after. */
    idle: {
      tags: ['editing'],
      on: {
        'plan.choose': { actions: 'choose' },
        'powerOn.set': { actions: 'setPowerOn' },
        'resize.start': { guard: 'hasPlan', target: 'confirming' },
      },
    },
    /** The steps shown; nothing has happened yet, so cancelling changes nothing. */
    confirming: {
      tags: ['confirming'],
      on: {
        'resize.confirm': [
          { guard: 'isRunning', target: 'poweringOff', actions: 'begin' },
          { guard: 'isStopped', target: 'resizing', actions: 'begin' },
          { target: 'idle', actions: 'showNotReady' },
        ],
        'resize.cancel': 'idle',
      },
    },
    poweringOff: {
      tags: ['busy'],
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            id: 'powerOff',
            src: 'powerAction',
            input: { action: 'shutdown' as const },
            onDone: 'waiting',
            onError: { target: '#computeResize.failed', actions: 'failPowerOff' },
          },
        },
        waiting: {
          on: {
            'compute.changed': [
              { guard: 'arrivedStopped', target: '#computeResize.resizing', actions: 'see' },
              {
                guard: 'arrivedError',
                target: '#computeResize.failed',
                actions: ['see', 'failPowerOffByStatus'],
              },
              { actions: 'see' },
            ],
          },
        },
      },
    },
    resizing: {
      tags: ['busy'],
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            id: 'resize',
            src: 'resize',
            input: ({ context }) => ({ instanceTypeId: context.planId! }),
            onDone: 'waiting',
            onError: [
              { guard: 'isFieldProblem', target: '#computeResize.idle', actions: 'showFieldError' },
              { target: '#computeResize.failed', actions: 'failResizeRequest' },
            ],
          },
        },
        waiting: {
          on: {
            'compute.changed': [
              { guard: 'resizedThenOn', target: '#computeResize.poweringOn', actions: 'see' },
              { guard: 'resized', target: '#computeResize.done', actions: ['see', 'showDone'] },
              { guard: 'keptOldPlan', target: '#computeResize.failed', actions: ['see', 'failResize'] },
              { guard: 'arrivedError', target: '#computeResize.failed', actions: ['see', 'failResize'] },
              { actions: 'see' },
            ],
          },
        },
      },
    },
    poweringOn: {
      tags: ['busy'],
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            id: 'powerOn',
            src: 'powerAction',
            input: { action: 'power_on' as const },
            onDone: 'waiting',
            onError: { target: '#computeResize.failed', actions: 'failPowerOnRequest' },
          },
        },
        waiting: {
          on: {
            'compute.changed': [
              { guard: 'arrivedRunning', target: '#computeResize.done', actions: ['see', 'showDone'] },
              { guard: 'arrivedError', target: '#computeResize.failed', actions: ['see', 'failPowerOn'] },
              { actions: 'see' },
            ],
          },
        },
      },
    },
    done: { on: { 'plan.choose': { target: 'idle', actions: 'choose' } } },
    failed: { on: { 'plan.choose': { target: 'idle', actions: 'choose' } } },
  },
});

export type StepProgress = 'pending' | 'active' | 'done' | 'failed';

/**
 * The flow's steps as the page lists them: the power-off only for a running compute (or one the flow
 * powered off), the power-on only when asked, each pending, active, done or failed.
 */
export function resizeSteps(snapshot: {
  context: ComputeResizeContext;
  matches: (state: 'poweringOff' | 'resizing' | 'poweringOn' | 'done' | 'failed') => boolean;
}): { step: ResizeStep; progress: StepProgress }[] {
  const { context } = snapshot;
  const underWay = (['poweringOff', 'resizing', 'poweringOn', 'done', 'failed'] as const).some((state) =>
    snapshot.matches(state),
  );
  // Before the flow begins, the steps it would take; once begun, the ones it took.
  const withPowerOff = underWay ? context.wasRunning : context.status === 'running';
  const steps: ResizeStep[] = [
    ...(withPowerOff ? (['powerOff'] as const) : []),
    'resize',
    ...(context.powerOnAfter ? (['powerOn'] as const) : []),
  ];
  const order: ResizeStep[] = ['powerOff', 'resize', 'powerOn'];
  const current: ResizeStep | null = snapshot.matches('poweringOff')
    ? 'powerOff'
    : snapshot.matches('resizing')
      ? 'resize'
      : snapshot.matches('poweringOn')
        ? 'powerOn'
        : null;
  return steps.map((step) => {
    if (snapshot.matches('done')) return { step, progress: 'done' };
    const reached = snapshot.matches('failed') ? context.failedStep : current;
    if (reached === null) return { step, progress: 'pending' };
    const [at, here] = [order.indexOf(step), order.indexOf(reached)];
    if (at < here) return { step, progress: 'done' };
    if (at > here) return { step, progress: 'pending' };
    return { step, progress: snapshot.matches('failed') ? 'failed' : 'active' };
  });
}
