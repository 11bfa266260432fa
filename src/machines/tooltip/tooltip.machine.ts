// Shared tooltip timing (SPEC §9): the first tooltip opens after 700 ms; while one is open, and for
// 300 ms after the last one closes, the next opens at once, so a user scanning a toolbar isn't kept waiting.
import { assign, setup } from 'xstate';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export type TooltipEvent = { type: 'tooltip.opened' } | { type: 'tooltip.closed' };

export interface TooltipContext {
  /** Tooltips open right now: while one hands over to the next, both can be open for a moment. */
  openCount: number;
}

export type TooltipState = 'waiting' | 'open' | 'skipping';

export const tooltipMachine = setup({
  types: { context: {} as TooltipContext, events: {} as TooltipEvent },
  actions: {
    countOpened: assign({ openCount: ({ context }) => context.openCount + 1 }),
    countClosed: assign({ openCount: ({ context }) => Math.max(0, context.openCount - 1) }),
  },
  guards: {
    isLastOpen: ({ context }) => context.openCount <= 1,
  },
  delays: { skip: TOOLTIP_SKIP_DELAY_MS },
}).createMachine({
  id: 'tooltip',
  context: { openCount: 0 },
  initial: 'waiting',
  states: {
    /** No tooltip open recently: the next one waits the full open delay. */
    waiting: { on: { 'tooltip.opened': { target: 'open', actions: 'countOpened' } } },
    open: {
      on: {
        'tooltip.opened': { actions: 'countOpened' },
        'tooltip.closed': [
          { guard: 'isLastOpen', target: 'skipping', actions: 'countClosed' },
          { actions: 'countClosed' },
        ],
      },
    },
    /** The last tooltip just closed: the next one skips the delay. */
    skipping: {
      after: { skip: 'waiting' },
      on: { 'tooltip.opened': { target: 'open', actions: 'countOpened' } },
    },
  },
});

/** The open delay a tooltip should use in the provider's current state. */
export function tooltipOpenDelay(state: TooltipState): number {
  return state === 'waiting' ? TOOLTIP_OPEN_DELAY_MS : 0;
}
