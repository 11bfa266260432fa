// The computes list, virtualized: thousands of rows scroll smoothly with only the visible ones in the DOM,
// and the next page loads as the end comes into view.
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { virtualTable } from 'styled-system/recipes';
import type { Compute } from '@/contract/computes';
import { formatRelative } from '@/domain/helpers/time';
import { formatMemory } from '@/domain/money';
import { useT } from '@/i18n';
import { SpacerRow, useVirtualRows } from '@/routes/_protected/-components/virtual-table';
import { ComputeStatusBadge } from './status-badge';

export const ROW_HEIGHT = 56;

const classes = virtualTable();
const cell = classes.cell;
const head = classes.head;

// On phones (under md) the list is hostname and status: the address, size and location go under the
// hostname, and the columns for them give way, so nothing is squeezed into "Runni…" or "192…".
const wideOnly = classes.wide;
const width = {
  hostname: css({ width: { base: 'auto', md: '24%' } }),
  status: css({ width: { base: '8rem', md: '14%' } }),
  address: css({ width: '16%' }),
  size: css({ width: '16%' }),
  location: css({ width: '12%' }),
  tags: css({ width: '18%' }),
};
const underHostname = classes.under;

export function ComputesTable({
  computes,
  total,
  hasMore,
  loadMore,
}: {
  computes: Compute[];
  total: number;
  hasMore: boolean;
  loadMore: () => void;
}) {
  const t = useT();
  const { tableRef, items, before, after } = useVirtualRows({
    count: computes.length,
    rowHeight: ROW_HEIGHT,
    hasMore,
    loadMore,
  });

  return (
    <table ref={tableRef} aria-rowcount={total + 1} className={classes.root}>
      <caption className={classes.caption}>{t('computes.table.caption', { total })}</caption>
      <thead>
        <tr aria-rowindex={1}>
          <th scope="col" className={cx(head, width.hostname)}>
            {t('computes.table.hostname')}
          </th>
          <th scope="col" className={cx(head, width.status)}>
            {t('computes.table.status')}
          </th>
          <th scope="col" className={cx(head, width.address, wideOnly)}>
            {t('computes.table.address')}
          </th>
          <th scope="col" className={cx(head, width.size, wideOnly)}>
            {t('computes.table.size')}
          </th>
          <th scope="col" className={cx(head, width.location, wideOnly)}>
            {t('computes.table.location')}
          </th>
          <th scope="col" className={cx(head, width.tags, wideOnly)}>
            {t('computes.table.tagsCreated')}
          </th>
        </tr>
      </thead>
      <tbody>
        <SpacerRow height={before} columns={6} />
        {items.map((item) => {
          const compute = computes[item.index]!;
          return (
            <tr
              key={compute.id}
              aria-rowindex={item.index + 2}
              data-index={item.index}
              style={{ height: ROW_HEIGHT }}
              className={classes.row}
            >
              <td className={cell}>
                <Link to="/computes/$id" params={{ id: compute.id }} className={classes.title}>
                  {compute.hostname}
                </Link>
                <span className={underHostname}>
                  {compute.ipv4 ?? t('computes.noAddressYet')} · {compute.instanceType.vcpus} vCPU ·{' '}
                  {compute.location.name}
                </span>
              </td>
              <td className={cell}>
                <ComputeStatusBadge status={compute.status} />
              </td>
              <td className={cx(cell, wideOnly)}>
                <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{compute.ipv4 ?? '—'}</span>
              </td>
              <td className={cx(cell, wideOnly)}>
                {compute.instanceType.vcpus} vCPU · {formatMemory(compute.instanceType.memoryMb)}
              </td>
              <td className={cx(cell, wideOnly)}>{compute.location.name}</td>
              <td className={cx(cell, wideOnly)}>
                <span className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' })}>
                  {compute.tags.join(', ') || '—'}
                </span>
                {' · '}
                <time dateTime={compute.createdAt}>{formatRelative(compute.createdAt)}</time>
              </td>
            </tr>
          );
        })}
        <SpacerRow height={after} columns={6} />
      </tbody>
    </table>
  );
}
