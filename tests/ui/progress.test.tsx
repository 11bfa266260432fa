import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress } from '@/ui';
import { expectNoAxeViolations } from './axe';

describe('Progress', () => {
  it('is a progress bar named by its label, with its value as a number and as text', async () => {
    render(<Progress label="Uploading invoice.pdf" value={45} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading invoice.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('45%')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says what the value means when given words for it', async () => {
    render(<Progress label="Uploading disk image" value={3.2} max={8} valueText="3.2 of 8 GB" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading disk image' });
    expect(bar.getAttribute('aria-valuetext')).toBe('3.2 of 8 GB');
    expect(screen.getByText('3.2 of 8 GB')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('has no current value while the amount of work is unknown', async () => {
    render(<Progress label="Preparing backup" value={null} />);
    const bar = screen.getByRole('progressbar', { name: 'Preparing backup' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('data-state')).toBe('indeterminate');
    await expectNoAxeViolations();
  });

  it('updates as work advances and marks completion', () => {
    const { rerender } = render(<Progress label="Uploading" value={10} />);
    rerender(<Progress label="Uploading" value={100} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('data-state')).toBe('complete');
    expect(screen.getByText('100%')).toBeTruthy();
  });
});
