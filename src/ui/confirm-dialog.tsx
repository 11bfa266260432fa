// "Are you sure?" for actions that cannot be taken back, such as destroying a compute or removing a member.
import { type ReactNode, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { Button } from './button';
import * as Dialog from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content between the description and the buttons, e.g. a field to type the name to confirm. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * Runs when the user confirms. If it returns a promise the confirm button shows it is busy and the dialog
   * closes once it resolves; if it rejects the dialog stays open so the caller can show what went wrong.
   */
  onConfirm: () => unknown;
  /** A destructive action: red confirm button, and focus starts on Cancel so Enter can't destroy by habit. */
  danger?: boolean;
  /** Disables the confirm button, e.g. until the typed confirmation matches. */
  confirmDisabled?: boolean;
  /**
   * Set when a machine runs the action: the dialog then shows this as the confirm button's progress and
   * leaves opening and closing to `open`, instead of awaiting onConfirm itself.
   */
  busy?: boolean;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  danger = false,
  confirmDisabled = false,
  busy: controlledBusy,
}: ConfirmDialogProps) {
  const t = useT();
  const [ownBusy, setBusy] = useState(false);
  const busy = controlledBusy ?? ownBusy;
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    if (controlledBusy !== undefined) {
      onConfirm();
      return;
    }
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller owns the error message (a toast or a field error); the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!busy) onOpenChange(details.open);
      }}
      role="alertdialog"
      size="sm"
      initialFocusEl={danger ? () => cancelRef.current : undefined}
    >
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          {description ? <Dialog.Description>{description}</Dialog.Description> : null}
        </Dialog.Header>
        {children ? <Dialog.Body>{children}</Dialog.Body> : null}
        <Dialog.Footer>
          <Button ref={cancelRef} variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            {cancelLabel ?? t('ui.cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'solid'}
            loading={busy}
            disabled={confirmDisabled}
            onClick={confirm}
          >
            {confirmLabel ?? t('ui.confirm')}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
