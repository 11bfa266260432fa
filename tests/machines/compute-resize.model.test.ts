import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Compute } from '@/contract/computes';
import { type ComputeResizeEvent, computeResizeMachine, resizeSteps } from '@/machines/compute-resize';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const OLD = 's-1vcpu-1gb';
const NEW = 's-2vcpu-4gb';

const conflict = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Not possible right now',
  detail: 'The compute is busy; wait until it is stopped to resize it.',
});
const noRoom = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Unprocessable',
  detail: 'Some fields need attention.',
  errors: [
    { field: 'instanceTypeId', message: 'The machine this compute runs on has no room for this plan now.' },
  ],
});

const changed = (status: 'running' | 'stopped' | 'error' | 'resizing', instanceTypeId: string) => ({
  type: 'compute.changed' as const,
  status,
  instanceTypeId,
});

const model = new MachineModel(computeResizeMachine, {
  strategy: 'every-transition',
  abstractContext: (context) => [
    context.planId,
    context.powerOnAfter,
    context.status,
    context.instanceTypeId,
    context.wasRunning,
  ],
  events: {
    'plan.choose': [{ type: 'plan.choose', planId: NEW }],
    'powerOn.set': [
      { type: 'powerOn.set', value: false },
      { type: 'powerOn.set', value: true },
    ],
    'compute.changed': [
      changed('running', OLD),
      changed('stopped', OLD),
      changed('resizing', NEW),
      changed('stopped', NEW),
      changed('running', NEW),
      changed('error', OLD),
    ],
    'xstate.done.actor.powerOff': [{ type: 'xstate.done.actor.powerOff', output: {} as Compute }],
    'xstate.error.actor.powerOff': [{ type: 'xstate.error.actor.powerOff', error: conflict }],
    'xstate.done.actor.resize': [{ type: 'xstate.done.actor.resize', output: {} as Compute }],
    'xstate.error.actor.resize': [
      { type: 'xstate.error.actor.resize', error: noRoom },
      { type: 'xstate.error.actor.resize', error: conflict },
    ],
    'xstate.done.actor.powerOn': [{ type: 'xstate.done.actor.powerOn', output: {} as Compute }],
    'xstate.error.actor.powerOn': [{ type: 'xstate.error.actor.powerOn', error: conflict }],
  },
});

let actor: Actor<typeof computeResizeMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(
    computeResizeMachine.provide({
      actors: { powerAction: calls.actor('powerAction'), resize: calls.actor('resize') },
    }),
  ).start();
});
afterEach(() => actor.stop());

async function settle(name: string, event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject(name, event.error);
  else calls.resolve(name, event.output);
  await flushMicrotasks();
}

const context = () => actor.getSnapshot().context;

