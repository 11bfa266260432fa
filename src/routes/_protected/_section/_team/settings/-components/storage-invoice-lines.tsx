// An invoice's volumes and team images: one row per thing and size (a volume grown in the month has two),
// with its hours at that size, the month's price at that size, and what was charged.
import type { Invoice } from '@/contract/billing';
import { formatMoney } from '@/domain/money';
import * as Table from '@/ui/table';

const KIND = { volume: 'Volume', image: 'Image' } as const;

export function StorageInvoiceLines({ invoice }: { invoice: Invoice }) {
  if (invoice.storageLines.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <Table.Root caption={`Volumes and images on invoice ${invoice.number}`} hideCaption>
      <Table.Head>
        <Table.Row>
          <Table.Header>Storage</Table.Header>
          <Table.Header>Size</Table.Header>
          <Table.Header numeric>Hours</Table.Header>
          <Table.Header numeric>Price</Table.Header>
          <Table.Header numeric>Amount</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {invoice.storageLines.map((line) => (
          <Table.Row key={`${line.id}-${line.sizeGb}`}>
            <Table.Cell>
              {KIND[line.kind]} {line.name}
            </Table.Cell>
            <Table.Cell>{line.sizeGb} GB</Table.Cell>
            <Table.Cell numeric>{line.hours}</Table.Cell>
            <Table.Cell numeric>{money(line.monthlyMinor)}/month</Table.Cell>
            <Table.Cell numeric>
              {money(line.amountMinor)}
              {line.capped ? ' (monthly cap)' : ''}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
