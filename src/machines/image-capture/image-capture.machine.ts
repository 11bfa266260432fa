// Capturing a stopped compute as a team image: the person names it, sees what keeping it will cost each
// month (at most its disk's size, charged on the file kept) before confirming, then the capture begins. A
// refusal comes back beside the name or above the form with the name kept; going back changes nothing.
// Once begun, the form is ready for another (the page says where to follow the one begun).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Image } from '@/contract/images';
import type { ApiError } from '@/services/api-error';
import type { StateTag } from '../tags';

export interface ImageCaptureContext {
  name: string;
  /** The server's reason beside the name, or ours when it is empty. */
  nameError: string | null;
  message: string | null;
  /** The image whose capture began last. */
  captured: Image | null;
}

export type ImageCaptureEvent =
  | { type: 'name.changed'; value: string }
  | { type: 'capture.start' }
  | { type: 'capture.confirm' }
  | { type: 'capture.back' };

function problemOf(event: unknown): Partial<ApiError>['problem'] | undefined {
  return (event as { error?: Partial<ApiError> }).error?.problem;
}

export const imageCaptureMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ImageCaptureContext,
    events: {} as ImageCaptureEvent,
    input: {} as { name: string },
  },
  actors: {
    capture: fromPromise<Image, { name: string }>(async () => {
      throw new Error('capture must be provided');
    }),
  },
  actions: {
    rename: assign(({ event }) => {
      assertEvent(event, 'name.changed');
      return { name: event.value, nameError: null, message: null, captured: null };
    }),
    showUnnamed: assign({ nameError: 'Give the image a name.' }),
    remember: assign({
      captured: ({ event }) => (event as unknown as { output: Image }).output,
      nameError: null,
      message: null,
    }),
    showRefusal: assign(({ event }) => {
      const problem = problemOf(event);
      const beside = problem?.errors?.find((error) => error.field === 'name')?.message ?? null;
      return {
        nameError: beside,
        message: beside
          ? null
          : (problem?.detail ?? problem?.title ?? 'The capture did not begin; try again.'),
      };
    }),
  },
  guards: {
    isNamed: ({ context }) => context.name.trim() !== '',
  },
}).createMachine({
  id: 'imageCapture',
  context: ({ input }) => ({ name: input.name, nameError: null, message: null, captured: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'name.changed': { actions: 'rename' },
        'capture.start': [{ guard: 'isNamed', target: 'confirming' }, { actions: 'showUnnamed' }],
      },
    },
    /** The name and the monthly price shown; nothing is copied until confirmed. */
    confirming: {
      tags: ['confirming'],
      on: { 'capture.confirm': 'capturing', 'capture.back': 'editing' },
    },
    capturing: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'capture',
        src: 'capture',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: { target: 'editing', actions: 'remember' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
  },
});
