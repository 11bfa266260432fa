// A message about a whole form or page: what happened, in plain words. Errors are announced at once.
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { alert } from 'styled-system/recipes';

export type AlertTone = (typeof alert.variantMap.tone)[number];

export interface AlertProps {
  tone?: AlertTone;
  /** A short heading above the message, for an alert that says more than one sentence. */
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const classes = alert({ tone });
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      className={cx(classes.root, className)}
    >
      {title ? (
        <div className={classes.content}>
          <p className={classes.title}>{title}</p>
          <div>{children}</div>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
