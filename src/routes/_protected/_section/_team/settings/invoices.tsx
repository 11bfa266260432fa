import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import type { Invoice } from '@/contract/billing';
import { formatNumber } from '@/domain/helpers/numbers';
import { formatBillingMonth, formatDateTimeWithZone } from '@/domain/helpers/time';
import { computeLabel } from '@/domain/invoice-lines';
import { formatMoney } from '@/domain/money';
import { can } from '@/domain/permissions';
import { type Translate, useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { SectionHeading } from '@/routes/-components/page';
import { fetchInvoiceFile } from '@/services/billing.api';
import { invoiceQuery, invoicesQuery, paymentMethodsQuery } from '@/services/billing.queries';
import { saveFile } from '@/services/save-file';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { SkeletonText } from '@/ui/skeleton';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { BillingAccess } from './-components/billing-access';
import { SandboxMonthEnd } from './-components/sandbox-month-end';

import { StorageInvoiceLines } from './-components/storage-invoice-lines';
// /settings/invoices: one invoice per month, its lines, and its PDF and CSV. ?invoice=<id> opens one.
export const Route = createFileRoute('/_protected/_section/_team/settings/invoices')({
  validateSearch: (search): { invoice?: string } =>
    typeof search.invoice === 'string' && /^[0-9a-f-]{36}$/i.test(search.invoice)
      ? { invoice: search.invoice }
      : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, team }, deps }) => {
    if (!can(team.role, 'billing.read')) return;
    // An invoice that cannot be read says so on the page, beside the way back.
    if (deps.invoice) return queryClient.ensureQueryData(invoiceQuery(team.id, deps.invoice)).catch(() => {});
    return Promise.all([
      queryClient.ensureQueryData(invoicesQuery(team.id)),
      queryClient.ensureQueryData(paymentMethodsQuery(team.id)),
    ]);
  },
  component: SettingsInvoicesPage,
});

function SettingsInvoicesPage() {
  const t = useT();
  const team = useTeam();
  const { invoice } = Route.useSearch();
  const title = t('teamSettings.tab.invoices');
  return (
    <>
      <SectionHeading title={title} documentTitle={t('teamSettings.documentTitle', { page: title })} />
      <BillingAccess>
        {invoice ? (
          <InvoiceDetail teamId={team.id} id={invoice} />
        ) : (
          <div className={grid({ gap: '6' })}>
            <InvoiceList teamId={team.id} />
            {can(team.role, 'billing.manage') ? <SandboxMonthEnd teamId={team.id} /> : null}
          </div>
        )}
      </BillingAccess>
    </>
  );
}

function statusWord(t: Translate, status: Invoice['status']): string {
  return status === 'paid' ? t('invoices.status.paid') : t('invoices.status.unpaid');
}

/** Who the invoice is addressed to, in one line: the company (or team), its tax ID, its address. */
function recipient(t: Translate, billTo: Invoice['billTo']): string {
  const name = billTo.companyName ?? billTo.teamName;
  const who = billTo.taxId ? t('invoices.recipientWithTaxId', { name, taxId: billTo.taxId }) : name;
  const { addressLine1, addressLine2, postalCode, city, country } = billTo;
  if ([addressLine1, city, country].filter(Boolean).length === 0) return who;
  return [who, addressLine1, addressLine2, postalCode, city, country].filter(Boolean).join(', ');
}

