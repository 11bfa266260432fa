// The confirmation around a write, as the settings and domain pages use it: which item it asks about,
// progress while the write runs, closed on success with focus back on the button that asked, left open on
// a refusal.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, ConfirmDialog } from '@/ui';
import { useConfirmAction } from '@/ui/use-confirm-action';

interface Key {
  id: string;
  name: string;
}
const keys: Key[] = [
  { id: 'k1', name: 'Laptop' },
  { id: 'k2', name: 'YubiKey' },
];

function KeyList({
  remove,
  onClose,
  closeAtOnce,
}: {
  remove: (key: Key) => Promise<unknown>;
  onClose?: () => void;
  closeAtOnce?: boolean;
}) {
  const confirm = useConfirmAction(remove, { onClose, closeAtOnce });
  return (
    <>
      {keys.map((key) => (
        <Button key={key.id} onClick={() => confirm.ask(key)}>
          Delete {key.name}
        </Button>
      ))}
      <ConfirmDialog
        {...confirm.dialog}
        title={`Delete “${confirm.target?.name ?? ''}”?`}
        confirmLabel="Delete the key"
        danger
      />
    </>
  );
}

function deferred() {
  let settle: { resolve: () => void; reject: (error: Error) => void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve: () => resolve(), reject };
  });
  return { promise, ...settle };
}

describe('useConfirmAction', () => {
  it('asks about the chosen item and runs the action on it, busy until it is done, then hands focus back', async () => {
    const user = userEvent.setup();
    const call = deferred();
    const remove = vi.fn(() => call.promise);
    render(<KeyList remove={remove} />);
    const trigger = screen.getByRole('button', { name: 'Delete YubiKey' });
    await user.click(trigger);

    await screen.findByRole('alertdialog', { name: 'Delete “YubiKey”?' });
    const confirm = screen.getByRole('button', { name: 'Delete the key' });
    await user.click(confirm);
    expect(remove).toHaveBeenCalledWith(keys[1]);
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    // Not closed while it runs.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeVisible();

    call.resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('stays open for another try when the action is refused', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => Promise.reject(new Error('The key is in use')));
    render(<KeyList remove={remove} />);
    await user.click(screen.getByRole('button', { name: 'Delete Laptop' }));
    const confirm = await screen.findByRole('button', { name: 'Delete the key' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('alertdialog', { name: 'Delete “Laptop”?' })).toBeVisible();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('runs nothing when cancelled, and tells the page it closed', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(<KeyList remove={remove} onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Delete Laptop' });
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes at once when the page shows the progress itself', async () => {
    const user = userEvent.setup();
    const call = deferred();
    const remove = vi.fn(() => call.promise);
    render(<KeyList remove={remove} closeAtOnce />);
    await user.click(screen.getByRole('button', { name: 'Delete Laptop' }));
    await user.click(await screen.findByRole('button', { name: 'Delete the key' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).toHaveBeenCalledWith(keys[0]);
    call.resolve();
  });
});
