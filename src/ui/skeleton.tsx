import type { ComponentProps } from 'react';
import { css, cx } from 'styled-system/css';
import { type SkeletonVariantProps, skeleton } from 'styled-system/recipes';

export interface SkeletonProps extends Omit<ComponentProps<'span'>, 'children'>, SkeletonVariantProps {}

/**
 * A grey placeholder with the shape of content that is still loading. Hidden from assistive technology:
 * the region that is loading should say so itself (e.g. `aria-busy` on its container).
 */
export function Skeleton({ shape, className, ...props }: SkeletonProps) {
  return <span {...props} aria-hidden className={cx(skeleton({ shape }), className)} />;
}

export interface SkeletonTextProps extends Omit<ComponentProps<'span'>, 'children'> {
  lines?: number;
}

/** A paragraph's worth of skeleton lines, the last one shorter like real text. */
export function SkeletonText({ lines = 3, className, ...props }: SkeletonTextProps) {
  return (
    <span {...props} aria-hidden className={cx(css({ display: 'grid', gap: '2' }), className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are identical and never reorder.
          key={index}
          className={index === lines - 1 && lines > 1 ? css({ w: '60%' }) : undefined}
        />
      ))}
    </span>
  );
}
