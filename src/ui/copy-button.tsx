// Copies a value (an IP address, an SSH command, a DNS value) and says so, visibly and to screen readers.
import { useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { type ClipboardWriter, COPY_MARKER_RESET_MS, copyWithMarker } from '@/domain/helpers/clipboard';
import { type MessageId, useT } from '@/i18n';
import { Button, type ButtonProps } from './button';
import { AlertIcon, CheckIcon, CopyIcon } from './icons';
import { VisuallyHidden } from './visually-hidden';

export interface CopyButtonProps extends Omit<ButtonProps, 'value' | 'children' | 'onClick' | 'loading'> {
  /** The text put on the clipboard. */
  value: string;
  /** The button's text, e.g. "Copy IP address"; with `iconOnly` it becomes the accessible name. */
  label?: string;
  /** Shows only the icon (for tight spots such as table cells). */
  iconOnly?: boolean;
  /** Replaces the browser clipboard, for tests. */
  write?: ClipboardWriter;
}

type CopyState = 'idle' | 'copied' | 'failed';

const stateColours = css({
  '&[data-state=copied]': { color: 'success.text' },
  '&[data-state=failed]': { color: 'danger.text' },
});

const markers: Record<CopyState, { text: MessageId | null; announcement: MessageId | null }> = {
  idle: { text: null, announcement: null },
  copied: { text: 'ui.copy.copied', announcement: 'ui.copy.copiedAnnouncement' },
  failed: { text: 'ui.copy.failed', announcement: 'ui.copy.failedAnnouncement' },
};

export function CopyButton({
  value,
  label,
  iconOnly = false,
  write,
  variant = 'outline',
  size = 'sm',
  className,
  ...props
}: CopyButtonProps) {
  const t = useT();
  const [state, setState] = useState<CopyState>('idle');
  const cancelReset = useRef<(() => void) | null>(null);
  // Each press supersedes the previous one, whose late answer must not cut the new marker short.
  const attempt = useRef(0);

  useEffect(
    () => () => {
      attempt.current += 1;
      cancelReset.current?.();
    },
    [],
  );

  const copy = async () => {
    const current = ++attempt.current;
    cancelReset.current?.();
    cancelReset.current = null;
    const isCurrent = () => current === attempt.current;
    try {
      const cancel = await copyWithMarker(
        value,
        (copied) => {
          if (isCurrent()) setState(copied ? 'copied' : 'idle');
        },
        write ? { write } : {},
      );
      if (isCurrent()) cancelReset.current = cancel;
      else cancel();
    } catch {
      if (!isCurrent()) return;
      setState('failed');
      const timer = setTimeout(() => setState('idle'), COPY_MARKER_RESET_MS);
      cancelReset.current = () => clearTimeout(timer);
    }
  };

  const marker = markers[state];
  const name = label ?? t('ui.copy.label');
  const icon = state === 'copied' ? <CheckIcon /> : state === 'failed' ? <AlertIcon /> : <CopyIcon />;
  return (
    <>
      <Button
        {...props}
        variant={variant}
        size={size}
        onClick={copy}
        aria-label={iconOnly ? name : undefined}
        data-state={state}
        className={cx(stateColours, className)}
      >
        {icon}
        {iconOnly ? null : marker.text ? t(marker.text) : name}
      </Button>
      {/* Present from the start: screen readers only announce changes to a live region they already know. */}
      <VisuallyHidden role="status">{marker.announcement ? t(marker.announcement) : ''}</VisuallyHidden>
    </>
  );
}
