import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Volume } from '@/contract/volumes';
import { type VolumeCreateEvent, volumeCreateMachine } from '@/machines/volume-create';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const volume = { id: 'v', name: 'data' } as Volume;
const tooLarge = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Invalid input',
  detail: 'Some fields need attention.',
  errors: [{ field: 'sizeGb', message: 'A volume holds at most 16,384 GB.' }],
});
const offline = new ApiError(0, { type: 'about:blank', status: 503, title: "Can't reach the server." });

const model = new MachineModel(volumeCreateMachine, {
  input: { locationId: 'kgl1' },
  events: {
    'field.changed': [
      { type: 'field.changed', field: 'name', value: 'pg-data' },
      { type: 'field.changed', field: 'name', value: '' },
      { type: 'field.changed', field: 'sizeGb', value: '20000' },
    ],
    'xstate.done.actor.create': [{ type: 'xstate.done.actor.create', output: volume }],
    'xstate.error.actor.create': [
      { type: 'xstate.error.actor.create', error: tooLarge },
      { type: 'xstate.error.actor.create', error: offline },
    ],
  },
  abstractContext: (context) => ({ named: context.name.trim() !== '', size: context.sizeGb }),
});

let actor: Actor<typeof volumeCreateMachine>;
let calls: ReturnType<typeof deferredActors>;
let finished: number;

beforeEach(() => {
  calls = deferredActors();
  finished = 0;
  actor = createActor(
    volumeCreateMachine.provide({
      actors: { create: calls.actor('create') },
      actions: {
        finish: () => {
          finished += 1;
        },
      },
    }),
    { input: { locationId: 'kgl1' } },
  ).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('create', event.error);
  else calls.resolve('create', event.output);
  await flushMicrotasks();
}

const context = () => actor.getSnapshot().context;

describe('volume-create machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            editing: ['editing'],
            confirming: ['confirming'],
            creating: ['busy', 'confirming'],
            done: [],
          },
        },
        events: {
          'field.changed': ({ event }: { event: VolumeCreateEvent }) => actor.send(event),
          'create.start': () => actor.send({ type: 'create.start' }),
          'create.confirm': () => actor.send({ type: 'create.confirm' }),
          'create.cancel': () => actor.send({ type: 'create.cancel' }),
          'xstate.done.actor.create': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.create': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => expect(calls.isWaiting('create')).toBe(false),
          confirming: () => {
            // Nothing is sent until the person confirms the price.
            expect(calls.isWaiting('create')).toBe(false);
            expect(context().name.trim()).not.toBe('');
          },
          creating: () =>
            expect(calls.inputOf('create')).toEqual({
              name: context().name.trim(),
              sizeGb: Number(context().sizeGb),
              locationId: 'kgl1',
            }),
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

  it('names what is missing before asking the server', () => {
    actor.send({ type: 'field.changed', field: 'sizeGb', value: '2.5' });
    actor.send({ type: 'create.start' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().errors).toEqual({
      name: 'Give the volume a name.',
      sizeGb: 'Give the size in whole GB.',
    });
  });

  it('puts the server’s reason beside the field and keeps what was typed', async () => {
    actor.send({ type: 'field.changed', field: 'name', value: 'pg-data' });
    actor.send({ type: 'field.changed', field: 'sizeGb', value: '20000' });
    actor.send({ type: 'create.start' });
    actor.send({ type: 'create.confirm' });
    await settle({ error: tooLarge });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context()).toMatchObject({
      name: 'pg-data',
      sizeGb: '20000',
      errors: { sizeGb: 'A volume holds at most 16,384 GB.' },
      message: null,
    });
    // Typing again clears the reason beside that field.
    actor.send({ type: 'field.changed', field: 'sizeGb', value: '200' });
    expect(context().errors.sizeGb).toBeUndefined();
  });

  it('says a general failure above the form', async () => {
    actor.send({ type: 'field.changed', field: 'name', value: 'pg-data' });
    actor.send({ type: 'create.start' });
    actor.send({ type: 'create.confirm' });
    await settle({ error: offline });
    expect(context().message).toBe("Can't reach the server.");
  });
});
