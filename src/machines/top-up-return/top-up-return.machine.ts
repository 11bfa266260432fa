// Coming back from the payment provider (/settings/billing?topup=<id>): the console asks how the top-up
// ended and, while the provider's confirmation has not arrived, asks again — at once when the balance
// changes (pushed over the socket), else every second at first and every five after half a minute.
import { assign, fromPromise, setup } from 'xstate';
import type { TopUp } from '@/contract/billing';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface TopUpReturnContext {
  topUp: TopUp | null;
  /** How many answers said "pending" so far. */
  checks: number;
  message: string | null;
}

export type TopUpReturnEvent = { type: 'payment.changed' } | { type: 'check.retry' };

/** Checks at the quick pace before slowing down. */
export const QUICK_CHECKS = 30;

const statusOf = (event: unknown) => (event as { output?: TopUp }).output?.status;

export const topUpReturnMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as TopUpReturnContext,
    events: {} as TopUpReturnEvent,
  },
  actors: {
    // Provided by the page: the top-up as the server has it now.
    check: fromPromise<TopUp>(async () => {
      throw new Error('check must be provided');
    }),
  },
  actions: {
    // Provided by the page: the balance changed, refresh what shows it.
    credited: () => {},
    keep: assign({
      topUp: ({ event }) => (event as { output?: TopUp }).output ?? null,
      message: null,
    }),
    count: assign({ checks: ({ context }) => context.checks + 1 }),
    showFailure: assign({
      message: ({ event }) =>
        (event as { error?: Partial<ApiError> }).error?.message ?? t('billing.topUp.checkFailed'),
    }),
  },
  guards: {
    isPending: ({ event }) => statusOf(event) === 'pending',
    isSucceeded: ({ event }) => statusOf(event) === 'succeeded',
    isDeclined: ({ event }) => statusOf(event) === 'declined',
  },
  delays: {
    recheckDelay: ({ context }) => (context.checks < QUICK_CHECKS ? 1000 : 5000),
  },
}).createMachine({
  id: 'topUpReturn',
  context: { topUp: null, checks: 0, message: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'check',
        src: 'check',
        onDone: [
          { guard: 'isPending', target: 'waiting', actions: ['keep', 'count'] },
          { guard: 'isSucceeded', target: 'succeeded', actions: 'keep' },
          { guard: 'isDeclined', target: 'declined', actions: 'keep' },
          { target: 'expired', actions: 'keep' },
        ],
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    /** The provider has not confirmed yet. */
    waiting: {
      after: { recheckDelay: 'checking' },
      on: { 'payment.changed': 'checking' },
    },
    succeeded: { type: 'final', entry: 'credited' },
    declined: { type: 'final' },
    expired: { type: 'final' },
    failed: { on: { 'check.retry': 'checking' } },
  },
});
