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
import { type MessageId, type Translate, useT } from '@/i18n';
import { currentTimeZone } from '@/i18n/state';
import { fetchLedgerCsv } from '@/services/billing.api';
import { ledgerQuery } from '@/services/billing.queries';
import { saveFile } from '@/services/save-file';
import { Button } from '@/ui/button';
import * as Table from '@/ui/table';
import { Text } from '@/ui/text';

const KIND_WORDS: Record<LedgerEntry['kind'], MessageId> = {
  top_up: 'billing.ledger.kind.topUp',
  adjustment: 'billing.ledger.kind.adjustment',
  charge: 'billing.ledger.kind.charge',
};

export function LedgerHistory({ teamId }: { teamId: string }) {
  const t = useT();
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
        title: t('billing.ledger.downloadFailed'),
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
          {t('billing.ledger.title')}
        </Text>
        <Button variant="outline" size="sm" loading={downloading} onClick={() => void download()}>
          {t('billing.downloadCsv')}
        </Button>
      </div>
      {entries.length === 0 && !pending ? <Text variant="muted">{t('billing.ledger.empty')}</Text> : null}
      {entries.length > 0 || pending ? (
        <Table.Root caption={t('billing.ledger.caption')} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('billing.ledger.date', { zone: currentTimeZone() })}</Table.Header>
              <Table.Header>{t('billing.ledger.what')}</Table.Header>
              <Table.Header numeric>{t('billing.ledger.amount')}</Table.Header>
              <Table.Header numeric>{t('billing.ledger.balanceAfter')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {pending ? (
              <Table.Row>
                <Table.Cell>{t('billing.ledger.now')}</Table.Cell>
                <Table.Cell>
                  <Text as="span" variant="strong">
                    {t('billing.ledger.usageSoFar')}
                  </Text>
                  <Text as="span" variant="muted">
                    {t('billing.ledger.usageDetail', {
                      what: accruingWords(t, pending),
                      since: formatUtcDay(pending.since),
                    })}
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
                    {t(KIND_WORDS[entry.kind])}
                  </Text>
                  <Text as="span" variant="muted">
                    {t('billing.ledger.description', { description: entry.description })}
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
            {t('billing.ledger.older')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** "1 compute, 2 volumes and 1 image": what the usage accruing is made of. */
function accruingWords(t: Translate, pending: PendingUsage): string {
  const parts = [
    pending.computes > 0 ? t('billing.ledger.computes', { count: pending.computes }) : null,
    pending.volumes > 0 ? t('billing.ledger.volumes', { count: pending.volumes }) : null,
    pending.images > 0 ? t('billing.ledger.images', { count: pending.images }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 1
    ? t('billing.ledger.and', { first: parts.slice(0, -1).join(', '), last: parts.at(-1) ?? '' })
    : (parts[0] ?? '');
}
