// This month's spend: charged so far (computes, volumes and images), where the month ends if nothing changes,
// and per day.
import { useSuspenseQuery } from '@tanstack/react-query';
import { panel, wrap } from 'styled-system/patterns';
import { formatMoney } from '@/domain/money';
import { useT } from '@/i18n';
import { usageQuery } from '@/services/billing.queries';
import { Text } from '@/ui/text';
import { SpendChart } from './spend-chart';

export function SpendPanel({ teamId }: { teamId: string }) {
  const t = useT();
  const usage = useSuspenseQuery(usageQuery(teamId)).data;
  return (
    <section aria-labelledby="spend" className={panel()}>
      <Text as="h2" variant="panelTitle" id="spend">
        {t('overview.spend.title')}
      </Text>
      <dl className={wrap({ gap: '8' })}>
        <div>
          <Text as="dt" variant="caption">
            {t('overview.spend.soFar')}
          </Text>
          <Text as="dd" variant="figureSmall">
            {formatMoney(usage.monthToDateMinor, usage.currency)}
          </Text>
        </div>
        <div>
          <Text as="dt" variant="caption">
            {t('overview.spend.projected')}
          </Text>
          <Text as="dd" variant="figureSmall">
            {formatMoney(usage.projectedMonthEndMinor, usage.currency)}
          </Text>
        </div>
      </dl>
      {usage.monthToDateMinor > 0 ? (
        <SpendChart daily={usage.daily} currency={usage.currency} />
      ) : (
        <Text variant="muted">{t('overview.spend.nothing')}</Text>
      )}
      <Text variant="hint">{t('overview.spend.hint')}</Text>
    </section>
  );
}
