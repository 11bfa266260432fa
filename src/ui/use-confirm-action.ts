// "Are you sure?" around a write: what the ConfirmDialog asks about (a record, a member change, or just
// `true`), and the dialog's wiring. The dialog shows the action's progress, closes once it succeeds and
// stays open when it fails (the caller shows the reason, from its mutation's error); closing hands focus
// back to what opened it.
import { useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

export interface ConfirmAction<T> {
  /** What the dialog asks about; null while it is closed. */
  target: T | null;
  /** Opens the dialog about `target`. */
  ask: (target: T) => void;
  /** Closes the dialog without running the action. */
  close: () => void;
  /** Spread onto ConfirmDialog. */
  dialog: Pick<ConfirmDialogProps, 'open' | 'onOpenChange' | 'onConfirm'>;
}

export function useConfirmAction<T>(
  action: (target: T) => Promise<unknown>,
  options: {
    /** Runs whenever the dialog closes (cancelled or done), e.g. to clear a typed confirmation. */
    onClose?: () => void;
    /** The dialog closes as soon as the action starts: its progress shows on the page instead. */
    closeAtOnce?: boolean;
  } = {},
): ConfirmAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const close = () => {
    setTarget(null);
    options.onClose?.();
  };
  return {
    target,
    ask: (next) => setTarget(() => next),
    close,
    dialog: {
      open: target !== null,
      onOpenChange: (open) => {
        if (!open) close();
      },
      // ConfirmDialog awaits this: busy meanwhile, closed when it resolves, left open when it rejects.
      onConfirm: () => {
        if (target === null) return undefined;
        if (options.closeAtOnce) close();
        return action(target);
      },
    },
  };
}
