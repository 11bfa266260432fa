import { act, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  PROGRESS_DEFAULT_DURATION_MS,
  PROGRESS_HIDE_DELAY_MS,
  PROGRESS_TICK_MS,
  progressBarMachine,
} from '@/machines/progress-bar';
import { NavigationProgress } from '@/routes/-components/navigation-progress';
import { MachineModel } from './model';

// A short duration keeps the model finite (0 → 49.5 → 99 %) while exercising the same rules.
const MODEL_DURATION_MS = 200;

const model = new MachineModel(progressBarMachine, {
  input: { durationMs: MODEL_DURATION_MS },
  abstractContext: (context) => context.progress,
});

let actor: Actor<typeof progressBarMachine>;
const bar = () => screen.getByRole('progressbar', { hidden: true });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  actor = createActor(progressBarMachine, { input: { durationMs: MODEL_DURATION_MS } }).start();
  render(<NavigationProgress actor={actor} />);
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('progress bar machine, driven through the navigation progress bar', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        events: {
          'progress.start': () => act(() => actor.send({ type: 'progress.start' })),
          'progress.finish': () => act(() => actor.send({ type: 'progress.finish' })),
          'progress.fail': () => act(() => actor.send({ type: 'progress.fail' })),
          'xstate.after.tick.progressBar.running': () => advance(PROGRESS_TICK_MS),
          'xstate.after.hide.progressBar.finished': () => advance(PROGRESS_HIDE_DELAY_MS),
          'xstate.after.hide.progressBar.failed': () => advance(PROGRESS_HIDE_DELAY_MS),
        } as never,
        states: {
          idle: () => {
            expect(bar()).toHaveAttribute('data-visible', 'false');
            expect(bar().style.opacity).toBe('0');
          },
          running: (snapshot) => {
            expect(bar()).toHaveAttribute('data-visible', 'true');
            expect(bar().style.opacity).toBe('1');
            expect(bar().style.width).toBe(`${snapshot.context.progress}%`);
            expect(snapshot.context.progress).toBeLessThanOrEqual(99);
          },
          finished: () => {
            expect(bar()).toHaveAttribute('data-state', 'finished');
            expect(bar().style.width).toBe('100%');
          },
          failed: () => {
            expect(bar()).toHaveAttribute('data-state', 'failed');
            expect(bar().style.width).toBe('100%');
            expect(bar().style.opacity).toBe('1');
          },
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('progress bar constants (SPEC §4, §9)', () => {
  it('reaches 99 % at the default 3000 ms and finishes by itself once past 95 %', () => {
    act(() => actor.stop());
    const real = createActor(progressBarMachine, { input: {} }).start();
    real.send({ type: 'progress.start' });
    vi.advanceTimersByTime(PROGRESS_DEFAULT_DURATION_MS - PROGRESS_TICK_MS * 2);
    expect(real.getSnapshot().value).toBe('running');
    expect(real.getSnapshot().context.progress).toBeGreaterThan(90);
    expect(real.getSnapshot().context.progress).toBeLessThanOrEqual(99);
    vi.advanceTimersByTime(PROGRESS_TICK_MS * 2);
    expect(real.getSnapshot().value).toBe('finished');
    vi.advanceTimersByTime(PROGRESS_HIDE_DELAY_MS);
    expect(real.getSnapshot().value).toBe('idle');
    real.stop();
  });

  it('ticks every 100 ms', () => {
    act(() => actor.stop());
    const real = createActor(progressBarMachine, { input: {} }).start();
    real.send({ type: 'progress.start' });
    vi.advanceTimersByTime(99);
    expect(real.getSnapshot().context.progress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(real.getSnapshot().context.progress).toBeCloseTo(3.3, 5);
    real.stop();
  });
});

afterAll(() => vi.useRealTimers());