describe('compute-resize machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            idle: ['editing'],
            confirming: ['confirming'],
            poweringOff: ['busy'],
            resizing: ['busy'],
            poweringOn: ['busy'],
            done: [],
            failed: [],
          },
        },
        events: {
          'plan.choose': ({ event }: { event: ComputeResizeEvent }) => actor.send(event),
          'powerOn.set': ({ event }: { event: ComputeResizeEvent }) => actor.send(event),
          'resize.start': () => actor.send({ type: 'resize.start' }),
          'resize.confirm': () => actor.send({ type: 'resize.confirm' }),
          'resize.cancel': () => actor.send({ type: 'resize.cancel' }),
          'compute.changed': ({ event }: { event: ComputeResizeEvent }) => actor.send(event),
          'xstate.done.actor.powerOff': ({ event }: { event: { output: unknown } }) =>
            settle('powerAction', event),
          'xstate.error.actor.powerOff': ({ event }: { event: { error: unknown } }) =>
            settle('powerAction', event),
          'xstate.done.actor.resize': ({ event }: { event: { output: unknown } }) => settle('resize', event),
          'xstate.error.actor.resize': ({ event }: { event: { error: unknown } }) => settle('resize', event),
          'xstate.done.actor.powerOn': ({ event }: { event: { output: unknown } }) =>
            settle('powerAction', event),
          'xstate.error.actor.powerOn': ({ event }: { event: { error: unknown } }) =>
            settle('powerAction', event),
        } as never,
        states: {
          idle: () => expect(calls.isWaiting('powerAction') || calls.isWaiting('resize')).toBe(false),
          confirming: () => {
            // Nothing is sent until the person confirms.
            expect(context().planId).toBe(NEW);
            expect(calls.isWaiting('powerAction') || calls.isWaiting('resize')).toBe(false);
          },
          'poweringOff.requesting': () =>
            expect(calls.inputOf('powerAction')).toEqual({ action: 'shutdown' }),
          'resizing.requesting': () => expect(calls.inputOf('resize')).toEqual({ instanceTypeId: NEW }),
          'poweringOn.requesting': () => expect(calls.inputOf('powerAction')).toEqual({ action: 'power_on' }),
          done: () => {
            expect(context().message?.tone).toBe('success');
            expect(resizeSteps(actor.getSnapshot()).every((step) => step.progress === 'done')).toBe(true);
          },
          failed: () => {
            expect(context().message?.tone).toBe('error');
            const failedSteps = resizeSteps(actor.getSnapshot()).filter((step) => step.progress === 'failed');
            expect(failedSteps.map((step) => step.step)).toEqual([context().failedStep]);
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

  it('runs "power off → resize → power on" for a running compute, showing each step’s progress', async () => {
    const steps = () => resizeSteps(actor.getSnapshot()).map(({ step, progress }) => `${step}:${progress}`);
    actor.send(changed('running', OLD));
    actor.send({ type: 'plan.choose', planId: NEW });
    actor.send({ type: 'resize.start' });
    expect(steps()).toEqual(['powerOff:pending', 'resize:pending', 'powerOn:pending']);
    actor.send({ type: 'resize.confirm' });
    expect(steps()).toEqual(['powerOff:active', 'resize:pending', 'powerOn:pending']);
    await settle('powerAction', { output: {} });
    actor.send(changed('stopped', OLD));
    expect(steps()).toEqual(['powerOff:done', 'resize:active', 'powerOn:pending']);
    await settle('resize', { output: {} });
    actor.send(changed('resizing', NEW));
    actor.send(changed('stopped', NEW));
    expect(steps()).toEqual(['powerOff:done', 'resize:done', 'powerOn:active']);
    await settle('powerAction', { output: {} });
    actor.send(changed('running', NEW));
    expect(actor.getSnapshot().value).toBe('done');
    expect(context().message?.text).toBe('The compute is resized and running again.');
  });

  it('says which step failed and where the compute is left', async () => {
    actor.send(changed('stopped', OLD));
    actor.send({ type: 'plan.choose', planId: NEW });
    actor.send({ type: 'powerOn.set', value: false });
    actor.send({ type: 'resize.start' });
    actor.send({ type: 'resize.confirm' });
    await settle('resize', { output: {} });
    actor.send(changed('resizing', NEW));
    // The hypervisor could not complete it: the compute is stopped again with its old plan.
    actor.send(changed('stopped', OLD));
    expect(context().failedStep).toBe('resize');
    expect(context().message?.text).toBe(
      'The resize did not complete: the compute keeps its old plan and is stopped. Its history says why.',
    );
    expect(resizeSteps(actor.getSnapshot())).toEqual([{ step: 'resize', progress: 'failed' }]);
  });

  it('puts the server’s reason beside the plan and keeps the choice', async () => {
    actor.send(changed('stopped', OLD));
    actor.send({ type: 'plan.choose', planId: NEW });
    actor.send({ type: 'resize.start' });
    actor.send({ type: 'resize.confirm' });
    await settle('resize', { error: noRoom });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context().planId).toBe(NEW);
    expect(context().fieldError).toBe('The machine this compute runs on has no room for this plan now.');
  });
});
