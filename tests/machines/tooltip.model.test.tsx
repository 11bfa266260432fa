import { act, fireEvent, render, screen } from '@testing-library/react';
import { useContext } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, tooltipMachine } from '@/machines/tooltip';
import { TooltipProvider } from '@/routes/-components/tooltip-provider';
import { TooltipTimingContext } from '@/ui/tooltip';
import { MachineModel } from './model';

// One or several tooltips open is what matters; more than two adds nothing new.
const model = new MachineModel(tooltipMachine, {
  abstractContext: (context) => Math.min(context.openCount, 2),
});

/** Stands in for the tooltips of a page: shows the delay the provider gives them and reports opens/closes. */
function TooltipConsumer() {
  const timing = useContext(TooltipTimingContext);
  return (
    <>
      <output aria-label="open delay">{timing.openDelay}</output>
      <button type="button" onClick={() => timing.onOpenChange?.(true)}>
        open a tooltip
      </button>
      <button type="button" onClick={() => timing.onOpenChange?.(false)}>
        close a tooltip
      </button>
    </>
  );
}

let actor: Actor<typeof tooltipMachine>;
const delay = () => Number(screen.getByLabelText('open delay').textContent);

beforeEach(() => {
  vi.useFakeTimers();
  actor = createActor(tooltipMachine).start();
  render(
    <TooltipProvider actor={actor}>
      <TooltipConsumer />
    </TooltipProvider>,
  );
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('tooltip machine, driven through the tooltip provider', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        events: {
          'tooltip.opened': () => fireEvent.click(screen.getByRole('button', { name: 'open a tooltip' })),
          'tooltip.closed': () => fireEvent.click(screen.getByRole('button', { name: 'close a tooltip' })),
          'xstate.after.skip.tooltip.skipping': () =>
            act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS)),
        } as never,
        states: {
          waiting: () => expect(delay()).toBe(TOOLTIP_OPEN_DELAY_MS),
          open: () => expect(delay()).toBe(0),
          skipping: () => expect(delay()).toBe(0),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('waits the full 700 ms again once 300 ms have passed after the last tooltip closed', () => {
    fireEvent.click(screen.getByRole('button', { name: 'open a tooltip' }));
    fireEvent.click(screen.getByRole('button', { name: 'close a tooltip' }));
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 1));
    expect(delay()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(delay()).toBe(700);
  });
});
