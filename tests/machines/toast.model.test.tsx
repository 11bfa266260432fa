import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  type ToastEvent,
  toastMachine,
} from '@/machines/toast';
import { ToastRegion } from '@/routes/-components/toast-region';
import { MachineModel } from './model';

const show: ToastEvent = { type: 'toast.show', content: { title: 'Compute created', tone: 'success' } };
const model = new MachineModel(toastMachine, {
  events: {
    'toast.show': [show],
    'toast.swipe.move': [{ type: 'toast.swipe.move', dx: 30 }],
    // One swipe that goes past the 50 px threshold and one that doesn't.
    'toast.swipe.end': [
      { type: 'toast.swipe.end', dx: 80 },
      { type: 'toast.swipe.end', dx: 20 },
    ],
  },
});

let actor: Actor<typeof toastMachine>;
let pressed = false;
const card = () => screen.getByText('Compute created').closest('[data-tone]') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  pressed = false;
  actor = createActor(toastMachine).start();
  render(<ToastRegion actor={actor} />);
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

function drag(dx: number) {
  if (!pressed) {
    fireEvent.pointerDown(card(), { clientX: 100, pointerId: 1 });
    pressed = true;
  }
  fireEvent.pointerMove(card(), { clientX: 100 + dx, pointerId: 1 });
}

describe('toast machine, driven through the toast area', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        events: {
          'toast.show': () => act(() => actor.send(show)),
          'toast.dismiss': () =>
            fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' })),
          'toast.pause': () => fireEvent.pointerEnter(card()),
          'toast.resume': () => fireEvent.pointerLeave(card()),
          'toast.swipe.move': ({ event }: { event: { dx: number } }) => drag(event.dx),
          'toast.swipe.end': ({ event }: { event: { dx: number } }) => {
            const { dx } = event;
            drag(dx);
            fireEvent.pointerUp(card(), { clientX: 100 + dx, pointerId: 1 });
            pressed = false;
          },
          'xstate.after.remaining.toast.visible.timing': () =>
            act(() => vi.advanceTimersByTime(actor.getSnapshot().context.remainingMs)),
          'xstate.after.removeDelay.toast.dismissed': () =>
            act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS)),
        } as never,
        states: {
          empty: () => {
            expect(screen.queryByText('Compute created')).toBeNull();
            expect(actor.getSnapshot().context.toast).toBeNull();
          },
          visible: () => {
            expect(screen.getByText('Compute created')).toBeVisible();
            expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
          },
          'visible.swiping': () => expect(card().style.transform).toBe('translateX(30px)'),
          'visible.timing': () => expect(card().style.transform).toBe('translateX(0px)'),
          // Dismissed: gone from the screen, still held until the removal delay passes.
          dismissed: () => {
            expect(screen.queryByText('Compute created')).toBeNull();
            expect(actor.getSnapshot().context.toast).not.toBeNull();
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

describe('toast rules (SPEC §4, §9)', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    act(() => actor.send({ type: 'toast.show', content: { title: 'First' } }));
    act(() => actor.send({ type: 'toast.show', content: { title: 'Second' } }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeVisible();
  });

  it('disappears after 5000 ms unless paused, and keeps the time left while hovered', () => {
    act(() => actor.send(show));
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - 1000));
    fireEvent.pointerEnter(card());
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Compute created')).toBeVisible();
    fireEvent.pointerLeave(card());
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Compute created')).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Compute created')).toBeNull();
  });

  it('F8 moves focus to the toast', () => {
    act(() => actor.send(show));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(card()).toHaveFocus();
  });

  it('F8 moves focus to the notifications region when no toast is showing', () => {
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
  });

  it('a swipe to the left does not move or dismiss the toast', () => {
    act(() => actor.send(show));
    fireEvent.pointerDown(card(), { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card(), { clientX: 20, pointerId: 1 });
    expect(card().style.transform).toBe('translateX(0px)');
    fireEvent.pointerUp(card(), { clientX: 20, pointerId: 1 });
    expect(screen.getByText('Compute created')).toBeVisible();
  });
});
