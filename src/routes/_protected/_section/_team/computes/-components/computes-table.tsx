// The computes list, virtualized: thousands of rows scroll smoothly with only the visible ones in the DOM,
// and the next page loads as the end comes into view.
import { Link } from '@tanstack/react-router';
import { css } from '../../../../../../../styled-system/css';
import type { Compute } from '../../../../../../contract/computes';
import { formatRelative } from '../../../../../../domain/helpers/time';
import { formatMemory } from '../../../../../../domain/money';
import {
  SpacerRow,
  useVirtualRows,
  virtualCell,
  virtualHead,
  virtualRow,
  virtualTable,
} from '../../../../-components/virtual-table';
import { ComputeStatusBadge } from './status-badge';

export const ROW_HEIGHT = 56;

const cell = virtualCell;
const head = virtualHead;

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
  const { tableRef, items, before, after } = useVirtualRows({
    count: computes.length,
    rowHeight: ROW_HEIGHT,
    hasMore,
    loadMore,
  });

  return (
    <table ref={tableRef} aria-rowcount={total + 1} className={virtualTable}>
      <caption className={css({ srOnly: true })}>Computes of the team ({total})</caption>
      <colgroup>
        <col style={{ width: '24%' }} />
        <col style={{ width: '14%' }} />
        <col style={{ width: '16%' }} />
        <col style={{ width: '16%' }} />
        <col style={{ width: '12%' }} />
        <col style={{ width: '18%' }} />
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          <th scope="col" className={head}>
            Hostname
          </th>
          <th scope="col" className={head}>
            Status
          </th>
          <th scope="col" className={head}>
            Address
          </th>
          <th scope="col" className={head}>
            Size
          </th>
          <th scope="col" className={head}>
            Location
          </th>
          <th scope="col" className={head}>
            Tags · Created
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
              className={virtualRow}
            >
              <td className={cell}>
                <Link
                  to="/computes/$id"
                  params={{ id: compute.id }}
                  className={css({ color: 'accent.text', fontWeight: '500', fontFamily: 'mono' })}
                >
                  {compute.hostname}
                </Link>
              </td>
              <td className={cell}>
                <ComputeStatusBadge status={compute.status} />
              </td>
              <td className={cell}>
                <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{compute.ipv4 ?? '—'}</span>
              </td>
              <td className={cell}>
                {compute.instanceType.vcpus} vCPU · {formatMemory(compute.instanceType.memoryMb)}
              </td>
              <td className={cell}>{compute.location.name}</td>
              <td className={cell}>
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
