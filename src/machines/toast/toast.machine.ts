// Toasts (SPEC §4, §9): one visible at a time, a new one replaces the old, 5000 ms by default,
// paused while hovered or focused, dismissed by button, timeout or a swipe right past 50 px;
// a dismissed toast is kept (closed) for the removal delay, then dropped.
import { assertEvent, assign, setup } from 'xstate';

export const TOAST_DEFAULT_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_HOTKEY = 'F8';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastContent {
  title: string;
  description?: string;
  tone?: ToastTone;
  durationMs?: number;
}

export interface Toast extends Required<Pick<ToastContent, 'title' | 'tone' | 'durationMs'>> {
  id: number;
  description?: string;
}

export interface ToastContext {
  toast: Toast | null;
  /** Time left on the visible toast's timer, kept while it is paused. */
  remainingMs: number;
  /** When the timer last (re)started, to work out what is left on pause. */
  startedAt: number;
  /** How far the toast is dragged to the right, in px (0 when not swiping). */
  swipeOffset: number;
  nextId: number;
}

export type ToastEvent =
  | { type: 'toast.show'; content: ToastContent }
  | { type: 'toast.dismiss' }
  | { type: 'toast.pause' }
  | { type: 'toast.resume' }
  | { type: 'toast.swipe.move'; dx: number }
  | { type: 'toast.swipe.end'; dx: number };

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
  },
  actions: {
    replaceToast: assign(({ context, event }) => {
      assertEvent(event, 'toast.show');
      const { title, description, tone = 'info', durationMs = TOAST_DEFAULT_DURATION_MS } = event.content;
      return {
        toast: { id: context.nextId, title, description, tone, durationMs },
        remainingMs: durationMs,
        swipeOffset: 0,
        nextId: context.nextId + 1,
      };
    }),
    startTimer: assign({ startedAt: () => Date.now() }),
    keepRemaining: assign({
      remainingMs: ({ context }) => Math.max(0, context.remainingMs - (Date.now() - context.startedAt)),
    }),
    trackSwipe: assign({
      swipeOffset: ({ event }) => {
        assertEvent(event, ['toast.swipe.move', 'toast.swipe.end']);
        // Only a drag to the right moves the toast.
        return Math.max(0, event.dx);
      },
    }),
    resetSwipe: assign({ swipeOffset: 0 }),
    forget: assign({ toast: null, swipeOffset: 0 }),
  },
  guards: {
    isPastSwipeThreshold: ({ event }) => {
      assertEvent(event, 'toast.swipe.end');
      return event.dx > TOAST_SWIPE_THRESHOLD_PX;
    },
  },
  delays: {
    remaining: ({ context }) => context.remainingMs,
    removeDelay: TOAST_REMOVE_DELAY_MS,
  },
}).createMachine({
  id: 'toast',
  context: { toast: null, remainingMs: 0, startedAt: 0, swipeOffset: 0, nextId: 1 },
  initial: 'empty',
  on: {
    'toast.show': { target: '.visible', reenter: true, actions: 'replaceToast' },
  },
  states: {
    empty: {},
    visible: {
      initial: 'timing',
      on: { 'toast.dismiss': 'dismissed' },
      states: {
        timing: {
          entry: 'startTimer',
          after: { remaining: '#toast.dismissed' },
          on: {
            'toast.pause': { target: 'paused', actions: 'keepRemaining' },
            'toast.swipe.move': { target: 'swiping', actions: ['keepRemaining', 'trackSwipe'] },
          },
        },
        paused: {
          on: {
            'toast.resume': 'timing',
            'toast.swipe.move': { target: 'swiping', actions: 'trackSwipe' },
          },
        },
        swiping: {
          on: {
            'toast.swipe.move': { actions: 'trackSwipe' },
            'toast.swipe.end': [
              { guard: 'isPastSwipeThreshold', target: '#toast.dismissed' },
              { target: 'timing', actions: 'resetSwipe' },
            ],
          },
        },
      },
    },
    dismissed: {
      after: { removeDelay: { target: 'empty', actions: 'forget' } },
    },
  },
});
