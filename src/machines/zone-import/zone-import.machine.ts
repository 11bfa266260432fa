// Importing a zone file: paste it or pick the file, preview what would be added, changed and refused,
// then apply. Nothing changes before "Apply"; editing the text after a preview asks for a new one, and
// a refusal keeps the text with the reason beside it.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ZoneImportResult } from '@/contract/domains';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface ZoneImportContext {
  text: string;
  /** The last preview, for the text as it is now. */
  result: ZoneImportResult | null;
  /** What is wrong with the text itself (the server's message for the `text` field). */
  textError: string | null;
  /** Any other reason, for the whole dialog. */
  message: string | null;
}

export type ZoneImportEvent =
  | { type: 'text.changed'; text: string }
  /** A chosen file that cannot be imported (too large, unreadable): the reason, nothing read. */
  | { type: 'file.refused'; message: string }
  | { type: 'import.preview' }
  | { type: 'import.apply' }
  | { type: 'import.cancel' };

/** How many records a preview would add or change. */
export const changesOf = (result: ZoneImportResult | null) =>
  result ? result.add.length + result.change.length : 0;

export const zoneImportMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ZoneImportContext,
    events: {} as ZoneImportEvent,
  },
  actors: {
    // Provided by the dialog: the server's dry run, and the import itself.
    preview: fromPromise<ZoneImportResult, { text: string }>(async () => {
      throw new Error('preview must be provided');
    }),
    apply: fromPromise<ZoneImportResult, { text: string }>(async () => {
      throw new Error('apply must be provided');
    }),
  },
  actions: {
    // Provided by the dialog: the records were imported (tell the user, refresh the zone), or it closed.
    imported: (_, _params: { result: ZoneImportResult }) => {},
    close: () => {},
    takeText: assign({
      text: ({ event }) => {
        assertEvent(event, 'text.changed');
        return event.text;
      },
      result: null,
      textError: null,
      message: null,
    }),
    refuseFile: assign({
      message: ({ event }) => {
        assertEvent(event, 'file.refused');
        return event.message;
      },
      result: null,
    }),
    clearFeedback: assign({ textError: null, message: null }),
    keepResult: assign({ result: ({ event }) => (event as unknown as { output: ZoneImportResult }).output }),
    showFailure: assign(({ event }) => {
      const error = (event as { error?: Partial<ApiError> }).error;
      const textError = error?.fieldErrors?.text ?? null;
      return {
        textError,
        message: textError ? null : (error?.message ?? t('domains.zoneImport.failed')),
      };
    }),
  },
  guards: {
    hasText: ({ context }) => context.text.trim().length > 0,
    hasChanges: ({ context }) => changesOf(context.result) > 0,
  },
}).createMachine({
  id: 'zoneImport',
  context: { text: '', result: null, textError: null, message: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'import.cancel': 'cancelled',
        'text.changed': { actions: 'takeText' },
        'file.refused': { actions: 'refuseFile' },
        'import.preview': { guard: 'hasText', target: 'previewing', actions: 'clearFeedback' },
      },
    },
    previewing: {
      tags: ['busy'],
      on: { 'import.cancel': 'cancelled' },
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'reviewing', actions: 'keepResult' },
        onError: { target: 'editing', actions: 'showFailure' },
      },
    },
    /** The preview is shown; changing the text goes back to editing it. */
    reviewing: {
      tags: ['confirming'],
      on: {
        'import.cancel': 'cancelled',
        'text.changed': { target: 'editing', actions: 'takeText' },
        'file.refused': { target: 'editing', actions: 'refuseFile' },
        'import.apply': { guard: 'hasChanges', target: 'applying', actions: 'clearFeedback' },
      },
    },
    // Once the import is sent it runs to its answer: closing now would hide what happened.
    applying: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ text: context.text }),
        onDone: {
          target: 'applied',
          actions: { type: 'imported', params: ({ event }) => ({ result: event.output }) },
        },
        onError: { target: 'reviewing', actions: 'showFailure' },
      },
    },
    applied: { type: 'final', entry: 'close' },
    cancelled: { type: 'final', entry: 'close' },
  },
});
