import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Image } from '@/contract/images';
import { type ImageCaptureEvent, imageCaptureMachine } from '@/machines/image-capture';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const image = { id: 'i', name: 'golden', status: 'creating' } as Image;
const notStopped = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Conflict',
  detail: 'The compute is running: an image is captured from a stopped compute.',
});
const nameTaken = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Invalid input',
  errors: [{ field: 'name', message: 'A name has at most 64 characters.' }],
});

const model = new MachineModel(imageCaptureMachine, {
  input: { name: 'web-1 image' },
  events: {
    'name.changed': [
      { type: 'name.changed', value: '' },
      { type: 'name.changed', value: 'golden' },
    ],
    'xstate.done.actor.capture': [{ type: 'xstate.done.actor.capture', output: image }],
    'xstate.error.actor.capture': [
      { type: 'xstate.error.actor.capture', error: notStopped },
      { type: 'xstate.error.actor.capture', error: nameTaken },
    ],
  },
  abstractContext: (context) => ({
    named: context.name.trim() !== '',
    captured: context.captured !== null,
    refused: context.nameError !== null || context.message !== null,
  }),
});

let actor: Actor<typeof imageCaptureMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(imageCaptureMachine.provide({ actors: { capture: calls.actor('capture') } }), {
    input: { name: 'web-1 image' },
  }).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('capture', event.error);
  else calls.resolve('capture', event.output);
  await flushMicrotasks();
}

const context = () => actor.getSnapshot().context;

describe('image-capture machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { editing: ['editing'], confirming: ['confirming'], capturing: ['busy', 'confirming'] },
        },
        events: {
          'name.changed': ({ event }: { event: ImageCaptureEvent }) => actor.send(event),
          'capture.start': () => actor.send({ type: 'capture.start' }),
          'capture.confirm': () => actor.send({ type: 'capture.confirm' }),
          'capture.back': () => actor.send({ type: 'capture.back' }),
          'xstate.done.actor.capture': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.capture': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => expect(calls.isWaiting('capture')).toBe(false),
          confirming: () => {
            // Nothing is copied until the person confirms the price.
            expect(calls.isWaiting('capture')).toBe(false);
            expect(context().name.trim()).not.toBe('');
          },
          capturing: () => expect(calls.inputOf('capture')).toEqual({ name: context().name.trim() }),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('asks for a name before showing the price, and keeps the name after a refusal', async () => {
    actor.send({ type: 'name.changed', value: '  ' });
    actor.send({ type: 'capture.start' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().nameError).toBe('Give the image a name.');
    actor.send({ type: 'name.changed', value: 'golden' });
    actor.send({ type: 'capture.start' });
    actor.send({ type: 'capture.confirm' });
    await settle({ error: notStopped });
    expect(context()).toMatchObject({ name: 'golden', nameError: null, message: notStopped.problem.detail });
    actor.send({ type: 'capture.start' });
    actor.send({ type: 'capture.confirm' });
    await settle({ output: image });
    expect(context()).toMatchObject({ captured: image, message: null });
  });
});
