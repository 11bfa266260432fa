// A message about a whole form or page: what happened, in plain words. Errors are announced at once.
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

export type AlertTone = 'info' | 'success' | 'error';

const base = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  padding: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  fontSize: 'sm',
  lineHeight: '1.5',
});

const tones: Record<AlertTone, string> = {
  info: css({ bg: 'accent.subtle', borderColor: 'accent.brand', color: 'fg.default' }),
  success: css({ bg: 'success.subtle', borderColor: 'success.text', color: 'fg.default' }),
  error: css({ bg: 'danger.subtle', borderColor: 'danger.brand', color: 'fg.default' }),
};

export interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}

export function Alert({ tone = 'info', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      className={cx(base, tones[tone], className)}
    >
      {children}
    </div>
  );
}
