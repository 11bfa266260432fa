// An invoice's backups: one row per compute, with its days of backups charged (one as each daily backup
// began), a day's price, and what was charged — "(monthly cap)" when the monthly backup price stopped it.
import type { Invoice } from '@/contract/billing';
import { formatNumber } from '@/domain/helpers/numbers';
import { computeLabel } from '@/domain/invoice-lines';
import { formatMoney } from '@/domain/money';
import { useT } from '@/i18n';
import * as Table from '@/ui/table';

export function BackupInvoiceLines({ invoice }: { invoice: Invoice }) {
  const t = useT();
  if (invoice.backupLines.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <Table.Root caption={t('invoices.backups.caption', { number: invoice.number })} hideCaption>
      <Table.Head>
        <Table.Row>
          <Table.Header>{t('invoices.backups.column')}</Table.Header>
          <Table.Header numeric>{t('invoices.backups.days')}</Table.Header>
          <Table.Header numeric>{t('invoices.backups.price')}</Table.Header>
          <Table.Header numeric>{t('billing.ledger.amount')}</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {invoice.backupLines.map((line) => (
          <Table.Row key={line.computeId}>
            <Table.Cell mono>{computeLabel(line, invoice.backupLines)}</Table.Cell>
            <Table.Cell numeric>{formatNumber(line.days)}</Table.Cell>
            <Table.Cell numeric>
              {t('invoices.backups.perDay', { price: money(line.dayRateMinor) })}
            </Table.Cell>
            <Table.Cell numeric>
              {line.capped
                ? t('invoices.capped', { amount: money(line.amountMinor) })
                : money(line.amountMinor)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
