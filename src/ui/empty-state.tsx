// What a list shows when it has nothing in it yet: what belongs here and how to add the first one.
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { emptyState } from 'styled-system/recipes';

export interface EmptyStateProps {
  /** A decorative icon; it is hidden from assistive technology. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Usually one Button or link that creates the first item. */
  action?: ReactNode;
  /** The heading level that fits the page outline; the empty state sits under the page's h1. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const classes = emptyState();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx(classes.root, className)}>
      {icon ? (
        <span className={classes.icon} aria-hidden>
          {icon}
        </span>
      ) : null}
      <Heading className={classes.title}>{title}</Heading>
      {description ? <p className={classes.description}>{description}</p> : null}
      {action ? <div className={classes.action}>{action}</div> : null}
    </div>
  );
}
