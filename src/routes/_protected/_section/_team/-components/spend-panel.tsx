// This month's spend: charged so far (computes, volumes and images), where the month ends if nothing changes,
// and per day.
import { useSuspenseQuery } from '@tanstack/react-query';
import { panel, wrap } from 'styled-system/patterns';
import { formatMoney } from '@/domain/money';
import { usageQuery } from '@/services/billing.queries';
import { Text } from '@/ui/text';
import { SpendChart } from './spend-chart';

export function SpendPanel({ teamId }: { teamId: string }) {
  const usage = useSuspenseQuery(usageQuery(teamId)).data;
  return (
    <section aria-labelledby="spend" className={panel()}>
      <Text as="h2" variant="panelTitle" id="spend">
        Spend this month
      </Text>
      <dl className={wrap({ gap: '8' })}>
        <div>
          <Text as="dt" variant="caption">
            So far
          </Text>
          <Text as="dd" variant="figureSmall">
            {formatMoney(usage.monthToDateMinor, usage.currency)}
          </Text>
        </div>
        <div>
          <Text as="dt" variant="caption">
            Projected by month end
          </Text>
          <Text as="dd" variant="figureSmall">
            {formatMoney(usage.projectedMonthEndMinor, usage.currency)}
          </Text>
        </div>
      </dl>
      {usage.monthToDateMinor > 0 ? (
        <SpendChart daily={usage.daily} currency={usage.currency} />
      ) : (
        <Text variant="muted">Nothing spent yet this month.</Text>
      )}
      <Text variant="hint">
        Computes are charged by the started hour while they exist, running or stopped, up to their plan’s
        monthly price; volumes and images by the started hour at their size’s share of the price per GB-month,
        up to their monthly price.
      </Text>
    </section>
  );
}
