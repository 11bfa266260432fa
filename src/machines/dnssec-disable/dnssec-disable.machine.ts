// Turning DNSSEC off for a zone, in the only safe order: first the DS record goes at the registrar (a DS
// pointing at an unsigned zone makes validating resolvers reject it), the parent zone is checked until it
// no longer publishes one, then signing stops. When no resolver can answer, the person may say they
// removed it and go on.
import { assign, fromPromise, setup } from 'xstate';
import type { Domain } from '@/contract/domains';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface DnssecDisableContext {
  domain: Domain;
  /** Why the last step did not go through, in plain words; null when it did. */
  message: string | null;
}

export type DnssecDisableEvent =
  | { type: 'ds.check' }
  | { type: 'disable.confirm' }
  | { type: 'disable.confirmUnverified' }
  | { type: 'cancel' };

const errorMessage = (error: unknown, fallback: string) => {
  const problem = (error as Partial<ApiError> | undefined)?.problem;
  return problem?.detail ?? problem?.title ?? fallback;
};

export const dnssecDisableMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as DnssecDisableContext,
    events: {} as DnssecDisableEvent,
    input: {} as { domain: Domain },
  },
  actors: {
    /** Asks the parent zone again (the delegation check); answers the domain as it now stands. */
    checkParent: fromPromise<Domain, { domain: Domain }>(async () => {
      throw new Error('checkParent must be provided');
    }),
    /** Turns signing off; `dsRemoved` is the person's word when no resolver could confirm it. */
    disable: fromPromise<Domain, { domain: Domain; dsRemoved: boolean }>(async () => {
      throw new Error('disable must be provided');
    }),
  },
  actions: {
    // Provided by the page: close the dialog, and say it worked.
    close: () => {},
    finish: () => {},
    takeDomain: assign({
      domain: ({ event }) => (event as unknown as { output: Domain }).output,
      message: null,
    }),
    explainStillPublished: assign({
      domain: ({ event }) => (event as unknown as { output: Domain }).output,
      message: ({ event }) => {
        const { parent } = (event as unknown as { output: Domain }).output.dnssec;
        return t('domains.dnssecDisable.stillPublished', { found: parent.found.join(', ') });
      },
    }),
    explainCheckFailed: assign({
      message: ({ event }) =>
        errorMessage((event as { error?: unknown }).error, t('domains.dnssecDisable.checkFailed')),
    }),
    explainRefusal: assign({
      message: ({ event }) =>
        errorMessage((event as { error?: unknown }).error, t('domains.dnssecDisable.disableFailed')),
    }),
  },
  guards: {
    isDsGone: ({ event }) =>
      (event as unknown as { output: Domain }).output.dnssec.parent.status === 'absent',
    isUnverified: ({ event }) =>
      (event as unknown as { output: Domain }).output.dnssec.parent.status === 'unknown',
  },
}).createMachine({
  id: 'dnssecDisable',
  context: ({ input }) => ({ domain: input.domain, message: null }),
  initial: 'removingDs',
  states: {
    /** Step 1: the DS records to remove at the registrar. */
    removingDs: {
      on: { 'ds.check': 'checking', cancel: 'cancelled' },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkParent',
        src: 'checkParent',
        input: ({ context }) => ({ domain: context.domain }),
        onDone: [
          { guard: 'isDsGone', target: 'confirming', actions: 'takeDomain' },
          { guard: 'isUnverified', target: 'unverified', actions: 'takeDomain' },
          { target: 'stillPublished', actions: 'explainStillPublished' },
        ],
        onError: { target: 'removingDs', actions: 'explainCheckFailed' },
      },
    },
    /** The parent still lists a DS: back to the registrar. */
    stillPublished: {
      on: { 'ds.check': 'checking', cancel: 'cancelled' },
    },
    /** No resolver answered: check again, or go on on the person's word. */
    unverified: {
      on: {
        'ds.check': 'checking',
        'disable.confirmUnverified': 'disablingUnverified',
        cancel: 'cancelled',
      },
    },
    /** Step 2: the parent publishes no DS; signing can stop. */
    confirming: {
      tags: ['confirming'],
      on: { 'disable.confirm': 'disabling', cancel: 'cancelled' },
    },
    disabling: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ domain: context.domain, dsRemoved: false }),
        onDone: 'done',
        onError: { target: 'removingDs', actions: 'explainRefusal' },
      },
    },
    disablingUnverified: {
      tags: ['busy'],
      invoke: {
        id: 'disableUnverified',
        src: 'disable',
        input: ({ context }) => ({ domain: context.domain, dsRemoved: true }),
        onDone: 'done',
        onError: { target: 'unverified', actions: 'explainRefusal' },
      },
    },
    done: { type: 'final', entry: 'finish' },
    cancelled: { type: 'final', entry: 'close' },
  },
});
