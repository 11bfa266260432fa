// The sandbox's "simulate the month's end" (server/billing/sandbox-month-end.ts): lets an owner trying
// Ikirere see a whole billing month — charges to the month's end and the invoice — without waiting for it.
// Shown only while payments go through the sandbox provider.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { formatBillingMonth } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import { useT } from '@/i18n';
import { useSimulateMonthEnd } from '@/services/billing.mutations';
import { paymentMethodsQuery } from '@/services/billing.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text } from '@/ui/text';

export function SandboxMonthEnd({ teamId }: { teamId: string }) {
  const t = useT();
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
        {t('billing.sandbox.title')}
      </Text>
      <Text variant="caption">{t('billing.sandbox.lead')}</Text>
      <div>
        <Button variant="outline" loading={run.isPending} onClick={() => run.mutate()}>
          {t('billing.sandbox.run')}
        </Button>
      </div>
      {run.isError ? <Alert tone="error">{run.error.message}</Alert> : null}
      {result?.invoice ? (
        <Alert tone="success">
          {t('billing.sandbox.issued', {
            number: result.invoice.number,
            month: formatBillingMonth(result.invoice.periodStart),
            total: formatMoney(result.invoice.totalMinor, result.invoice.currency),
            hours: result.hoursCharged,
          })}{' '}
          <Link
            to="/settings/invoices"
            search={{ invoice: result.invoice.id }}
            className={css({ color: 'accent.text', fontWeight: '500', textDecoration: 'underline' })}
          >
            {t('billing.sandbox.open', { number: result.invoice.number })}
          </Link>
        </Alert>
      ) : null}
      {result && !result.invoice ? (
        <Alert tone="info">{t('billing.sandbox.nothing', { month })}</Alert>
      ) : null}
    </section>
  );
}
