// Attaching a volume to a compute: the person picks one of the team's computes in the volume's location,
// confirms (the disk appears in a running guest at once, as the next /dev/vdX), and the request goes. A
// refusal (the compute busy, in error, in another location, gone) comes back beside the compute picker with
// the choice kept; cancelling changes nothing.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Volume } from '@/contract/volumes';
import { t } from '@/i18n/state';
import type { ApiError } from '@/services/api-error';
import type { StateTag } from '../tags';

export interface VolumeAttachContext {
  computeId: string;
  /** The server's reason beside the compute picker. */
  fieldError: string | null;
  message: string | null;
}

export type VolumeAttachEvent =
  | { type: 'compute.choose'; computeId: string }
  | { type: 'attach.start' }
  | { type: 'attach.confirm' }
  | { type: 'attach.cancel' };

function problemOf(event: unknown): Partial<ApiError>['problem'] | undefined {
  return (event as { error?: Partial<ApiError> }).error?.problem;
}

export const volumeAttachMachine = setup({
  types: { tags: {} as StateTag, context: {} as VolumeAttachContext, events: {} as VolumeAttachEvent },
  actors: {
    attach: fromPromise<Volume, { computeId: string }>(async () => {
      throw new Error('attach must be provided');
    }),
  },
  actions: {
    // Provided by the page: a notice, the dialog closed.
    finish: () => {},
    choose: assign(({ event }) => {
      assertEvent(event, 'compute.choose');
      return { computeId: event.computeId, fieldError: null, message: null };
    }),
    askForCompute: assign({ fieldError: () => t('volumes.attach.chooseFirst') }),
    showRefusal: assign(({ event }) => {
      const problem = problemOf(event);
      const beside = problem?.errors?.find((error) => error.field === 'computeId')?.message ?? null;
      return {
        fieldError: beside,
        message: beside ? null : (problem?.detail ?? problem?.title ?? t('volumes.attach.failed')),
      };
    }),
  },
  guards: { hasCompute: ({ context }) => context.computeId !== '' },
}).createMachine({
  id: 'volumeAttach',
  context: { computeId: '', fieldError: null, message: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'compute.choose': { actions: 'choose' },
        'attach.start': [{ guard: 'hasCompute', target: 'confirming' }, { actions: 'askForCompute' }],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'attach.confirm': 'attaching', 'attach.cancel': 'editing' },
    },
    attaching: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'attach',
        src: 'attach',
        input: ({ context }) => ({ computeId: context.computeId }),
        onDone: { target: 'done', actions: 'finish' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    done: { type: 'final' },
  },
});
