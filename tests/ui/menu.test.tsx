import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, Menu } from '@/ui';
import { expectNoAxeViolations } from './axe';

function ComputeActions({ onReboot, onDestroy }: { onReboot: () => void; onDestroy: () => void }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline">Actions</Button>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.Item value="reboot" onSelect={onReboot}>
          Reboot
        </Menu.Item>
        <Menu.Item value="history" asChild>
          <a href="/computes/web-1/history">History</a>
        </Menu.Item>
        <Menu.Separator />
        <Menu.Item value="destroy" danger onSelect={onDestroy}>
          Destroy
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}

describe('Menu', () => {
  it('opens from its button and lists actions, links and separators', async () => {
    const user = userEvent.setup();
    render(<ComputeActions onReboot={vi.fn()} onDestroy={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Reboot',
      'History',
      'Destroy',
    ]);
    const link = screen.getByRole('menuitem', { name: 'History' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/computes/web-1/history');
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(menu.contains(screen.getByRole('menuitem', { name: 'Destroy' }))).toBe(true);
    await expectNoAxeViolations();
  });

  it('runs the chosen action, closes and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const onReboot = vi.fn();
    render(<ComputeActions onReboot={onReboot} onDestroy={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    await user.click(trigger);
    const reboot = await screen.findByRole('menuitem', { name: 'Reboot' });
    // Moving onto the item highlights it; the move needs coordinates, since Ark ignores moves that go nowhere.
    await user.pointer({ target: reboot, coords: { clientX: 24, clientY: 48 } });
    await user.click(reboot);
    expect(onReboot).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('works from the keyboard: arrows to move, Enter to choose, Escape to close', async () => {
    const user = userEvent.setup();
    const onDestroy = vi.fn();
    const onReboot = vi.fn();
    render(<ComputeActions onReboot={onReboot} onDestroy={onDestroy} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Reboot' }).hasAttribute('data-highlighted')).toBe(true),
    );
    await user.keyboard('{End}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onDestroy).toHaveBeenCalledTimes(1));
    expect(onReboot).not.toHaveBeenCalled();
  });

  it('follows a link item when chosen from the keyboard', async () => {
    const user = userEvent.setup();
    const followed = vi.fn((event: MouseEvent) => event.preventDefault());
    render(<ComputeActions onReboot={vi.fn()} onDestroy={vi.fn()} />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await user.keyboard('{ArrowDown}');
    const link = await screen.findByRole('menuitem', { name: 'History' });
    link.addEventListener('click', followed);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(link.hasAttribute('data-highlighted')).toBe(true));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(followed).toHaveBeenCalledTimes(1));
  });
});
