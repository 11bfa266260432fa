// The navigation progress bar (SPEC §4, §9): ticks from 0 towards 99 %, auto-finishes past 95 %,
// finishes or fails, and hides 300 ms later.
import { assign, setup } from 'xstate';

export const PROGRESS_TICK_MS = 100;
export const PROGRESS_DEFAULT_DURATION_MS = 3_000;
export const PROGRESS_MAX_BEFORE_FINISH = 99;
export const PROGRESS_AUTO_FINISH_ABOVE = 95;
export const PROGRESS_HIDE_DELAY_MS = 300;

export interface ProgressBarContext {
  /** 0–100; stays at or below 99 until the bar finishes. */
  progress: number;
  durationMs: number;
}

export type ProgressBarEvent =
  | { type: 'progress.start' }
  | { type: 'progress.finish' }
  | { type: 'progress.fail' };

export interface ProgressBarInput {
  durationMs?: number;
}

export const progressBarMachine = setup({
  types: {
    context: {} as ProgressBarContext,
    events: {} as ProgressBarEvent,
    input: {} as ProgressBarInput,
  },
  actions: {
    reset: assign({ progress: 0 }),
    advance: assign({
      progress: ({ context }) =>
        Math.min(
          PROGRESS_MAX_BEFORE_FINISH,
          context.progress + (PROGRESS_MAX_BEFORE_FINISH * PROGRESS_TICK_MS) / context.durationMs,
        ),
    }),
    complete: assign({ progress: 100 }),
  },
  guards: {
    isPastAutoFinish: ({ context }) => context.progress > PROGRESS_AUTO_FINISH_ABOVE,
  },
  delays: {
    tick: PROGRESS_TICK_MS,
    hide: PROGRESS_HIDE_DELAY_MS,
  },
}).createMachine({
  id: 'progressBar',
  context: ({ input }) => ({
    progress: 0,
    durationMs: input?.durationMs ?? PROGRESS_DEFAULT_DURATION_MS,
  }),
  initial: 'idle',
  on: {
    'progress.start': { target: '.running', reenter: true, actions: 'reset' },
    // A page can fail after its navigation looked finished (its code fails while rendering), so fail
    // is accepted in every state.
    'progress.fail': '.failed',
  },
  states: {
    idle: {},
    running: {
      after: {
        tick: [
          { guard: 'isPastAutoFinish', target: 'finished' },
          { target: 'running', reenter: true, actions: 'advance' },
        ],
      },
      on: {
        'progress.finish': 'finished',
      },
    },
    finished: {
      entry: 'complete',
      after: { hide: 'idle' },
    },
    failed: {
      entry: 'complete',
      after: { hide: 'idle' },
    },
  },
});
