import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select, type SelectItem } from '@/ui';
import { expectNoAxeViolations } from './axe';
import { descriptionOf } from './describe';

const locations: SelectItem[] = [
  { label: 'Kigali', value: 'kgl' },
  { label: 'Nairobi', value: 'nbo' },
  { label: 'Lagos (full)', value: 'los', disabled: true },
];

describe('Select', () => {
  it('is a combobox named by its label that lists the items and picks one by pointer', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <Select
        label="Location"
        items={locations}
        onValueChange={onValueChange}
        placeholder="Pick a location"
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Location' });
    expect(trigger.textContent).toContain('Pick a location');

    await user.click(trigger);
    const listbox = await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Kigali',
      'Nairobi',
      'Lagos (full)',
    ]);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('option', { name: 'Nairobi' }));
    expect(onValueChange).toHaveBeenCalledWith('nbo');
    await waitFor(() => expect(listbox.hidden || !listbox.isConnected).toBe(true));
    expect(trigger.textContent).toContain('Nairobi');
  });

  it('works from the keyboard and skips disabled items', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select label="Location" items={locations} onValueChange={onValueChange} />);
    screen.getByRole('combobox', { name: 'Location' }).focus();

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith('nbo');
    expect(onValueChange).not.toHaveBeenCalledWith('los');
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<Select label="Location" items={locations} value="kgl" />);
    expect(screen.getByRole('combobox', { name: 'Location' }).textContent).toContain('Kigali');
    rerender(<Select label="Location" items={locations} value="nbo" />);
    expect(screen.getByRole('combobox', { name: 'Location' }).textContent).toContain('Nairobi');
  });

  it('shows an error beside the select, marks it invalid and reads the error with it', async () => {
    render(
      <Select label="Location" items={locations} help="Where the compute runs" error="Choose a location" />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Location' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a location')).toBeTruthy();
    await waitFor(() => expect(descriptionOf(trigger)).toBe('Where the compute runs Choose a location'));
    await expectNoAxeViolations();
  });

  it('submits its value with a form under its name', async () => {
    const user = userEvent.setup();
    render(
      <form aria-label="New compute">
        <Select label="Location" name="location" items={locations} />
      </form>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Kigali' }));
    const form = screen.getByRole('form', { name: 'New compute' }) as HTMLFormElement;
    await waitFor(() => expect(new FormData(form).get('location')).toBe('kgl'));
  });
});
