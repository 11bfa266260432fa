import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, ConfirmDialog, type ConfirmDialogProps } from '@/ui';
import { expectNoAxeViolations } from './axe';

function DestroyCompute(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Destroy
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Destroy web-1?"
        description="Its disks and backups are deleted. This cannot be undone."
        confirmLabel="Destroy compute"
        onConfirm={() => undefined}
        {...props}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks as an alert dialog and, in danger mode, starts on Cancel so Enter cannot destroy by habit', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DestroyCompute danger onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Destroy' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Destroy web-1?' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(screen.getByRole('button', { name: 'Destroy compute' }).className).toContain(
      'button--variant_danger',
    );
    await expectNoAxeViolations(dialog);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action on confirm and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DestroyCompute danger onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Destroy' }));
    await user.click(await screen.findByRole('button', { name: 'Destroy compute' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows it is busy while the action runs, and closes once it succeeds', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<DestroyCompute onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Destroy' }));
    const confirm = await screen.findByRole('button', { name: 'Destroy compute' });
    await user.click(confirm);

    expect(confirm.getAttribute('aria-busy')).toBe('true');
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open when the action fails, so the user can try again', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(() => Promise.reject(new Error('Compute is locked')));
    render(<DestroyCompute onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Destroy' }));
    const confirm = await screen.findByRole('button', { name: 'Destroy compute' });
    await user.click(confirm);
    await waitFor(() => expect(confirm.hasAttribute('aria-busy')).toBe(false));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('keeps the confirm button disabled until the caller allows it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DestroyCompute confirmDisabled onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Destroy' }));
    await user.click(await screen.findByRole('button', { name: 'Destroy compute' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
