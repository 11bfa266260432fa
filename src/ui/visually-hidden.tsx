// Text for screen readers only: labels of icon-only controls, live announcements, headings that a
// layout shows by other means.
import type { ComponentProps, JSX } from 'react';
import { cx } from 'styled-system/css';
import { visuallyHidden } from 'styled-system/patterns';

const hidden = visuallyHidden();

type HiddenElement = 'span' | 'h2' | 'h3' | 'p';

export type VisuallyHiddenProps<E extends HiddenElement = 'span'> = Omit<ComponentProps<E>, 'ref'> & {
  /** The element to render; a span unless the hidden text is a heading or a paragraph. */
  as?: E;
};

export function VisuallyHidden<E extends HiddenElement = 'span'>({
  as,
  className,
  ...props
}: VisuallyHiddenProps<E>): JSX.Element {
  const Element = (as ?? 'span') as 'span';
  return <Element {...(props as ComponentProps<'span'>)} className={cx(hidden, className)} />;
}
