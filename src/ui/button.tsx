import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import type { MouseEvent, Ref } from 'react';
import { cx } from 'styled-system/css';
import { type ButtonVariantProps, button } from 'styled-system/recipes';
import { Spinner } from './spinner';

/**
 * The button recipe itself, for elements that must look like a button without being one,
 * e.g. `<Link className={buttonRecipe({ variant: 'outline' })}>`.
 */
export const buttonRecipe = button;

export interface ButtonProps extends HTMLArkProps<'button'>, ButtonVariantProps {
  ref?: Ref<HTMLButtonElement>;
  /** Shows a spinner, marks the button busy and ignores presses until the work is done. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  loading = false,
  disabled,
  asChild,
  className,
  children,
  onClick,
  type,
  ...props
}: ButtonProps) {
  // While loading the button stays focusable (aria-disabled rather than disabled) so keyboard users
  // keep their place when work finishes; presses, including form submission, are swallowed instead.
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <ark.button
      {...props}
      asChild={asChild}
      type={asChild ? type : (type ?? 'button')}
      className={cx(button({ variant, size }), className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading ? <Spinner size="sm" /> : null}
          {children}
        </>
      )}
    </ark.button>
  );
}
