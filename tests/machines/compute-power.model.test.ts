import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Compute } from '@/contract/computes';
import { availablePowerActions } from '@/domain/compute-lifecycle';
import { type ComputePowerEvent, computePowerMachine } from '@/machines/compute-power';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const conflict = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Not possible now',
  detail: 'The compute is stopping; wait until it is stopped to power it on.',
});

const model = new MachineModel(computePowerMachine, {
  abstractContext: (context) => context.action,
  events: {
    'power.request': (['power_on', 'shutdown', 'power_off', 'reboot'] as const).map((action) => ({
      type: 'power.request' as const,
      action,
    })),
    'compute.changed': (['running', 'stopped', 'error', 'stopping'] as const).map((status) => ({
      type: 'compute.changed' as const,
      status,
    })),
    'xstate.done.actor.request': [{ type: 'xstate.done.actor.request', output: {} as Compute }],
    'xstate.error.actor.request': [{ type: 'xstate.error.actor.request', error: conflict }],
  },
});

let actor: Actor<typeof computePowerMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(computePowerMachine.provide({ actors: { request: calls.actor('request') } })).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('request', event.error);
  else calls.resolve('request', event.output);
  await flushMicrotasks();
}

describe('compute-power machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { idle: [], confirming: ['confirming'], requesting: ['busy'], waiting: ['busy'] },
        },
        events: {
          'power.request': ({ event }: { event: ComputePowerEvent }) => actor.send(event),
          'power.confirm': () => actor.send({ type: 'power.confirm' }),
          'power.cancel': () => actor.send({ type: 'power.cancel' }),
          'compute.changed': ({ event }: { event: ComputePowerEvent }) => actor.send(event),
          'xstate.done.actor.request': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.request': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          idle: () => expect(actor.getSnapshot().context.action).toBeNull(),
          confirming: () => {
            // Nothing is sent for a forced power-off until it is confirmed.
            expect(actor.getSnapshot().context.action).toBe('power_off');
            expect(calls.isWaiting('request')).toBe(false);
          },
          requesting: () =>
            expect(calls.inputOf('request')).toEqual({ action: actor.getSnapshot().context.action }),
          waiting: () => expect(actor.getSnapshot().context.message?.tone).toBe('info'),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('offers only the actions valid in the current state', () => {
    expect(availablePowerActions('running')).toEqual(['shutdown', 'reboot', 'power_off']);
    expect(availablePowerActions('stopped')).toEqual(['power_on']);
    // A compute whose last action failed is powered on again (or destroyed), as its history says.
    expect(availablePowerActions('error')).toEqual(['power_on']);
    expect(availablePowerActions('provisioning')).toEqual([]);
    expect(availablePowerActions('stopping')).toEqual([]);
  });

  it('says the server’s reason when it refuses', async () => {
    actor.send({ type: 'power.request', action: 'power_on' });
    await settle({ error: conflict });
    expect(actor.getSnapshot().context.message?.text).toBe(
      'The compute is stopping; wait until it is stopped to power it on.',
    );
  });
});
