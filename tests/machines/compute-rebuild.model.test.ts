import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { RebuildComputeInput } from '@/contract/compute-requests';
import type { Compute } from '@/contract/computes';
import {
  type ComputeRebuildEvent,
  computeRebuildMachine,
  confirmsHostname,
  type RebuildAnswer,
} from '@/machines/compute-rebuild';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const refused = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Some fields need attention.',
  errors: [{ field: 'operatingSystemId', message: 'Choose one of the images listed.' }],
});
const conflict = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Not possible right now',
  detail: 'The compute is being destroyed; it cannot be rebuilt.',
});

const request = (confirmHostname: string): RebuildComputeInput => ({
  operatingSystemId: 'debian-12',
  authentication: { method: 'password' },
  confirmHostname,
});
const answer = (rootPassword: string | null): RebuildAnswer => ({
  compute: { status: 'rebuilding', updatedAt: '2026-01-01T00:00:01.000Z' } as Compute,
  rootPassword,
});
const changed = (
  status: 'rebuilding' | 'running' | 'error',
): Extract<ComputeRebuildEvent, { type: 'compute.changed' }> => ({
  type: 'compute.changed',
  status,
  updatedAt: '2026-01-01T00:00:02.000Z',
});
const input = { hostname: 'web-01', status: 'running' as const, updatedAt: '2026-01-01T00:00:00.000Z' };

const model = new MachineModel(computeRebuildMachine, {
  input,
  abstractContext: (context) => [context.status, context.updatedAt, context.rootPassword !== null],
  events: {
    'form.submit': [
      { type: 'form.submit', input: request('web-0') },
      { type: 'form.submit', input: request(' WEB-01 ') },
    ],
    'compute.changed': [changed('rebuilding'), changed('running'), changed('error')],
    'xstate.done.actor.rebuild': [
      { type: 'xstate.done.actor.rebuild', output: answer('BJL7d-NYJdw-FnwXf-8RAog') },
      { type: 'xstate.done.actor.rebuild', output: answer(null) },
    ],
    'xstate.error.actor.rebuild': [
      { type: 'xstate.error.actor.rebuild', error: refused },
      { type: 'xstate.error.actor.rebuild', error: conflict },
    ],
  },
  strategy: 'every-transition',
});

let actor: Actor<typeof computeRebuildMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(computeRebuildMachine.provide({ actors: { rebuild: calls.actor('rebuild') } }), {
    input,
  }).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('rebuild', event.error);
  else calls.resolve('rebuild', event.output);
  await flushMicrotasks();
}

describe('compute-rebuild machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            editing: ['editing'],
            submitting: ['busy'],
            rebuilding: ['busy'],
            rebuilt: [],
            failed: [],
          },
        },
        events: {
          'form.submit': ({ event }: { event: ComputeRebuildEvent }) => actor.send(event),
          'compute.changed': ({ event }: { event: ComputeRebuildEvent }) => actor.send(event),
          'form.reopen': () => actor.send({ type: 'form.reopen' }),
          'xstate.done.actor.rebuild': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.rebuild': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => {
            expect(actor.getSnapshot().value).toBe('editing');
            expect(calls.isWaiting('rebuild')).toBe(false);
          },
          submitting: () => expect(calls.inputOf('rebuild')).toEqual(request(' WEB-01 ')),
          rebuilding: () => expect(actor.getSnapshot().context.status).toBe('rebuilding'),
          rebuilt: (snapshot) => {
            expect(actor.getSnapshot().context.status).toBe('running');
            expect(actor.getSnapshot().context.rootPassword).toBe(snapshot.context.rootPassword);
          },
          failed: () =>
            expect(actor.getSnapshot().context.message).toMatch(
              /^The rebuild failed: the compute is in error/,
            ),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('sends nothing until the hostname is typed, and keeps the reasons of a refusal', async () => {
    expect(confirmsHostname(' Web-01 ', 'web-01')).toBe(true);
    actor.send({ type: 'form.submit', input: request('web') });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.calls).toHaveLength(0);
    actor.send({ type: 'form.submit', input: request('web-01') });
    await settle({ error: refused });
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { operatingSystemId: 'Choose one of the images listed.' },
      message: 'Some choices need attention: see the messages beside them.',
    });
    actor.send({ type: 'form.submit', input: request('web-01') });
    await settle({ error: conflict });
    expect(actor.getSnapshot().context.message).toBe('The compute is being destroyed; it cannot be rebuilt.');
  });

  it('follows the newest state only: an answer older than the socket’s news changes nothing', async () => {
    actor.send({ type: 'form.submit', input: request('web-01') });
    actor.send(changed('running'));
    await settle({ output: answer('pw') });
    // The socket said running after the rebuild began (newer than the answer): it is rebuilt.
    expect(actor.getSnapshot().value).toBe('rebuilt');
    expect(actor.getSnapshot().context.rootPassword).toBe('pw');
    actor.send({ type: 'form.reopen' });
    expect(actor.getSnapshot().context.rootPassword).toBeNull();
  });
});
