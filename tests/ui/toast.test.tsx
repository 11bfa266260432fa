import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastCard, type ToastCardProps } from '@/ui';
import { expectNoAxeViolations } from './axe';

function renderCard(props: Partial<ToastCardProps> = {}) {
  const handlers = {
    onDismiss: vi.fn(),
    onPause: vi.fn(),
    onResume: vi.fn(),
    onSwipeMove: vi.fn(),
    onSwipeEnd: vi.fn(),
  };
  render(
    <ol aria-live="polite">
      <ToastCard
        title="Compute created"
        description="web-01 is starting."
        tone="success"
        swipeOffset={0}
        {...handlers}
        {...props}
      />
    </ol>,
  );
  const card = screen.getByText('Compute created').closest('li') as HTMLElement;
  return { card, ...handlers };
}

describe('ToastCard', () => {
  it('shows the title and description with a labelled dismiss button, and is accessible', async () => {
    const { onDismiss } = renderCard();
    expect(screen.getByText('web-01 is starting.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
  });

  it('marks its tone so errors look different from successes', () => {
    const { card } = renderCard({ tone: 'error' });
    expect(card).toHaveAttribute('data-tone', 'error');
  });

  it('pauses while hovered or focused and resumes after', () => {
    const { card, onPause, onResume } = renderCard();
    fireEvent.pointerEnter(card);
    fireEvent.pointerLeave(card);
    card.focus();
    fireEvent.blur(card);
    expect(onPause).toHaveBeenCalledTimes(2);
    expect(onResume).toHaveBeenCalledTimes(2);
  });

  it('reports a drag with its distance, and a plain click is not a swipe', () => {
    const { card, onSwipeMove, onSwipeEnd } = renderCard();
    fireEvent.pointerDown(card, { clientX: 10, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 10, pointerId: 1 });
    expect(onSwipeEnd).not.toHaveBeenCalled();
    fireEvent.pointerDown(card, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 70, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 75, pointerId: 1 });
    expect(onSwipeMove).toHaveBeenCalledWith(60);
    expect(onSwipeEnd).toHaveBeenCalledWith(65);
  });

  it('follows the finger while swiped and closes on Escape', () => {
    const { card, onDismiss } = renderCard({ swipeOffset: 40 });
    expect(card.style.transform).toBe('translateX(40px)');
    fireEvent.keyDown(card, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalled();
  });
});
