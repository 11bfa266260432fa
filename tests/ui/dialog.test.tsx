import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button, Dialog, Select } from '@/ui';
import { expectNoAxeViolations } from './axe';

function RenameDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button>Rename</Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.CloseTrigger />
        <Dialog.Header>
          <Dialog.Title>Rename compute</Dialog.Title>
          <Dialog.Description>The new name shows everywhere at once.</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <label>
            Name <input type="text" />
          </label>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.Close>
          <Button>Save</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Controlled() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>Controlled</Dialog.Title>
          </Dialog.Header>
          <Dialog.Footer>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a named, described modal dialog and moves focus into it', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename compute' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('The new name shows everywhere at once.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Only the dialog: the page behind is deliberately aria-hidden while the modal is open.
    await expectNoAxeViolations(dialog);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <RenameDialog />
        <button type="button">Outside</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let step = 0; step < 6; step += 1) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes from the Close button and from a footer action', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('can be controlled by its owner', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('closed')).toBeTruthy();
  });
});

describe('Dialog with a select inside', () => {
  it('lists the select’s options inside the dialog, where they can be seen and reached', async () => {
    const user = userEvent.setup();
    render(
      <Dialog.Root defaultOpen>
        <Dialog.Content>
          <Dialog.Title>Invite someone</Dialog.Title>
          <Select
            label="Role"
            items={[
              { value: 'MEMBER', label: 'Member' },
              { value: 'ADMIN', label: 'Admin' },
            ]}
            defaultValue="MEMBER"
          />
        </Dialog.Content>
      </Dialog.Root>,
    );
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    const admin = await screen.findByRole('option', { name: 'Admin' });
    expect(screen.getByRole('dialog').contains(admin)).toBe(true);
    await user.click(admin);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin'));
  });
});
