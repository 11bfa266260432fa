import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import * as v from 'valibot';
import { type MetricsRange, metricsRangeSchema } from '@/contract/compute-states';
import { SectionHeading } from '@/routes/-components/page';
import { computeMetricsQuery } from '@/services/computes.queries';
import { Alert } from '@/ui/alert';
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

const ranges: Array<{ value: MetricsRange; label: string }> = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
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
  const series = useMemo(() => {
    const data = metrics.data;
    return {
      cpu: [{ label: 'CPU', values: data.cpu, color: '#6b63ff' }],
      memory: [{ label: 'Memory', values: data.memory, color: '#0e9f6e' }],
      disk: [
        { label: 'Read', values: data.diskRead, color: '#2563eb' },
        { label: 'Write', values: data.diskWrite, color: '#d97706' },
      ],
      network: [
        { label: 'In', values: data.networkIn, color: '#0891b2' },
        { label: 'Out', values: data.networkOut, color: '#db2777' },
      ],
    };
  }, [metrics.data]);
  const data = metrics.data;
  return (
    <>
      <SectionHeading title="Monitoring" documentTitle={`Monitoring · ${compute.hostname}`} />
      <nav aria-label="Time range" className={wrap({ gap: '2', marginBottom: '4' })}>
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
            {option.label}
          </Link>
        ))}
      </nav>
      {metrics.isError ? <Alert tone="error">{metrics.error.message}</Alert> : null}
      {data && series ? (
        <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' } })}>
          <MetricChart
            title="CPU"
            timestamps={data.timestamps}
            unit="percent"
            coverage={coverage}
            series={series.cpu}
          />
          <MetricChart
            title="Memory"
            timestamps={data.timestamps}
            unit="percent"
            coverage={coverage}
            series={series.memory}
          />
          <MetricChart
            title="Disk"
            timestamps={data.timestamps}
            unit="bytesPerSecond"
            coverage={coverage}
            series={series.disk}
          />
          <MetricChart
            title="Network"
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
