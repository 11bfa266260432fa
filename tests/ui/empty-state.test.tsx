import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, EmptyState, InboxIcon } from '@/ui';
import { expectNoAxeViolations } from './axe';

describe('EmptyState', () => {
  it('says what is missing and offers the way to add the first one', async () => {
    const { container } = render(
      <EmptyState
        icon={<InboxIcon />}
        title="No computes yet"
        description="Create a compute to run your first server."
        action={<Button>New compute</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No computes yet' })).toBeTruthy();
    expect(screen.getByText('Create a compute to run your first server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New compute' })).toBeTruthy();
    expect(container.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    await expectNoAxeViolations();
  });

  it('fits the page outline with a chosen heading level and works without the optional parts', async () => {
    const { container } = render(<EmptyState title="No invoices" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No invoices' })).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations();
  });
});