function InvoiceList({ teamId }: { teamId: string }) {
  const t = useT();
  const list = useSuspenseQuery(invoicesQuery(teamId));
  if (list.data.invoices.length === 0) {
    return <EmptyState title={t('invoices.empty')} description={t('invoices.emptyLead')} />;
  }
  return (
    <Table.Root caption={t('invoices.caption')} hideCaption>
      <Table.Head>
        <Table.Row>
          <Table.Header>{t('invoices.column.number')}</Table.Header>
          <Table.Header>{t('invoices.column.period')}</Table.Header>
          <Table.Header numeric>{t('invoices.total')}</Table.Header>
          <Table.Header>{t('invoices.column.status')}</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {list.data.invoices.map((invoice) => (
          <Table.Row key={invoice.id}>
            <Table.Cell mono>
              <Link
                to="/settings/invoices"
                search={{ invoice: invoice.id }}
                className={textRecipe({ variant: 'link' })}
              >
                {invoice.number}
              </Link>
            </Table.Cell>
            <Table.Cell>{formatBillingMonth(invoice.periodStart)}</Table.Cell>
            <Table.Cell numeric>{formatMoney(invoice.totalMinor, invoice.currency)}</Table.Cell>
            <Table.Cell>
              <Badge tone={invoice.status === 'paid' ? 'success' : 'warning'}>
                {statusWord(t, invoice.status)}
              </Badge>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function InvoiceDetail({ teamId, id }: { teamId: string; id: string }) {
  const t = useT();
  const router = useRouter();
  const invoice = useQuery(invoiceQuery(teamId, id));
  const [downloading, setDownloading] = useState<'pdf' | 'csv' | null>(null);
  const back = (
    <Link to="/settings/invoices" className={textRecipe({ variant: 'linkSmall' })}>
      {t('invoices.back')}
    </Link>
  );
  if (invoice.isPending) return <SkeletonText lines={6} />;
  if (invoice.isError) {
    return (
      <div className={grid({ gap: '3' })}>
        {back}
        <Alert tone="error">{invoice.error.message}</Alert>
      </div>
    );
  }
  const data: Invoice = invoice.data;
  const money = (minor: number) => formatMoney(minor, data.currency);
  const download = async (format: 'pdf' | 'csv') => {
    setDownloading(format);
    try {
      saveFile(await fetchInvoiceFile(teamId, id, format), `${data.number}.${format}`);
    } catch (failure) {
      showToast(router.options.context.actors, {
        tone: 'error',
        title: format === 'pdf' ? t('invoices.pdfFailed') : t('invoices.csvFailed'),
        description: failure instanceof Error ? failure.message : undefined,
      });
    } finally {
      setDownloading(null);
    }
  };
  return (
    <article aria-labelledby="invoice-title" className={grid({ gap: '4' })}>
      {back}
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Text as="h3" id="invoice-title" variant="sectionTitle" className={css({ flex: '1' })}>
          {t('invoices.heading', { number: data.number, month: formatBillingMonth(data.periodStart) })}
        </Text>
        <Badge tone={data.status === 'paid' ? 'success' : 'warning'}>{statusWord(t, data.status)}</Badge>
        <Button
          size="sm"
          variant="outline"
          loading={downloading === 'pdf'}
          onClick={() => void download('pdf')}
        >
          {t('billing.downloadPdf')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={downloading === 'csv'}
          onClick={() => void download('csv')}
        >
          {t('billing.downloadCsv')}
        </Button>
      </div>
      <Text variant="caption">
        {t('invoices.issued', {
          date: formatDateTimeWithZone(data.issuedAt),
          recipient: recipient(t, data.billTo),
        })}
      </Text>
{data.lines.length > 0 ? (
        <Table.Root caption={t('invoices.linesCaption', { number: data.number })} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('invoices.column.compute')}</Table.Header>
              <Table.Header>{t('invoices.column.plan')}</Table.Header>
              <Table.Header numeric>{t('invoices.column.hours')}</Table.Header>
              <Table.Header numeric>{t('invoices.column.rate')}</Table.Header>
              <Table.Header numeric>{t('billing.ledger.amount')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {data.lines.map((line) => (
              <Table.Row key={line.computeId}>
                <Table.Cell mono>{computeLabel(line, data.lines)}</Table.Cell>
                <Table.Cell>{line.plan}</Table.Cell>
                <Table.Cell numeric>{formatNumber(line.hours)}</Table.Cell>
                <Table.Cell numeric>{t('invoices.perHour', { rate: money(line.rateMinor) })}</Table.Cell>
                <Table.Cell numeric>
                  {line.capped
                    ? t('invoices.capped', { amount: money(line.amountMinor) })
                    : money(line.amountMinor)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <StorageInvoiceLines invoice={data} />
      <dl
        className={grid({
          gap: '1',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'end',
          textAlign: 'right',
        })}
      >
        <dt>{t('invoices.subtotal')}</dt>
        <dd>{money(data.subtotalMinor)}</dd>
        <dt>{t('invoices.tax', { rate: formatNumber(Number(data.taxRatePercent)) })}</dt>
        <dd>{money(data.taxMinor)}</dd>
        <Text as="dt" variant="bold">
          {t('invoices.total')}
        </Text>
        <Text as="dd" variant="bold" data-testid="invoice-total">
          {money(data.totalMinor)}
        </Text>
      </dl>
    </article>
  );
}
