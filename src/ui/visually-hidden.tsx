// Text for screen readers only: labels of icon-only controls and live announcements.
import type { ComponentProps } from 'react';
import { css, cx } from 'styled-system/css';

const hidden = css({ srOnly: true });

export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return <span {...props} className={cx(hidden, className)} />;
}
