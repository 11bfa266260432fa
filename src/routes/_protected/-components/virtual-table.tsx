// A long table that scrolls with the window and keeps only the visible rows in the DOM (the computes list,
// a zone's records): the rows above and below are spacer rows of the right height, and the next page is
// asked for as the end comes into view. Its look is the `virtualTable` recipe (src/ui/theme/recipes).
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

export function useVirtualRows({
  count,
  rowHeight,
  hasMore,
  loadMore,
}: {
  count: number;
  rowHeight: number;
  hasMore: boolean;
  loadMore: () => void;
}) {
  const tableRef = useRef<HTMLTableElement>(null);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin: tableRef.current?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);

  useEffect(() => {
    if (hasMore && last && last.index >= count - 20) loadMore();
  }, [hasMore, last, count, loadMore]);

  const margin = virtualizer.options.scrollMargin;
  const before = (items[0]?.start ?? 0) - margin;
  const after = virtualizer.getTotalSize() - (last?.end ?? 0) + (last ? margin : 0);
  return { tableRef, items, before, after };
}

/** The space of the rows not in the DOM, above or below the visible ones. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row of the virtual list holds no content and nothing focusable
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0 }} />
    </tr>
  );
}
