import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Volume } from '@/contract/volumes';
import { type VolumeAttachEvent, volumeAttachMachine } from '@/machines/volume-attach';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const COMPUTE = '3f1c1a59-5a0c-4b0e-9d7e-1c2b3a4d5e6f';
const volume = { id: 'v', name: 'data' } as Volume;
const elsewhere = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Conflict',
  detail: 'web-1 is in Nairobi 1 and the volume in Kigali 1.',
  errors: [{ field: 'computeId', message: 'web-1 is in Nairobi 1 and the volume in Kigali 1.' }],
});
const busy = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Not possible right now',
  detail: 'The volume is being grown; try again once that is done.',
});

const model = new MachineModel(volumeAttachMachine, {
  events: {
    'compute.choose': [{ type: 'compute.choose', computeId: COMPUTE }],
    'xstate.done.actor.attach': [{ type: 'xstate.done.actor.attach', output: volume }],
    'xstate.error.actor.attach': [
      { type: 'xstate.error.actor.attach', error: elsewhere },
      { type: 'xstate.error.actor.attach', error: busy },
    ],
  },
  abstractContext: (context) => ({ chosen: context.computeId !== '' }),
});

let actor: Actor<typeof volumeAttachMachine>;
let calls: ReturnType<typeof deferredActors>;
let finished: number;

beforeEach(() => {
  calls = deferredActors();
  finished = 0;
  actor = createActor(
    volumeAttachMachine.provide({
      actors: { attach: calls.actor('attach') },
      actions: {
        finish: () => {
          finished += 1;
        },
      },
    }),
  ).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('attach', event.error);
  else calls.resolve('attach', event.output);
  await flushMicrotasks();
}

const context = () => actor.getSnapshot().context;

describe('volume-attach machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            editing: ['editing'],
            confirming: ['confirming'],
            attaching: ['busy', 'confirming'],
            done: [],
          },
        },
        events: {
          'compute.choose': ({ event }: { event: VolumeAttachEvent }) => actor.send(event),
          'attach.start': () => actor.send({ type: 'attach.start' }),
          'attach.confirm': () => actor.send({ type: 'attach.confirm' }),
          'attach.cancel': () => actor.send({ type: 'attach.cancel' }),
          'xstate.done.actor.attach': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.attach': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => expect(calls.isWaiting('attach')).toBe(false),
          confirming: () => {
            expect(context().computeId).toBe(COMPUTE);
            expect(calls.isWaiting('attach')).toBe(false);
          },
          attaching: () => expect(calls.inputOf('attach')).toEqual({ computeId: COMPUTE }),
          done: () => expect(finished).toBe(1),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('asks for a compute before anything is sent', () => {
    actor.send({ type: 'attach.start' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().fieldError).toBe('Choose the compute to attach the volume to.');
  });

  it('puts the server’s reason beside the compute picker, or above it, and keeps the choice', async () => {
    actor.send({ type: 'compute.choose', computeId: COMPUTE });
    actor.send({ type: 'attach.start' });
    actor.send({ type: 'attach.confirm' });
    await settle({ error: elsewhere });
    expect(context()).toMatchObject({
      computeId: COMPUTE,
      fieldError: 'web-1 is in Nairobi 1 and the volume in Kigali 1.',
      message: null,
    });
    actor.send({ type: 'attach.start' });
    actor.send({ type: 'attach.confirm' });
    await settle({ error: busy });
    expect(context()).toMatchObject({
      fieldError: null,
      message: 'The volume is being grown; try again once that is done.',
    });
  });
});
