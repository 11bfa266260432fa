// Deleting a domain: the dialog opens, the user types the zone's name to confirm, the request goes, and
// the page leaves for the list. A refusal (a wrong name, the DNS server refusing) keeps the dialog open
// with the reason beside the field.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface DomainDeleteContext {
  /** The names that confirm: the zone's ASCII name and, for an IDN, its Unicode form. */
  names: readonly string[];
  typed: string;
  message: string | null;
}

export type DomainDeleteEvent =
  | { type: 'delete.open' }
  | { type: 'delete.cancel' }
  | { type: 'confirmation.changed'; value: string }
  | { type: 'delete.confirm' };

/** Typed as shown, ignoring letter case, surrounding spaces and a final dot. */
export const matchesDomainName = (typed: string, names: readonly string[]) =>
  names.includes(typed.trim().toLowerCase().replace(/\.$/, ''));

export const domainDeleteMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as DomainDeleteContext,
    events: {} as DomainDeleteEvent,
    input: {} as { names: readonly string[] },
  },
  actors: {
    // Provided by the page.
    delete: fromPromise<void, { confirmName: string }>(async () => {
      throw new Error('delete must be provided');
    }),
  },
  actions: {
    // Provided by the page: back to the list, with a toast.
    leave: () => {},
    forget: assign({ typed: '', message: null }),
    type: assign({
      typed: ({ event }) => {
        assertEvent(event, 'confirmation.changed');
        return event.value;
      },
      message: null,
    }),
    showRefusal: assign({
      message: ({ event }) => {
        const error = (event as { error?: Partial<ApiError> }).error;
        return error?.fieldErrors?.confirmName ?? error?.problem?.title ?? t('domains.delete.failed');
      },
    }),
  },
  guards: {
    isConfirmed: ({ context }) => matchesDomainName(context.typed, context.names),
  },
}).createMachine({
  id: 'domainDelete',
  context: ({ input }) => ({ names: input.names, typed: '', message: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'delete.open': { target: 'confirming', actions: 'forget' } } },
    confirming: {
      tags: ['confirming'],
      on: {
        'confirmation.changed': { actions: 'type' },
        'delete.confirm': { guard: 'isConfirmed', target: 'deleting' },
        'delete.cancel': 'closed',
      },
    },
    deleting: {
      // The dialog stays open, with its progress, until the server answers.
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'delete',
        src: 'delete',
        input: ({ context }) => ({ confirmName: context.typed.trim() }),
        onDone: 'deleted',
        onError: { target: 'confirming', actions: 'showRefusal' },
      },
    },
    deleted: { type: 'final', entry: 'leave' },
  },
});
