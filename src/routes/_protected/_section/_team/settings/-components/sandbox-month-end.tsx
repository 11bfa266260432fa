// The sandbox's "simulate the month's end" (server/billing/sandbox-month-end.ts): lets an owner trying
// Ikirere see a whole billing month — charges to the month's end and the invoice — without waiting for it.
// Shown only while payments go through the sandbox provider.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { formatBillingMonth } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import { useSimulateMonthEnd } from '@/services/billing.mutations';
import { paymentMethodsQuery } from '@/services/billing.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text } from '@/ui/text';

export function SandboxMonthEnd({ teamId }: { teamId: string }) {
  const methods = useQuery(paymentMethodsQuery(teamId));
  const run = useSimulateMonthEnd(teamId);
  if (!methods.data?.sandbox) return null;
  const month = formatBillingMonth(Date.now());
  const result = run.data;
  return (
    <section
      aria-labelledby="sandbox-month-end"
      className={grid({
        gap: '3',
        padding: '4',
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'border.default',
        borderRadius: 'lg',
      })}
    >
      <Text as="h3" variant="panelTitle" id="sandbox-month-end">
        Sandbox: simulate the month’s end
      </Text>
      <Text variant="caption">
        See a whole billing month without waiting for it: every compute of the team is charged for its hours
        to the end of the month as if it kept running, and the month’s invoice is issued now. Only in the
        sandbox, where no real money moves. Usage charged later this month goes on a second invoice when the
        month really ends.
      </Text>
      <div>
        <Button variant="outline" loading={run.isPending} onClick={() => run.mutate()}>
          Simulate the month’s end
        </Button>
      </div>
      {run.isError ? <Alert tone="error">{run.error.message}</Alert> : null}
      {result?.invoice ? (
        <Alert tone="success">
          Invoice {result.invoice.number} for {formatBillingMonth(result.invoice.periodStart)} was issued:{' '}
          {formatMoney(result.invoice.totalMinor, result.invoice.currency)}, after charging{' '}
          {result.hoursCharged.toLocaleString('en')} more compute-hours.{' '}
          <Link
            to="/settings/invoices"
            search={{ invoice: result.invoice.id }}
            className={css({ color: 'accent.text', fontWeight: '500', textDecoration: 'underline' })}
          >
            Open invoice {result.invoice.number}
          </Link>
        </Alert>
      ) : null}
      {result && !result.invoice ? (
        <Alert tone="info">
          Nothing to invoice: no usage of this team in {month} is left without an invoice.
        </Alert>
      ) : null}
    </section>
  );
}
