// An invoice's volumes and team images: one row per thing and size (a volume grown in the month has two),
// with its hours at that size, the month's price at that size, and what was charged.
import type { Invoice } from '@/contract/billing';
import { formatNumber } from '@/domain/helpers/numbers';
import { formatMoney } from '@/domain/money';
import { useT } from '@/i18n';
import * as Table from '@/ui/table';

export function StorageInvoiceLines({ invoice }: { invoice: Invoice }) {
  const t = useT();
  if (invoice.storageLines.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <Table.Root caption={t('invoices.storage.caption', { number: invoice.number })} hideCaption>
      <Table.Head>
        <Table.Row>
          <Table.Header>{t('invoices.storage.column')}</Table.Header>
          <Table.Header>{t('invoices.storage.size')}</Table.Header>
          <Table.Header numeric>{t('invoices.column.hours')}</Table.Header>
          <Table.Header numeric>{t('invoices.storage.price')}</Table.Header>
          <Table.Header numeric>{t('billing.ledger.amount')}</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {invoice.storageLines.map((line) => (
          <Table.Row key={`${line.id}-${line.sizeGb}`}>
            <Table.Cell>
              {t('invoices.storage.thing', { kind: line.kind })} <span translate="no">{line.name}</span>
            </Table.Cell>
            <Table.Cell>{t('invoices.storage.gb', { size: formatNumber(line.sizeGb) })}</Table.Cell>
            <Table.Cell numeric>{formatNumber(line.hours)}</Table.Cell>
            <Table.Cell numeric>{t('invoices.storage.perMonth', { price: money(line.monthlyMinor) })}</Table.Cell>
            <Table.Cell numeric>
              {line.capped ? t('invoices.capped', { amount: money(line.amountMinor) }) : money(line.amountMinor)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
