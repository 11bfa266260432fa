import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Compute, ComputeStatus } from '@/contract/computes';
import { type ComputeRescueEvent, computeRescueMachine, type RescueAnswer } from '@/machines/compute-rescue';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const conflict = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Not possible right now',
  detail: 'The compute is being destroyed.',
});

const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
const compute = (status: ComputeStatus, second: number) => ({ status, updatedAt: at(second) }) as Compute;
const changed = (
  status: ComputeStatus,
  second: number,
): Extract<ComputeRescueEvent, { type: 'compute.changed' }> => ({
  type: 'compute.changed',
  status,
  updatedAt: at(second),
});
const PASSWORD = 'BJL7d-NYJdw-FnwXf-8RAog';
const entered: RescueAnswer = { compute: compute('entering_rescue', 10), rootPassword: PASSWORD };
const input = { status: 'running' as const, updatedAt: at(0) };

// The socket's news in the order a compute goes through rescue, and once more (entered again, by another
// page): each newer than the one before, so every state hears each kind of news at least once.
const model = new MachineModel(computeRescueMachine, {
  input,
  abstractContext: (context) => [context.status, context.updatedAt, context.rootPassword !== null],
  events: {
    'compute.changed': [
      changed('entering_rescue', 10),
      changed('rescue', 20),
      changed('leaving_rescue', 30),
      changed('stopped', 35),
      changed('running', 40),
      changed('error', 45),
      changed('entering_rescue', 50),
      changed('leaving_rescue', 55),
      changed('rescue', 59),
    ],
    'xstate.done.actor.enterRescue': [{ type: 'xstate.done.actor.enterRescue', output: entered }],
    'xstate.error.actor.enterRescue': [{ type: 'xstate.error.actor.enterRescue', error: conflict }],
    'xstate.done.actor.leaveRescue': [
      { type: 'xstate.done.actor.leaveRescue', output: compute('leaving_rescue', 30) },
    ],
    'xstate.error.actor.leaveRescue': [{ type: 'xstate.error.actor.leaveRescue', error: conflict }],
  },
  strategy: 'every-transition',
});

let actor: Actor<typeof computeRescueMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(
    computeRescueMachine.provide({
      actors: { enterRescue: calls.actor('enterRescue'), leaveRescue: calls.actor('leaveRescue') },
    }),
    { input },
  ).start();
});
afterEach(() => actor.stop());

function settle(name: 'enterRescue' | 'leaveRescue') {
  return async (event: { output?: unknown; error?: unknown }) => {
    await flushMicrotasks();
    if (event.error !== undefined) calls.reject(name, event.error);
    else calls.resolve(name, event.output);
    await flushMicrotasks();
  };
}

describe('compute-rescue machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            outside: [],
            entering: ['busy'],
            booting: ['busy'],
            inRescue: [],
            leaving: ['busy'],
            returning: ['busy'],
            left: [],
          },
        },
        events: {
          'rescue.enter': () => actor.send({ type: 'rescue.enter' }),
          'rescue.leave': () => actor.send({ type: 'rescue.leave' }),
          'compute.changed': ({ event }: { event: ComputeRescueEvent }) => actor.send(event),
          'xstate.done.actor.enterRescue': ({ event }: { event: { output: unknown } }) =>
            settle('enterRescue')(event),
          'xstate.error.actor.enterRescue': ({ event }: { event: { error: unknown } }) =>
            settle('enterRescue')(event),
          'xstate.done.actor.leaveRescue': ({ event }: { event: { output: unknown } }) =>
            settle('leaveRescue')(event),
          'xstate.error.actor.leaveRescue': ({ event }: { event: { error: unknown } }) =>
            settle('leaveRescue')(event),
        } as never,
        states: {
          outside: (snapshot) => {
            expect(actor.getSnapshot().value).toBe('outside');
            expect(['entering_rescue', 'rescue', 'leaving_rescue']).not.toContain(snapshot.context.status);
            expect(calls.isWaiting('enterRescue')).toBe(false);
            expect(actor.getSnapshot().context.rootPassword).toBeNull();
          },
          entering: () => expect(calls.isWaiting('enterRescue')).toBe(true),
          booting: () => expect(actor.getSnapshot().context.status).toBe('entering_rescue'),
          inRescue: () => expect(actor.getSnapshot().context.status).toBe('rescue'),
          leaving: () => expect(calls.isWaiting('leaveRescue')).toBe(true),
          returning: () => {
            expect(actor.getSnapshot().context.status).toBe('leaving_rescue');
            expect(actor.getSnapshot().context.rootPassword).toBeNull();
          },
          left: () => expect(actor.getSnapshot().context.status).toBe('running'),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('shows the one-time password while in rescue, forgets it on leaving, and says why a request was refused', async () => {
    actor.send({ type: 'rescue.enter' });
    await settle('enterRescue')({ output: entered });
    expect(actor.getSnapshot().value).toBe('booting');
    expect(actor.getSnapshot().context.rootPassword).toBe(PASSWORD);
    actor.send(changed('rescue', 20));
    expect(actor.getSnapshot().value).toBe('inRescue');
    expect(actor.getSnapshot().context.rootPassword).toBe(PASSWORD);
    actor.send({ type: 'rescue.leave' });
    await settle('leaveRescue')({ error: conflict });
    expect(actor.getSnapshot().value).toBe('inRescue');
    expect(actor.getSnapshot().context.message).toBe('The compute is being destroyed.');
    actor.send({ type: 'rescue.leave' });
    await settle('leaveRescue')({ output: compute('leaving_rescue', 30) });
    expect(actor.getSnapshot().context).toMatchObject({ rootPassword: null, message: null });
    actor.send(changed('running', 40));
    expect(actor.getSnapshot().value).toBe('left');
  });

  it('follows the newest state only: the socket’s news of the rescue system up counts before the answer', async () => {
    actor.send({ type: 'rescue.enter' });
    actor.send(changed('rescue', 20));
    await settle('enterRescue')({ output: entered });
    expect(actor.getSnapshot().value).toBe('inRescue');
    expect(actor.getSnapshot().context.status).toBe('rescue');
  });

  it('opens on a compute another page put in rescue where it stands', () => {
    const opened = createActor(computeRescueMachine, {
      input: { status: 'rescue', updatedAt: at(0) },
    }).start();
    expect(opened.getSnapshot().value).toBe('inRescue');
    expect(opened.getSnapshot().context.rootPassword).toBeNull();
    opened.stop();
  });
});
