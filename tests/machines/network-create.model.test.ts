import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Network } from '@/contract/networks';
import { checkNetwork, type NetworkCreateEvent, networkCreateMachine } from '@/machines/network-create';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const made: Network = {
  id: '7d4c7a3e-4c1b-4c55-9b8e-2f0f3f5b6a10',
  teamId: '1d4c7a3e-4c1b-4c55-9b8e-2f0f3f5b6a10',
  name: 'backend',
  ipv4Block: '10.20.0.0/24',
  members: [],
  isolation: 'simulated',
  createdAt: '2026-12-01T08:00:00.000Z',
};
const overlaps = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Some fields need attention.',
  errors: [
    {
      field: 'ipv4Block',
      message: "10.20.0.0/24 overlaps the team's network db (10.20.0.0/16): choose a block apart from it.",
    },
  ],
});
const nameTaken = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Some fields need attention.',
  errors: [{ field: 'name', message: 'This team already has a network named backend.' }],
});
const offline = new ApiError(0, { type: 'about:blank', status: 503, title: "Can't reach the server." });

const model = new MachineModel(networkCreateMachine, {
  input: { ipv4Block: '10.0.0.0/24' },
  // What decides the next transitions: which fields the contract refuses (none: it may be sent).
  abstractContext: (context) => Object.keys(checkNetwork(context)).sort(),
  events: {
    'field.changed': [
      { type: 'field.changed', field: 'name', value: ' backend ' },
      { type: 'field.changed', field: 'name', value: '' },
      { type: 'field.changed', field: 'ipv4Block', value: '10.20.0.0/24' },
      { type: 'field.changed', field: 'ipv4Block', value: '8.8.8.0/24' },
    ],
    'xstate.done.actor.create': [{ type: 'xstate.done.actor.create', output: made }],
    'xstate.error.actor.create': [
      { type: 'xstate.error.actor.create', error: overlaps },
      { type: 'xstate.error.actor.create', error: nameTaken },
      { type: 'xstate.error.actor.create', error: offline },
      { type: 'xstate.error.actor.create', error: new Error('socket hang up') },
    ],
  },
});

let actor: Actor<typeof networkCreateMachine>;
let calls: ReturnType<typeof deferredActors>;
let finished: Network[];

beforeEach(() => {
  calls = deferredActors();
  finished = [];
  actor = createActor(
    networkCreateMachine.provide({
      actors: { create: calls.actor('create') },
      actions: {
        finish: ({ context }) => {
          if (context.made) finished.push(context.made);
        },
      },
    }),
    { input: { ipv4Block: '10.0.0.0/24' } },
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
const send = (event: NetworkCreateEvent) => actor.send(event);

describe('network-create machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { editing: ['editing'], creating: ['busy'], done: [] },
        },
        events: {
          'field.changed': ({ event }: { event: NetworkCreateEvent }) => send(event),
          submit: () => send({ type: 'submit' }),
          'xstate.done.actor.create': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.create': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => {
            // Nothing is on its way; every message shown says something.
            expect(calls.isWaiting('create')).toBe(false);
            for (const message of Object.values(context().errors)) {
              if (message !== undefined) expect(message).not.toBe('');
            }
          },
          creating: () => {
            // Only what the contract takes is sent, trimmed as the server reads it.
            expect(checkNetwork(context())).toEqual({});
            expect(calls.inputOf('create')).toEqual({
              name: context().name.trim(),
              ipv4Block: context().ipv4Block.trim(),
            });
          },
          done: () => expect(finished).toEqual([made]),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('refuses a public block and a missing name beside their fields, sending nothing', () => {
    send({ type: 'field.changed', field: 'ipv4Block', value: '8.8.8.0/24' });
    send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().errors).toEqual({
      name: 'Give the network a name.',
      ipv4Block:
        '8.8.8.0/24 is not a private block: choose one inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 (RFC 1918).',
    });
    expect(calls.calls).toHaveLength(0);
    // Typing in a field clears its message, not the other's.
    send({ type: 'field.changed', field: 'ipv4Block', value: '10.20.0.1/24' });
    expect(context().errors).toEqual({ name: 'Give the network a name.', ipv4Block: undefined });
    send({ type: 'field.changed', field: 'name', value: 'backend' });
    send({ type: 'submit' });
    expect(context().errors.ipv4Block).toBe(
      '10.20.0.1/24 has bits set after its prefix: write 10.20.0.0/24.',
    );
  });

  it('puts the server’s overlap beside the block and keeps the name', async () => {
    send({ type: 'field.changed', field: 'name', value: 'backend' });
    send({ type: 'field.changed', field: 'ipv4Block', value: '10.20.0.0/24' });
    send({ type: 'submit' });
    await settle({ error: overlaps });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context()).toMatchObject({
      name: 'backend',
      ipv4Block: '10.20.0.0/24',
      errors: { ipv4Block: overlaps.problem.errors![0]!.message },
      message: null,
    });
  });

  it('says a failure of no field above the form', async () => {
    send({ type: 'field.changed', field: 'name', value: 'backend' });
    send({ type: 'submit' });
    await settle({ error: offline });
    expect(context()).toMatchObject({ errors: {}, message: "Can't reach the server." });
    send({ type: 'submit' });
    await settle({ error: new Error('socket hang up') });
    expect(context().message).toBe('The network was not made: try again.');
  });
});
