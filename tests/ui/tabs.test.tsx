import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from '@/ui';
import { expectNoAxeViolations } from './axe';

function ComputeTabs({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs.Root defaultValue="overview" onValueChange={(details) => onValueChange?.(details.value)}>
      <Tabs.List aria-label="Compute sections">
        <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
        <Tabs.Trigger value="monitoring">Monitoring</Tabs.Trigger>
        <Tabs.Trigger value="history">History</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview">Running in Kigali</Tabs.Content>
      <Tabs.Content value="monitoring">CPU 12%</Tabs.Content>
      <Tabs.Content value="history">Created yesterday</Tabs.Content>
    </Tabs.Root>
  );
}

describe('Tabs', () => {
  it('shows one panel at a time, labelled by its selected tab', async () => {
    render(<ComputeTabs />);
    expect(screen.getByRole('tablist', { name: 'Compute sections' })).toBeTruthy();
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' }).textContent).toBe('Running in Kigali');
    expect(screen.queryByRole('tabpanel', { name: 'Monitoring' })).toBeNull();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('switches panels by pointer', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<ComputeTabs onValueChange={onValueChange} />);
    await user.click(screen.getByRole('tab', { name: 'Monitoring' }));
    expect(onValueChange).toHaveBeenCalledWith('monitoring');
    expect(screen.getByRole('tabpanel', { name: 'Monitoring' }).textContent).toBe('CPU 12%');
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('false');
  });

  it('moves between tabs with the arrow keys, with one tab stop for the whole list', async () => {
    const user = userEvent.setup();
    render(<ComputeTabs />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Monitoring' }));
    expect(await screen.findByRole('tabpanel', { name: 'Monitoring' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('tabpanel', { name: 'History' })).toBeTruthy();
    // One tab stop: only the selected tab is in the Tab order, so Tab goes on to the panel.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
    await expectNoAxeViolations();
  });
});
