// A zone's records (SPEC §3 columns), virtualized like the computes list: a 10,000-record zone scrolls
// with only the visible rows in the DOM, and the next page loads as the end comes into view. Each row
// can be edited (a dialog with the type's form) or deleted; the SOA and our own NS records are managed.
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { virtualTable } from 'styled-system/recipes';
import { showToast } from '@/app-actors';
import type { DnsRecord, Domain } from '@/contract/domains';
import { cellText, type DnsRecordType, tableColumns } from '@/domain/dns';
import { formatNumber } from '@/domain/helpers/numbers';
import { useT } from '@/i18n';
import { SpacerRow, useVirtualRows } from '@/routes/_protected/-components/virtual-table';
import { useDeleteRecord } from '@/services/domains.mutations';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import * as Dialog from '@/ui/dialog';
import { Text } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { RecordForm } from './record-form';

export const RECORD_ROW_HEIGHT = 48;

// Column widths: the type's badge always whole (CNAME included). On phones (under md) the value goes
// under the hostname, starting with the numbers the way SPEC §5 writes them ("10 mail.example.com"), and
// the value, ttl, priority, weight and port columns give way: nothing is squeezed to nothing.
// Phones lay the table out by content: the type and the actions take what they need (width 1%), the
// hostname the rest, cut with an ellipsis (width 100% with max-width 0).
const classes = virtualTable({ layout: 'content' });
const columnClass: Partial<Record<string, string>> = {
  type: css({ width: { base: '1%', md: '6.75rem' } }),
  name: css({ width: { base: '100%', md: '20%' }, maxWidth: { base: '0', md: 'none' } }),
  value: cx(classes.wide, css({ width: '36%' })),
  ttl: classes.wide,
  priority: classes.wide,
  weight: classes.wide,
  port: classes.wide,
};
const actionsClass = css({ width: { base: '1%', md: '9rem' } });

/** "10 5 5060 " before an SRV target, "10 " before a mail server: the numbers the phone hides. */
function numbersBefore(record: DnsRecord): string {
  const numbers = [record.priority, record.weight, record.port].filter((n) => n !== null);
  return numbers.length > 0 ? `${numbers.join(' ')} ` : '';
}

export function RecordsTable({
  domain,
  records,
  total,
  type,
  hasMore,
  loadMore,
  mayManage,
}: {
  domain: Domain;
  records: DnsRecord[];
  total: number;
  /** A type's page shows that type's columns; the all-records table shows them all. */
  type?: DnsRecordType;
  hasMore: boolean;
  loadMore: () => void;
  mayManage: boolean;
}) {
  const t = useT();
  const router = useRouter();
  const [editing, setEditing] = useState<DnsRecord | null>(null);
  const remove = useDeleteRecord(domain, {
    onSuccess: (_, record) =>
      showToast(router.options.context.actors, {
        tone: 'success',
        title: t('domains.record.deleted', { type: record.type, name: record.name }),
      }),
    onError: (failure) =>
      showToast(router.options.context.actors, {
        tone: 'error',
        title: t('domains.record.deleteFailed'),
        description: failure instanceof Error ? failure.message : undefined,
      }),
  });
  const confirmDelete = useConfirmAction((record: DnsRecord) => remove.mutateAsync(record));
  const deleting = confirmDelete.target;
  const columns = tableColumns(type);
  const { tableRef, items, before, after } = useVirtualRows({
    count: records.length,
    rowHeight: RECORD_ROW_HEIGHT,
    hasMore,
    loadMore,
  });
  const describe = (record: DnsRecord) => `${record.type} ${record.name} ${record.value}`;

  return (
    <>
      <table ref={tableRef} aria-rowcount={total + 1} className={classes.root}>
        <caption className={classes.caption}>
          {type
            ? t('domains.table.captionType', { type, domain: domain.displayName, count: formatNumber(total) })
            : t('domains.table.caption', { domain: domain.displayName, count: formatNumber(total) })}
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cx(classes.head, columnClass[column.key])}>
                {column.header}
              </th>
            ))}
            <th scope="col" className={cx(classes.head, actionsClass)}>
              <VisuallyHidden>{t('domains.table.actions')}</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={before} columns={columns.length + 1} />
          {items.map((item) => {
            const record = records[item.index]!;
            return (
              <tr
                key={record.id}
                aria-rowindex={item.index + 2}
                data-index={item.index}
                style={{ height: RECORD_ROW_HEIGHT }}
                className={classes.row}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cx(classes.cell, columnClass[column.key])}
                    title={column.key === 'value' ? record.value : undefined}
                    // The team's own names and values: not ours to translate.
                    translate={column.key === 'name' || column.key === 'value' ? 'no' : undefined}
                    style={
                      column.key === 'name' || column.key === 'value'
                        ? { fontFamily: 'var(--fonts-mono)' }
                        : undefined
                    }
                  >
                    {column.key === 'type' ? (
                      <Badge tone="neutral">{record.type}</Badge>
                    ) : column.key === 'name' ? (
                      <>
                        <span className={classes.line}>{record.name}</span>
                        <span className={classes.under}>
                          {numbersBefore(record)}
                          {record.value}
                        </span>
                      </>
                    ) : (
                      cellText(record, column.key)
                    )}
                  </td>
                ))}
                <td className={classes.cell}>
                  {record.managed ? (
                    <Text as="span" variant="hint">
                      {t('domains.table.managed')}
                    </Text>
                  ) : mayManage ? (
                    <span className={flex({ gap: { base: '0', md: '1' } })}>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('domains.table.editLabel', { record: describe(record) })}
                        onClick={() => setEditing(record)}
                      >
                        {t('domains.table.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('domains.table.deleteLabel', { record: describe(record) })}
                        onClick={() => confirmDelete.ask(record)}
                      >
                        {t('domains.table.delete')}
                      </Button>
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
          <SpacerRow height={after} columns={columns.length + 1} />
        </tbody>
      </table>
      {editing ? (
        <Dialog.Root open onOpenChange={(details) => (details.open ? null : setEditing(null))} size="lg">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {t('domains.record.editTitle', { type: editing.type, name: editing.name })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <RecordForm
                domain={domain}
                type={editing.type as DnsRecordType}
                record={editing}
                onSaved={(saved) => {
                  setEditing(null);
                  showToast(router.options.context.actors, {
                    tone: 'success',
                    title: t('domains.record.saved', { type: saved.type, name: saved.name }),
                  });
                }}
                onCancel={() => setEditing(null)}
              />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Root>
      ) : null}
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={deleting ? t('domains.record.deleteTitle', { type: deleting.type, name: deleting.name }) : ''}
        description={
          deleting
            ? t('domains.record.deleteText', {
                record: `${deleting.name} ${deleting.type} ${deleting.value}`,
              })
            : ''
        }
        confirmLabel={t('domains.record.deleteConfirm')}
        cancelLabel={t('domains.cancel')}
        danger
      />
    </>
  );
}
