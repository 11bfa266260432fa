// The history of the team's money: every top-up, adjustment and charge, newest first, with the balance
// after each, and the whole of it as a CSV file. On top, the usage accruing this month: already off the
// balance, in the ledger as one charge per compute when the month ends.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import type { LedgerEntry, PendingUsage } from '@/contract/billing';
import { formatDateTime, formatUtcDay } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import { fetchLedgerCsv } from '@/services/billing.api';
import { ledgerQuery } from '@/services/billing.queries';
import { saveFile } from '@/services/save-file';
import { Button } from '@/ui/button';
import * as Table from '@/ui/table';
import { Text } from '@/ui/text';

const KIND_WORDS: Record<LedgerEntry['kind'], string> = {
  top_up: 'Top-up',
  adjustment: 'Adjustment',
  charge: 'Charge',
};

export function LedgerHistory({ teamId }: { teamId: string }) {
  const router = useRouter();
  const ledger = useSuspenseInfiniteQuery(ledgerQuery(teamId));
  const [downloading, setDownloading] = useState(false);
  const entries = ledger.data.pages.flatMap((page) => page.entries);
  const pending = ledger.data.pages[0]?.pending ?? null;

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchLedgerCsv(teamId), 'ledger.csv');
    } catch (failure) {
      showToast(router.options.context.actors, {
        tone: 'error',
        title: 'The history could not be downloaded',
        description: failure instanceof Error ? failure.message : undefined,
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="ledger" className={grid({ gap: '3', minWidth: '0' })}>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Text as="h2" id="ledger" variant="panelTitle" className={css({ flex: '1' })}>
          History
        </Text>
        <Button variant="outline" size="sm" loading={downloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </div>
      {entries.length === 0 && !pending ? <Text variant="muted">No top-ups or charges yet.</Text> : null}
      {entries.length > 0 || pending ? (
        <Table.Root caption="Top-ups and charges, newest first" hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>Date</Table.Header>
              <Table.Header>What</Table.Header>
              <Table.Header numeric>Amount</Table.Header>
              <Table.Header numeric>Balance after</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {pending ? (
              <Table.Row>
                <Table.Cell>Now</Table.Cell>
                <Table.Cell>
                  <Text as="span" variant="strong">
                    Usage so far
                  </Text>
                  <Text as="span" variant="muted">
                    : {accruingWords(pending)} since {formatUtcDay(pending.since)}, charged as its hours start
                    and listed here one by one when the month ends
                  </Text>
                </Table.Cell>
                <Table.Cell numeric>{formatMoney(pending.amountMinor, pending.currency)}</Table.Cell>
                <Table.Cell numeric>{formatMoney(pending.balanceAfterMinor, pending.currency)}</Table.Cell>
              </Table.Row>
            ) : null}
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>{formatDateTime(entry.createdAt)}</Table.Cell>
                <Table.Cell>
                  <Text as="span" variant="strong">
                    {KIND_WORDS[entry.kind]}
                  </Text>
                  <Text as="span" variant="muted">
                    : {entry.description}
                  </Text>
                </Table.Cell>
                <Table.Cell numeric>{formatMoney(entry.amountMinor, entry.currency)}</Table.Cell>
                <Table.Cell numeric>{formatMoney(entry.balanceAfterMinor, entry.currency)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      {ledger.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            loading={ledger.isFetchingNextPage}
            onClick={() => void ledger.fetchNextPage()}
          >
            Show older entries
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** "1 compute, 2 volumes and 1 image": what the usage accruing is made of. */
function accruingWords(pending: PendingUsage): string {
  const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  const parts = [
    pending.computes > 0 ? count(pending.computes, 'compute', 'computes') : null,
    pending.volumes > 0 ? count(pending.volumes, 'volume', 'volumes') : null,
    pending.images > 0 ? count(pending.images, 'image', 'images') : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}
