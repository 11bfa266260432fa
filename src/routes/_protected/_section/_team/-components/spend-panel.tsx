// This month's spend: charged so far, where the month ends if nothing changes, per compute and per day.
import { useSuspenseQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { formatMoney } from '@/domain/money';
import { usageQuery } from '@/services/billing.queries';
import { SpendChart } from './spend-chart';

export function SpendPanel({ teamId }: { teamId: string }) {
  const usage = useSuspenseQuery(usageQuery(teamId)).data;
  return (
    <section
      aria-labelledby="spend"
      className={css({
        display: 'grid',
        gap: '3',
        padding: '4',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'lg',
        bg: 'bg.surface',
      })}
    >
      <h2 id="spend" className={css({ fontFamily: 'heading', fontWeight: '600' })}>
        Spend this month
      </h2>
      <dl className={css({ display: 'flex', gap: '8', flexWrap: 'wrap' })}>
        <div>
          <dt className={css({ fontSize: 'sm', color: 'fg.muted' })}>So far</dt>
          <dd className={css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: '600' })}>
            {formatMoney(usage.monthToDateMinor, usage.currency)}
          </dd>
        </div>
        <div>
          <dt className={css({ fontSize: 'sm', color: 'fg.muted' })}>Projected by month end</dt>
          <dd className={css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: '600' })}>
            {formatMoney(usage.projectedMonthEndMinor, usage.currency)}
          </dd>
        </div>
      </dl>
      {usage.monthToDateMinor > 0 ? (
        <SpendChart daily={usage.daily} currency={usage.currency} />
      ) : (
        <p className={css({ color: 'fg.muted' })}>Nothing spent yet this month.</p>
      )}
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        Computes are charged by the started hour while they exist, running or stopped, up to their plan’s
        monthly price.
      </p>
    </section>
  );
}
