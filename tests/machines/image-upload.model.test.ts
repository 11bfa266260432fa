import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, fromCallback } from 'xstate';
import type { Image } from '@/contract/images';
import { type ImageUploadEvent, imageUploadMachine, type UploadInput } from '@/machines/image-upload';
import { ApiError } from '@/services/http';
import { MachineModel } from './model';

const image: Image = {
  id: '3f1c1a59-5a0c-4b0e-9d7e-1c2b3a4d5e6f',
  teamId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'golden',
  status: 'available',
  source: 'upload',
  sourceComputeId: null,
  sourceHostname: null,
  operatingSystemId: 'debian-12',
  sizeBytes: 1024,
  virtualSizeBytes: 1024 ** 3,
  message: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const backingFile = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Some fields need attention.',
  errors: [{ field: 'file', message: 'The image has a backing file: an image must stand alone.' }],
});
const offline = new ApiError(0, { type: 'about:blank', status: 503, title: "Can't reach the server." });

const model = new MachineModel(imageUploadMachine, {
  input: { operatingSystemId: 'debian-12' },
  events: {
    'file.chosen': [{ type: 'file.chosen', file: { name: 'golden.qcow2', size: 2048 } }],
    'name.changed': [
      { type: 'name.changed', value: '' },
      { type: 'name.changed', value: 'base' },
    ],
    'os.changed': [{ type: 'os.changed', value: 'rocky-9' }],
    'upload.progress': [{ type: 'upload.progress', loaded: 1024, total: 2048 }],
    'upload.succeeded': [{ type: 'upload.succeeded', image }],
    'upload.failed': [
      { type: 'upload.failed', error: backingFile },
      { type: 'upload.failed', error: offline },
    ],
  },
  abstractContext: (context) => ({
    file: context.file !== null,
    named: context.name.trim() !== '',
  }),
});

let actor: Actor<typeof imageUploadMachine>;
let started: UploadInput[];
let stopped: number;
let finished: number;

beforeEach(() => {
  started = [];
  stopped = 0;
  finished = 0;
  actor = createActor(
    imageUploadMachine.provide({
      actors: {
        upload: fromCallback<ImageUploadEvent, UploadInput>(({ input }) => {
          started.push(input);
          return () => {
            stopped += 1;
          };
        }),
      },
      actions: {
        finish: () => {
          finished += 1;
        },
      },
    }),
    { input: { operatingSystemId: 'debian-12' } },
  ).start();
});
afterEach(() => actor.stop());

describe('image-upload machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { editing: ['editing'], confirming: ['confirming'], uploading: ['busy'], uploaded: [] },
        },
        events: {
          'file.chosen': ({ event }: { event: ImageUploadEvent }) => actor.send(event),
          'name.changed': ({ event }: { event: ImageUploadEvent }) => actor.send(event),
          'os.changed': ({ event }: { event: ImageUploadEvent }) => actor.send(event),
          'upload.start': () => actor.send({ type: 'upload.start' }),
          'upload.confirm': () => actor.send({ type: 'upload.confirm' }),
          'upload.back': () => actor.send({ type: 'upload.back' }),
          'upload.cancel': () => actor.send({ type: 'upload.cancel' }),
          'upload.progress': ({ event }: { event: ImageUploadEvent }) => actor.send(event),
          'upload.succeeded': ({ event }: { event: ImageUploadEvent }) => actor.send(event),
          'upload.failed': ({ event }: { event: ImageUploadEvent }) => actor.send(event),
        } as never,
        states: {
          editing: () => {
            const { context } = actor.getSnapshot();
            expect(finished).toBe(0);
            // Whatever was chosen is kept after a refusal or a cancel; the reason sits beside its field.
            if (context.errors.file) expect(context.errors.file).toContain('backing file');
            if (context.message) expect(context.message).toMatch(/reach the server|cancelled/);
            expect(stopped).toBe(started.length);
          },
          confirming: () => {
            // Shown the cost before anything is sent: no upload has begun for this confirmation.
            const { context } = actor.getSnapshot();
            expect(context.file).not.toBeNull();
            expect(context.name.trim()).not.toBe('');
            expect(stopped).toBe(started.length);
          },
          uploading: () => {
            const { context } = actor.getSnapshot();
            expect(started.at(-1)).toEqual({
              file: { name: 'golden.qcow2', size: 2048 },
              name: context.name.trim(),
              operatingSystemId: context.operatingSystemId,
            });
            expect(context.loaded).toBeLessThanOrEqual(context.total);
          },
          uploaded: () => {
            expect(finished).toBe(1);
            expect(stopped).toBe(started.length);
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

  it('names the image after the file unless a name was typed, and needs both to start', () => {
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'file.chosen', file: { name: 'web-2026.qcow2', size: 10 } });
    expect(actor.getSnapshot().context.name).toBe('web-2026');
    actor.send({ type: 'name.changed', value: 'mine' });
    actor.send({ type: 'file.chosen', file: { name: 'other.img', size: 10 } });
    expect(actor.getSnapshot().context.name).toBe('mine');
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(started).toEqual([]);
    actor.send({ type: 'upload.back' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'upload.confirm' });
    expect(actor.getSnapshot().value).toBe('uploading');
  });
});
