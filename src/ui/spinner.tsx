import type { ComponentProps } from 'react';
import { cx } from 'styled-system/css';
import { type SpinnerVariantProps, spinner } from 'styled-system/recipes';
import { VisuallyHidden } from './visually-hidden';

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'>, SpinnerVariantProps {
  /** Announced as a status when the spinner is the only sign of work; omit it when something else says so. */
  label?: string;
}

export function Spinner({ label, size, className, ...props }: SpinnerProps) {
  const ring = <span {...props} aria-hidden className={cx(spinner({ size }), className)} />;
  if (!label) return ring;
  return (
    <span role="status">
      {ring}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
