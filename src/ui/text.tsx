// Text of one of the design system's kinds (src/ui/theme/text-styles.ts), in whatever element fits.
import type { ComponentProps, JSX } from 'react';
import { cx } from 'styled-system/css';
import { text } from 'styled-system/recipes';

/**
 * The text recipe itself, for elements that are not plain text containers,
 * e.g. `<Link className={textRecipe({ variant: 'link' })}>`.
 */
export const textRecipe = text;

export type TextKind = (typeof text.variantMap.variant)[number];

type TextElement =
  | 'p'
  | 'span'
  | 'div'
  | 'strong'
  | 'code'
  | 'dt'
  | 'dd'
  | 'li'
  | 'small'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4';

export type TextProps<E extends TextElement = 'p'> = Omit<ComponentProps<E>, 'ref'> & {
  /** The element to render; a paragraph unless said otherwise. */
  as?: E;
  variant: TextKind;
};

export function Text<E extends TextElement = 'p'>({
  as,
  variant,
  className,
  ...props
}: TextProps<E>): JSX.Element {
  const Element = (as ?? 'p') as 'p';
  return <Element {...(props as ComponentProps<'p'>)} className={cx(text({ variant }), className)} />;
}
