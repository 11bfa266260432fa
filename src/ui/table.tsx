// Semantic table parts: real <table> markup so screen readers announce rows, columns and headers. On
// phones the rows become cards (see the table recipe); the explicit roles keep the table a table for
// assistive technology when its display changes, and each cell is labelled with its column's header.
import { type ComponentProps, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { cx } from 'styled-system/css';
import { table } from 'styled-system/recipes';
import { createStyleContext, useSlotClass } from './style-context';
import { VisuallyHidden } from './visually-hidden';

const { withRootProvider, withContext, StyleContext } = createStyleContext(table);

export interface RootProps extends ComponentProps<'table'> {
  /** Names the table for assistive technology. */
  caption?: ReactNode;
  /** Keeps the caption for screen readers only, when a heading above already says the same visually. */
  hideCaption?: boolean;
}

/** Hidden from sight (a screen-reader-only header such as "Actions"): no label before its cells. */
const visuallyHiddenHeader = (header: Element) =>
  header.children.length === 1 &&
  header.textContent === header.firstElementChild?.textContent &&
  getComputedStyle(header.firstElementChild).position === 'absolute';

/** Writes each body cell's column header into data-label, shown before the value on phones. */
function labelCells(table: HTMLTableElement): void {
  const headers = [...table.querySelectorAll(':scope > thead > tr > th')].map((header) =>
    visuallyHiddenHeader(header) ? '' : (header.textContent ?? '').trim(),
  );
  for (const row of table.querySelectorAll(':scope > tbody > tr')) {
    [...row.children].forEach((cell, index) => {
      const label = headers[index];
      if (label) cell.setAttribute('data-label', label);
      else cell.removeAttribute('data-label');
    });
  }
}

const TABLE_ROLE = { role: 'table' } as const;
const ROWGROUP_ROLE = { role: 'rowgroup' } as const;
const ROW_ROLE = { role: 'row' } as const;
const COLUMNHEADER_ROLE = { role: 'columnheader' } as const;
const CELL_ROLE = { role: 'cell' } as const;

function Frame({ caption, hideCaption = false, className, children, ...props }: RootProps) {
  const frame = useSlotClass(StyleContext, 'root');
  const tableClass = useSlotClass(StyleContext, 'table');
  const captionClass = useSlotClass(StyleContext, 'caption');
  const captionId = useId();
  const ref = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with the data.
  useLayoutEffect(() => {
    if (ref.current) labelCells(ref.current);
  });
  const table = (
    <table {...TABLE_ROLE} {...props} ref={ref} className={cx(tableClass, className)}>
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

const HeadPart = withContext('thead', 'head');
const BodyPart = withContext('tbody', 'body');
const RowPart = withContext('tr', 'row');
export const Head = (props: ComponentProps<'thead'>) => <HeadPart {...ROWGROUP_ROLE} {...props} />;
export const Body = (props: ComponentProps<'tbody'>) => <BodyPart {...ROWGROUP_ROLE} {...props} />;
export const Row = (props: ComponentProps<'tr'>) => <RowPart {...ROW_ROLE} {...props} />;
/** A second line under a cell's value, in smaller muted text. */
export const Detail = withContext('span', 'detail');

interface CellStyle {
  /** Right-aligned tabular figures, for amounts, counts and sizes. */
  numeric?: boolean;
  /** Monospace, for IP addresses, ids and DNS values. */
  mono?: boolean;
}

export function Header({ numeric, scope = 'col', className, ...props }: ComponentProps<'th'> & CellStyle) {
  const slot = useSlotClass(StyleContext, 'header');
  return (
    <th
      {...COLUMNHEADER_ROLE}
      {...props}
      scope={scope}
      data-numeric={numeric || undefined}
      className={cx(slot, className)}
    />
  );
}

export function Cell({ numeric, mono, className, ...props }: ComponentProps<'td'> & CellStyle) {
  const slot = useSlotClass(StyleContext, 'cell');
  return (
    <td
      {...CELL_ROLE}
      {...props}
      data-numeric={numeric || undefined}
      data-mono={mono || undefined}
      className={cx(slot, className)}
    />
  );
}
