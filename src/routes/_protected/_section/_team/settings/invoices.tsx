import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import type { Invoice } from '@/contract/billing';
import { formatBillingMonth, formatDateTime } from '@/domain/helpers/time';
import { computeLabel } from '@/domain/invoice-lines';
import { formatMoney } from '@/domain/money';
import { can } from '@/domain/permissions';
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
  const team = useTeam();
  const { invoice } = Route.useSearch();
  return (
    <>
      <SectionHeading title="Invoices" documentTitle="Invoices · Settings" />
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

function InvoiceList({ teamId }: { teamId: string }) {
  const list = useSuspenseQuery(invoicesQuery(teamId));
  if (list.data.invoices.length === 0) {
    return (
      <EmptyState
        title="No invoices yet"
        description="An invoice is issued at the start of each month for the month before: one line per compute, hours × rate, then tax."
      />
    );
  }
  return (
    <Table.Root caption="Invoices of the team" hideCaption>
      <Table.Head>
        <Table.Row>
          <Table.Header>Number</Table.Header>
          <Table.Header>Period</Table.Header>
          <Table.Header numeric>Total</Table.Header>
          <Table.Header>Status</Table.Header>
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
                {invoice.status === 'paid' ? 'Paid' : 'Unpaid'}
              </Badge>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function InvoiceDetail({ teamId, id }: { teamId: string; id: string }) {
  const router = useRouter();
  const invoice = useQuery(invoiceQuery(teamId, id));
  const [downloading, setDownloading] = useState<'pdf' | 'csv' | null>(null);
  const back = (
    <Link to="/settings/invoices" className={textRecipe({ variant: 'linkSmall' })}>
      ← All invoices
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
        title: `The ${format.toUpperCase()} could not be downloaded`,
        description: failure instanceof Error ? failure.message : undefined,
      });
    } finally {
      setDownloading(null);
    }
  };
  const billTo = data.billTo;
  return (
    <article aria-labelledby="invoice-title" className={grid({ gap: '4' })}>
      {back}
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Text as="h3" id="invoice-title" variant="sectionTitle" className={css({ flex: '1' })}>
          Invoice {data.number} · {formatBillingMonth(data.periodStart)}
        </Text>
        <Badge tone={data.status === 'paid' ? 'success' : 'warning'}>
          {data.status === 'paid' ? 'Paid' : 'Unpaid'}
        </Badge>
        <Button
          size="sm"
          variant="outline"
          loading={downloading === 'pdf'}
          onClick={() => void download('pdf')}
        >
          Download PDF
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={downloading === 'csv'}
          onClick={() => void download('csv')}
        >
          Download CSV
        </Button>
      </div>
      <Text variant="caption">
        Issued {formatDateTime(data.issuedAt)} to {billTo.companyName ?? billTo.teamName}
        {billTo.taxId ? ` (tax ID ${billTo.taxId})` : ''}
        {[billTo.addressLine1, billTo.city, billTo.country].filter(Boolean).length > 0
          ? `, ${[billTo.addressLine1, billTo.addressLine2, billTo.postalCode, billTo.city, billTo.country].filter(Boolean).join(', ')}`
          : ''}
        .
      </Text>
      {data.lines.length > 0 ? (
        <Table.Root caption={`Lines of invoice ${data.number}`} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>Compute</Table.Header>
              <Table.Header>Plan</Table.Header>
              <Table.Header numeric>Hours</Table.Header>
              <Table.Header numeric>Rate</Table.Header>
              <Table.Header numeric>Amount</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {data.lines.map((line) => (
              <Table.Row key={line.computeId}>
                <Table.Cell mono>{computeLabel(line, data.lines)}</Table.Cell>
                <Table.Cell>{line.plan}</Table.Cell>
                <Table.Cell numeric>{line.hours}</Table.Cell>
                <Table.Cell numeric>{money(line.rateMinor)}/h</Table.Cell>
                <Table.Cell numeric>
                  {money(line.amountMinor)}
                  {line.capped ? ' (monthly cap)' : ''}
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
        <dt>Subtotal</dt>
        <dd>{money(data.subtotalMinor)}</dd>
        <dt>Tax ({data.taxRatePercent} %)</dt>
        <dd>{money(data.taxMinor)}</dd>
        <Text as="dt" variant="bold">
          Total
        </Text>
        <Text as="dd" variant="bold" data-testid="invoice-total">
          {money(data.totalMinor)}
        </Text>
      </dl>
    </article>
  );
}
