import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import * as v from 'valibot';
import { type MetricsRange, metricsRangeSchema } from '@/contract/compute-states';
import { type MessageId, useLocale, useT } from '@/i18n';
import { currentTimeZone } from '@/i18n/state';
import { SectionHeading } from '@/routes/-components/page';
import { computeMetricsQuery } from '@/services/computes.queries';
import { Alert } from '@/ui/alert';
import { Text } from '@/ui/text';
import { MetricChart } from '../-components/metric-chart';
import { describeCoverage, nextReadingDelay } from '../-components/metrics-coverage';
import { useCompute } from '../-components/use-compute';

// Monitoring: CPU, memory, disk and network over the last hour, day, week or month.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/monitoring')({
  validateSearch: (search) => {
    const parsed = v.safeParse(v.object({ range: v.optional(metricsRangeSchema) }), search);
    return parsed.success ? parsed.output : {};
  },
  loaderDeps: ({ search }) => ({ range: search.range ?? '1h' }),
  loader: ({ context: { queryClient, team }, params, deps }) =>
    queryClient.ensureQueryData(computeMetricsQuery(team.id, params.id, deps.range)),
  component: ComputeMonitoringPage,
});

const ranges: Array<{ value: MetricsRange; label: MessageId }> = [
  { value: '1h', label: 'computes.monitoring.range.hour' },
  { value: '24h', label: 'computes.monitoring.range.day' },
  { value: '7d', label: 'computes.monitoring.range.week' },
  { value: '30d', label: 'computes.monitoring.range.month' },
];

const link = css({
  paddingX: '3',
  paddingY: '1',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text', borderColor: 'accent.brand' },
});

function ComputeMonitoringPage() {
  const t = useT();
  const locale = useLocale();
  const { id } = Route.useParams();
  const range = Route.useSearch().range ?? '1h';
  const { compute, team } = useCompute(id);
  const options = computeMetricsQuery(team.id, id, range);
  const usual = typeof options.refetchInterval === 'number' ? options.refetchInterval : 30_000;
  // While the figures are starting, read them again just after the next point is due: the first reading
  // replaces the note within seconds.
  const metrics = useSuspenseQuery({
    ...options,
    refetchInterval: (query) => nextReadingDelay(query.state.data, Date.now(), usual),
  });
  const [now, setNow] = useState(Date.now);
  const coverage = describeCoverage(metrics.data, compute.status, now);
  // A due time that passes without a reading turns into "any moment": look at the clock again then.
  useEffect(() => {
    if (coverage.changesAt === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, coverage.changesAt - Date.now()));
    return () => clearTimeout(timer);
  }, [coverage.changesAt]);
  // New series objects would redraw every chart on every render: make them once per answer.
  // The language is a dependency: the series' names (and the axes drawn with them) follow it.
  const series = useMemo(() => {
    const data = metrics.data;
    void locale;
    return {
      cpu: [{ label: t('computes.monitoring.cpu'), values: data.cpu, color: '#6b63ff' }],
      memory: [{ label: t('computes.monitoring.memory'), values: data.memory, color: '#0e9f6e' }],
      disk: [
        { label: t('computes.monitoring.read'), values: data.diskRead, color: '#2563eb' },
        { label: t('computes.monitoring.write'), values: data.diskWrite, color: '#d97706' },
      ],
      network: [
        { label: t('computes.monitoring.in'), values: data.networkIn, color: '#0891b2' },
        { label: t('computes.monitoring.out'), values: data.networkOut, color: '#db2777' },
      ],
    };
  }, [metrics.data, locale, t]);
  const data = metrics.data;
  return (
    <>
      <SectionHeading
        title={t('computes.tab.monitoring')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.monitoring'),
          hostname: compute.hostname,
        })}
      />
      <nav aria-label={t('computes.monitoring.range')} className={wrap({ gap: '2', marginBottom: '4' })}>
        {ranges.map((option) => (
          <Link
            key={option.value}
            to="/computes/$id/monitoring"
            params={{ id }}
            search={{ range: option.value }}
            activeOptions={{ includeSearch: true }}
            aria-current={option.value === range ? 'page' : undefined}
            className={link}
          >
            {t(option.label)}
          </Link>
        ))}
      </nav>
      <Text variant="caption">{t('computes.monitoring.zone', { zone: currentTimeZone() })}</Text>
      {metrics.isError ? <Alert tone="error">{metrics.error.message}</Alert> : null}
      {data && series ? (
        <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' } })}>
          <MetricChart
            title={t('computes.monitoring.cpu')}
            timestamps={data.timestamps}
            unit="percent"
            coverage={coverage}
            series={series.cpu}
          />
          <MetricChart
            title={t('computes.monitoring.memory')}
            timestamps={data.timestamps}
            unit="percent"
            coverage={coverage}
            series={series.memory}
          />
          <MetricChart
            title={t('computes.monitoring.disk')}
            timestamps={data.timestamps}
            unit="bytesPerSecond"
            coverage={coverage}
            series={series.disk}
          />
          <MetricChart
            title={t('computes.monitoring.network')}
            timestamps={data.timestamps}
            unit="bytesPerSecond"
            coverage={coverage}
            series={series.network}
          />
        </div>
      ) : null}
    </>
  );
}
