// Making a volume: the person names it, picks a size and a location, sees what it will cost each month
// before confirming, then the request goes. A refusal comes back beside the field it concerns (size,
// location, name) with everything typed kept for another try; cancelling the confirmation changes nothing.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Volume } from '@/contract/volumes';
import { t } from '@/i18n/state';
import type { ApiError } from '@/services/api-error';
import type { StateTag } from '../tags';

export type VolumeField = 'name' | 'sizeGb' | 'locationId';

export interface VolumeCreateContext {
  name: string;
  /** As typed: checked by the contract when sent. */
  sizeGb: string;
  locationId: string;
  errors: Partial<Record<VolumeField, string>>;
  message: string | null;
}

export type VolumeCreateEvent =
  | { type: 'field.changed'; field: VolumeField; value: string }
  | { type: 'create.start' }
  | { type: 'create.confirm' }
  | { type: 'create.cancel' };

export interface VolumeCreateInput {
  name: string;
  sizeGb: number;
  locationId: string;
}

function problemOf(event: unknown): Partial<ApiError>['problem'] | undefined {
  return (event as { error?: Partial<ApiError> }).error?.problem;
}

const FIELDS: readonly VolumeField[] = ['name', 'sizeGb', 'locationId'];

export const volumeCreateMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as VolumeCreateContext,
    events: {} as VolumeCreateEvent,
    input: {} as { locationId: string },
  },
  actors: {
    create: fromPromise<Volume, VolumeCreateInput>(async () => {
      throw new Error('create must be provided');
    }),
  },
  actions: {
    // Provided by the page: a notice, the dialog closed (the list follows over the socket).
    finish: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      return {
        [event.field]: event.value,
        errors: { ...context.errors, [event.field]: undefined },
        message: null,
      } as Partial<VolumeCreateContext>;
    }),
    showIncomplete: assign(({ context }) => ({
      errors: {
        ...context.errors,
        ...(context.name.trim() === '' ? { name: t('contract.volume.nameRequired') } : {}),
        ...(!/^\d+$/.test(context.sizeGb.trim()) ? { sizeGb: t('contract.volume.sizeWhole') } : {}),
        ...(context.locationId === '' ? { locationId: t('contract.volume.location') } : {}),
      },
    })),
    showRefusal: assign(({ event }) => {
      const problem = problemOf(event);
      const errors: Partial<Record<VolumeField, string>> = {};
      for (const error of problem?.errors ?? []) {
        if ((FIELDS as readonly string[]).includes(error.field))
          errors[error.field as VolumeField] = error.message;
      }
      const beside = Object.keys(errors).length > 0;
      return {
        errors,
        message: beside ? null : (problem?.detail ?? problem?.title ?? t('volumes.form.failed')),
      };
    }),
  },
  guards: {
    complete: ({ context }) =>
      context.name.trim() !== '' && /^\d+$/.test(context.sizeGb.trim()) && context.locationId !== '',
  },
}).createMachine({
  id: 'volumeCreate',
  context: ({ input }) => ({
    name: '',
    sizeGb: '10',
    locationId: input.locationId,
    errors: {},
    message: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'field.changed': { actions: 'change' },
        'create.start': [{ guard: 'complete', target: 'confirming' }, { actions: 'showIncomplete' }],
      },
    },
    /** The size, location and monthly price shown; nothing is made until confirmed. */
    confirming: {
      tags: ['confirming'],
      on: { 'create.confirm': 'creating', 'create.cancel': 'editing' },
    },
    creating: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({
          name: context.name.trim(),
          sizeGb: Number(context.sizeGb.trim()),
          locationId: context.locationId,
        }),
        onDone: { target: 'done', actions: 'finish' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    done: { type: 'final' },
  },
});
