import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_MARKER_RESET_MS } from '@/domain/helpers/clipboard';
import { CopyButton } from '@/ui';
import { expectNoAxeViolations } from './axe';
import { elapse, restoreRealTimers, setupWithFakeTimers } from './fake-timers';

afterEach(restoreRealTimers);

const status = () => screen.getByRole('status');

describe('CopyButton', () => {
  it('copies the value, shows "Copied", announces it, then returns to rest', async () => {
    const user = setupWithFakeTimers();
    const write = vi.fn(() => Promise.resolve());
    render(<CopyButton value="ssh root@192.0.2.10" label="Copy SSH command" write={write} />);
    expect(status().textContent).toBe('');

    await user.click(screen.getByRole('button', { name: 'Copy SSH command' }));
    await elapse(0); // lets the clipboard's promise settle
    expect(write).toHaveBeenCalledWith('ssh root@192.0.2.10');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(status().textContent).toBe('Copied to clipboard');

    await elapse(COPY_MARKER_RESET_MS - 100);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await elapse(100);
    expect(screen.getByRole('button', { name: 'Copy SSH command' })).toBeTruthy();
    expect(status().textContent).toBe('');
  });

  it('says "Couldn\'t copy" instead of failing silently, then returns to rest', async () => {
    const user = setupWithFakeTimers();
    const write = vi.fn(() => Promise.reject(new Error('Permission denied')));
    render(<CopyButton value="192.0.2.10" label="Copy IP address" write={write} />);

    await user.click(screen.getByRole('button', { name: 'Copy IP address' }));
    await elapse(0);
    expect(screen.getByRole('button', { name: "Couldn't copy" })).toBeTruthy();
    expect(status().textContent).toContain("Couldn't copy");

    await elapse(COPY_MARKER_RESET_MS);
    expect(screen.getByRole('button', { name: 'Copy IP address' })).toBeTruthy();
    expect(status().textContent).toBe('');
  });

  it('a second press restarts the marker instead of being cut short by the first', async () => {
    const user = setupWithFakeTimers();
    render(<CopyButton value="abc" write={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await elapse(COPY_MARKER_RESET_MS - 500);
    await user.click(screen.getByRole('button', { name: 'Copied' }));
    await elapse(600);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await elapse(COPY_MARKER_RESET_MS);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('leaves no timer behind when it disappears while showing the marker', async () => {
    const user = setupWithFakeTimers();
    const { unmount } = render(<CopyButton value="abc" write={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await elapse(0);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('icon-only keeps an accessible name and passes the accessibility check in every state', async () => {
    const user = userEvent.setup();
    let fail = false;
    const write = vi.fn(() => (fail ? Promise.reject(new Error('denied')) : Promise.resolve()));
    render(<CopyButton value="ns1.example.net" label="Copy name server" iconOnly write={write} />);
    const button = screen.getByRole('button', { name: 'Copy name server' });
    expect(button.textContent).toBe('');
    await expectNoAxeViolations();

    await user.click(button);
    expect(status().textContent).toBe('Copied to clipboard');
    expect(button.getAttribute('data-state')).toBe('copied');
    await expectNoAxeViolations();

    fail = true;
    await user.click(button);
    expect(status().textContent).toContain("Couldn't copy");
    await expectNoAxeViolations();
  });
});
