import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, Tooltip, type TooltipTiming, TooltipTimingContext } from '@/ui';
import { expectNoAxeViolations } from './axe';
import { setupWithFakeTimers as fakeTimers, restoreRealTimers, elapse as wait } from './fake-timers';

function Reboot({ timing }: { timing?: TooltipTiming }) {
  const tooltip = (
    <Tooltip content="Restarts the operating system">
      <Button>Reboot</Button>
    </Tooltip>
  );
  return timing ? (
    <TooltipTimingContext.Provider value={timing}>{tooltip}</TooltipTimingContext.Provider>
  ) : (
    tooltip
  );
}

afterEach(restoreRealTimers);

describe('Tooltip', () => {
  it('opens 700 ms after the pointer rests on its trigger (SPEC §9), not before', async () => {
    const user = fakeTimers();
    render(<Reboot />);
    await user.hover(screen.getByRole('button', { name: 'Reboot' }));
    await wait(650);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await wait(60);
    expect(screen.getByRole('tooltip').textContent).toBe('Restarts the operating system');
  });

  it('closes when the pointer leaves and on Escape', async () => {
    const user = fakeTimers();
    render(<Reboot />);
    const trigger = screen.getByRole('button', { name: 'Reboot' });
    await user.hover(trigger);
    await wait(700);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await user.unhover(trigger);
    // Closing takes an animation frame (Ark checks for an exit animation), hence 50 ms rather than 0.
    await wait(50);
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.hover(trigger);
    await wait(700);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await user.keyboard('{Escape}');
    await wait(50);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('takes its delays from the timing context and reports opening and closing to it', async () => {
    const user = fakeTimers();
    const onOpenChange = vi.fn();
    render(<Reboot timing={{ openDelay: 0, closeDelay: 0, onOpenChange }} />);
    const trigger = screen.getByRole('button', { name: 'Reboot' });
    await user.hover(trigger);
    await wait(1);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    expect(onOpenChange.mock.calls).toEqual([[true]]);

    await user.unhover(trigger);
    await wait(50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('uses a longer open delay from the context too', async () => {
    const user = fakeTimers();
    render(<Reboot timing={{ openDelay: 1500, closeDelay: 0 }} />);
    await user.hover(screen.getByRole('button', { name: 'Reboot' }));
    await wait(1400);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await wait(150);
    expect(screen.getByRole('tooltip')).toBeTruthy();
  });

  it('tells the context it closed when it disappears while open', async () => {
    const user = fakeTimers();
    const onOpenChange = vi.fn();
    const { unmount } = render(<Reboot timing={{ openDelay: 0, closeDelay: 0, onOpenChange }} />);
    await user.hover(screen.getByRole('button', { name: 'Reboot' }));
    await wait(1);
    expect(onOpenChange.mock.calls).toEqual([[true]]);
    unmount();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('opens when its trigger gets keyboard focus and closes when focus leaves', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Reboot />
        <button type="button">Next</button>
      </>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reboot' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Restarts the operating system');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('describes its trigger while open and passes the accessibility check', async () => {
    const user = userEvent.setup();
    render(<Reboot timing={{ openDelay: 0, closeDelay: 0 }} />);
    const trigger = screen.getByRole('button', { name: 'Reboot' });
    await user.hover(trigger);
    const tooltip = await screen.findByRole('tooltip');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    await expectNoAxeViolations();
  });
});
