import type { ComponentProps } from 'react';
import { cx } from 'styled-system/css';
import { type BadgeVariantProps, badge } from 'styled-system/recipes';

export type BadgeTone = (typeof badge.variantMap.tone)[number];

export interface BadgeProps extends ComponentProps<'span'>, BadgeVariantProps {}

/** A short status word. The tone adds colour; the text must carry the meaning on its own. */
export function Badge({ tone, className, ...props }: BadgeProps) {
  return <span {...props} className={cx(badge({ tone }), className)} />;
}
