// Semantic table parts: real <table> markup so screen readers announce rows, columns and headers.
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from '../../styled-system/css';
import { table } from '../../styled-system/recipes';
import { createStyleContext, useSlotClass } from './style-context';
import { VisuallyHidden } from './visually-hidden';

const { withRootProvider, withContext, StyleContext } = createStyleContext(table);

export interface RootProps extends ComponentProps<'table'> {
  /** Names the table for assistive technology. */
  caption?: ReactNode;
  /** Keeps the caption for screen readers only, when a heading above already says the same visually. */
  hideCaption?: boolean;
}

function Frame({ caption, hideCaption = false, className, children, ...props }: RootProps) {
  const frame = useSlotClass(StyleContext, 'root');
  const tableClass = useSlotClass(StyleContext, 'table');
  const captionClass = useSlotClass(StyleContext, 'caption');
  const captionId = useId();
  const table = (
    <table {...props} className={cx(tableClass, className)}>
      {caption ? (
        <caption id={captionId} className={hideCaption ? undefined : captionClass}>
          {hideCaption ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
        </caption>
      ) : null}
      {children}
    </table>
  );
  if (!caption) return <div className={frame}>{table}</div>;
  // A captioned table scrolls in a named region that takes focus, so keyboard users can scroll it sideways.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={frame} aria-labelledby={captionId} tabIndex={0}>
      {table}
    </section>
  );
}

export const Root = withRootProvider(Frame);

export const Head = withContext('thead', 'head');
export const Body = withContext('tbody', 'body');
export const Row = withContext('tr', 'row');

interface CellStyle {
  /** Right-aligned tabular figures, for amounts, counts and sizes. */
  numeric?: boolean;
  /** Monospace, for IP addresses, ids and DNS values. */
  mono?: boolean;
}

export function Header({ numeric, scope = 'col', className, ...props }: ComponentProps<'th'> & CellStyle) {
  const slot = useSlotClass(StyleContext, 'header');
  return <th {...props} scope={scope} data-numeric={numeric || undefined} className={cx(slot, className)} />;
}

export function Cell({ numeric, mono, className, ...props }: ComponentProps<'td'> & CellStyle) {
  const slot = useSlotClass(StyleContext, 'cell');
  return (
    <td
      {...props}
      data-numeric={numeric || undefined}
      data-mono={mono || undefined}
      className={cx(slot, className)}
    />
  );
}
