import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Compute } from '@/contract/computes';
import { type ComputeDestroyEvent, computeDestroyMachine, matchesHostname } from '@/machines/compute-destroy';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const refused = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the highlighted fields.',
  errors: [{ field: 'confirmHostname', message: 'Type the hostname exactly: web-01.' }],
});

const model = new MachineModel(computeDestroyMachine, {
  input: { hostname: 'web-01' },
  abstractContext: (context) => matchesHostname(context.typed, context.hostname),
  events: {
    'confirmation.changed': [
      { type: 'confirmation.changed', value: 'web-0' },
      { type: 'confirmation.changed', value: ' WEB-01 ' },
    ],
    'xstate.done.actor.destroy': [{ type: 'xstate.done.actor.destroy', output: {} as Compute }],
    'xstate.error.actor.destroy': [{ type: 'xstate.error.actor.destroy', error: refused }],
  },
});

let actor: Actor<typeof computeDestroyMachine>;
let calls: ReturnType<typeof deferredActors>;
let left: number;

beforeEach(() => {
  calls = deferredActors();
  left = 0;
  actor = createActor(
    computeDestroyMachine.provide({
      actors: { destroy: calls.actor('destroy') },
      actions: {
        leave: () => {
          left += 1;
        },
      },
    }),
    { input: { hostname: 'web-01' } },
  ).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('destroy', event.error);
  else calls.resolve('destroy', event.output);
  await flushMicrotasks();
}

describe('compute-destroy machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            confirming: ['confirming'],
            destroying: ['confirming', 'busy'],
            waiting: ['busy'],
            destroyed: [],
          },
        },
        events: {
          'confirmation.changed': ({ event }: { event: ComputeDestroyEvent }) => actor.send(event),
          'destroy.confirm': () => actor.send({ type: 'destroy.confirm' }),
          'compute.gone': () => actor.send({ type: 'compute.gone' }),
          'xstate.done.actor.destroy': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.destroy': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          confirming: () => expect(left).toBe(0),
          destroying: () => expect(calls.inputOf('destroy')).toEqual({ confirmHostname: 'WEB-01' }),
          waiting: () => expect(left).toBe(0),
          destroyed: () => expect(left).toBe(1),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('does nothing until the hostname is typed', () => {
    actor.send({ type: 'confirmation.changed', value: 'web' });
    actor.send({ type: 'destroy.confirm' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(calls.calls).toHaveLength(0);
  });
});
