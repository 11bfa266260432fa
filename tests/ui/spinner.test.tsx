import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner, VisuallyHidden } from '@/ui';
import { expectNoAxeViolations } from './axe';

describe('Spinner', () => {
  it('with a label, announces it as a status', async () => {
    render(<Spinner label="Loading invoices" />);
    expect(screen.getByRole('status').textContent).toBe('Loading invoices');
    await expectNoAxeViolations();
  });

  it('without a label is decoration only, hidden from assistive technology', async () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('.spinner')?.getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations();
  });
});

describe('VisuallyHidden', () => {
  it('keeps text for screen readers, e.g. as a name for an icon-only control', async () => {
    render(
      <button type="button">
        <svg aria-hidden="true" />
        <VisuallyHidden>Close</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    await expectNoAxeViolations();
  });
});
