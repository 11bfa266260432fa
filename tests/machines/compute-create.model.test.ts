import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Compute } from '@/contract/computes';
import { type ComputeCreateEvent, computeCreateMachine, isUncertain } from '@/machines/compute-create';
import type { CreateComputeInput } from '@/services/computes.api';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const input: CreateComputeInput = {
  hostname: 'web-01',
  locationId: 'kgl1',
  operatingSystemId: 'ubuntu-24.04',
  instanceTypeId: 's-1vcpu-1gb',
  authentication: { method: 'password' },
  tags: [],
};
const compute = { id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f', hostname: 'web-01' } as unknown as Compute;
const lostAnswer = new ApiError(0, { type: 'about:blank', status: 503, title: "Can't reach the server." });
const refused = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the highlighted fields.',
  errors: [{ field: 'hostname', message: 'A compute named web-01 already exists.' }],
});

const model = new MachineModel(computeCreateMachine, {
  input: { newKey: () => 'key' },
  events: {
    'form.submit': [{ type: 'form.submit', input }],
    'xstate.done.actor.create': [
      { type: 'xstate.done.actor.create', output: { compute, rootPassword: 'Yq7#w9…' } },
      { type: 'xstate.done.actor.create', output: { compute, rootPassword: null } },
    ],
    'xstate.error.actor.create': [
      { type: 'xstate.error.actor.create', error: lostAnswer },
      { type: 'xstate.error.actor.create', error: refused },
    ],
  },
});

let actor: Actor<typeof computeCreateMachine>;
let calls: ReturnType<typeof deferredActors>;
let opened: string[];
let keys: number;
let uncertainKey: string | null;
let refusedKey: string | null;

beforeEach(() => {
  calls = deferredActors();
  opened = [];
  keys = 0;
  uncertainKey = null;
  refusedKey = null;
  actor = createActor(
    computeCreateMachine.provide({
      actors: { create: calls.actor('create') },
      actions: { openCompute: (_, { compute: created }) => opened.push(created.id) },
    }),
    {
      input: {
        newKey: () => {
          keys += 1;
          return `key-${keys}`;
        },
      },
    },
  ).start();
});
afterEach(() => actor.stop());

const keyOfLastCall = () => (calls.calls.at(-1)!.input as { idempotencyKey: string }).idempotencyKey;

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) {
    if (isUncertain(event.error)) uncertainKey = keyOfLastCall();
    else refusedKey = keyOfLastCall();
    calls.reject('create', event.error);
  } else calls.resolve('create', event.output);
  await flushMicrotasks();
}

describe('compute-create machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            editing: ['editing'],
            submitting: ['busy'],
            uncertain: [],
            showingPassword: [],
            created: [],
          },
        },
        events: {
          'form.submit': ({ event }: { event: ComputeCreateEvent }) => actor.send(event),
          'request.retry': () => actor.send({ type: 'request.retry' }),
          'password.acknowledged': () => actor.send({ type: 'password.acknowledged' }),
          'xstate.done.actor.create': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.create': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => expect(opened).toEqual([]),
          submitting: () => {
            // After a lost answer the same key goes again; after a refusal, a new one.
            if (uncertainKey) expect(keyOfLastCall()).toBe(uncertainKey);
            if (refusedKey) expect(keyOfLastCall()).not.toBe(refusedKey);
            expect((calls.calls.at(-1)!.input as { input: unknown }).input).toEqual(input);
          },
          uncertain: () => expect(actor.getSnapshot().context.message).toMatch(/won't make a second one/),
          showingPassword: () => {
            expect(actor.getSnapshot().context.created?.rootPassword).toBe('Yq7#w9…');
            expect(opened).toEqual([]);
          },
          created: () => expect(opened).toEqual([compute.id]),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('ignores a second click while the first request is on its way', async () => {
    actor.send({ type: 'form.submit', input });
    actor.send({ type: 'form.submit', input });
    await flushMicrotasks();
    expect(calls.calls).toHaveLength(1);
  });

  it('keeps the field messages of a refusal for the form', async () => {
    actor.send({ type: 'form.submit', input });
    await settle({ error: refused });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      hostname: 'A compute named web-01 already exists.',
    });
  });
});
