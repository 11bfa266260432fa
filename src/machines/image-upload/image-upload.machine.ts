// Uploading an image: the person picks a file, names it and says which operating system it runs, sees what
// keeping it will cost each month and confirms (going back changes nothing); the file goes up with its
// progress shown; a refusal (not qcow2 or raw, a backing file, too large, a cut-off
// upload) comes back beside the field it concerns, with everything chosen kept for another try. Cancelling
// stops the upload (the server keeps nothing of it).
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { Image } from '@/contract/images';
import { t } from '@/i18n/state';
import type { ApiError } from '@/services/api-error';
import type { StateTag } from '../tags';

/** What the machine knows of the chosen file (a File in the browser). */
export interface ChosenFile {
  name: string;
  size: number;
}

export interface ImageUploadContext {
  file: ChosenFile | null;
  name: string;
  operatingSystemId: string;
  loaded: number;
  total: number;
  /** The server's reasons, per field (file, name, operatingSystemId), or a general one. */
  errors: Partial<Record<'file' | 'name' | 'operatingSystemId', string>>;
  message: string | null;
}

export type ImageUploadEvent =
  | { type: 'file.chosen'; file: ChosenFile }
  | { type: 'name.changed'; value: string }
  | { type: 'os.changed'; value: string }
  | { type: 'upload.start' }
  | { type: 'upload.confirm' }
  | { type: 'upload.back' }
  | { type: 'upload.cancel' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.succeeded'; image: Image }
  | { type: 'upload.failed'; error: Partial<ApiError> };

export interface UploadInput {
  file: ChosenFile;
  name: string;
  operatingSystemId: string;
}

/** A file's name without its extension, as the image's first name. */
export const nameFromFile = (fileName: string) => fileName.replace(/\.(qcow2|img|raw)$/i, '').slice(0, 64);

export const imageUploadMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    input: {} as { operatingSystemId: string },
  },
  actors: {
    // Provided by the page: sends the file (XMLHttpRequest), reporting upload.progress, then
    // upload.succeeded or upload.failed; its cleanup aborts the request.
    upload: fromCallback<ImageUploadEvent, UploadInput>(() => {
      throw new Error('upload must be provided');
    }),
  },
  actions: {
    // Provided by the page: a notice, the list refreshed, the dialog closed.
    finish: () => {},
    choose: assign({
      file: ({ event }) => {
        assertEvent(event, 'file.chosen');
        return event.file;
      },
      name: ({ context, event }) => {
        assertEvent(event, 'file.chosen');
        return context.name.trim() === '' ? nameFromFile(event.file.name) : context.name;
      },
      errors: ({ context }) => ({ ...context.errors, file: undefined }),
      message: null,
    }),
    rename: assign({
      name: ({ event }) => {
        assertEvent(event, 'name.changed');
        return event.value;
      },
      errors: ({ context }) => ({ ...context.errors, name: undefined }),
    }),
    chooseOs: assign({
      operatingSystemId: ({ event }) => {
        assertEvent(event, 'os.changed');
        return event.value;
      },
      errors: ({ context }) => ({ ...context.errors, operatingSystemId: undefined }),
    }),
    begin: assign({ loaded: 0, total: ({ context }) => context.file?.size ?? 0, errors: {}, message: null }),
    progress: assign({
      loaded: ({ event }) => {
        assertEvent(event, 'upload.progress');
        return event.loaded;
      },
      total: ({ event }) => {
        assertEvent(event, 'upload.progress');
        return event.total;
      },
    }),
    showRefusal: assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      const fields = event.error.fieldErrors ?? {};
      const errors = {
        ...(fields.file ? { file: fields.file } : {}),
        ...(fields.name ? { name: fields.name } : {}),
        ...(fields.operatingSystemId ? { operatingSystemId: fields.operatingSystemId } : {}),
      };
      const general =
        Object.keys(errors).length > 0
          ? null
          : (event.error.problem?.detail ?? event.error.problem?.title ?? t('images.upload.failed'));
      return { errors, message: general };
    }),
    showCancelled: assign({ message: () => t('images.upload.cancelled') }),
  },
  guards: {
    isComplete: ({ context }) => context.file !== null && context.name.trim() !== '',
  },
}).createMachine({
  id: 'imageUpload',
  context: ({ input }) => ({
    file: null,
    name: '',
    operatingSystemId: input.operatingSystemId,
    loaded: 0,
    total: 0,
    errors: {},
    message: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'file.chosen': { actions: 'choose' },
        'name.changed': { actions: 'rename' },
        'os.changed': { actions: 'chooseOs' },
        'upload.start': { guard: 'isComplete', target: 'confirming' },
      },
    },
    /** The file's size and what keeping it costs a month shown; nothing is sent until confirmed. */
    confirming: {
      tags: ['confirming'],
      on: {
        'upload.confirm': { target: 'uploading', actions: 'begin' },
        'upload.back': 'editing',
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          file: context.file!,
          name: context.name.trim(),
          operatingSystemId: context.operatingSystemId,
        }),
      },
      on: {
        'upload.progress': { actions: 'progress' },
        'upload.succeeded': 'uploaded',
        'upload.failed': { target: 'editing', actions: 'showRefusal' },
        'upload.cancel': { target: 'editing', actions: 'showCancelled' },
      },
    },
    uploaded: { type: 'final', entry: 'finish' },
  },
});
