// One time-series chart (uPlot: fast with thousands of points), with a text summary for anyone who
// cannot see it: the latest, average and highest values. Until the compute has a reading, a note takes
// the chart's place (an empty grid with axes says nothing); see metrics-coverage.ts for what it says.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { css } from 'styled-system/css';
import { hstack, panel, wrap } from 'styled-system/patterns';
import { t, useT } from '@/i18n';
import { numberLocale } from '@/i18n/locales';
import { currentLocale } from '@/i18n/state';
import { textRecipe } from '@/ui/text';
import { type Coverage, clockTime, dayAndMonth } from './metrics-coverage';

export interface Series {
  label: string;
  values: Array<number | null>;
  color: string;
}

export type MetricUnit = 'percent' | 'bytesPerSecond';

interface Props {
  title: string;
  timestamps: number[];
  series: Series[];
  unit: MetricUnit;
  coverage: Coverage;
}

const PLOT_HEIGHT = 180;

const BYTE_UNITS = ['B/s', 'KB/s', 'MB/s', 'GB/s'];

/** A number with this many decimals, as the language writes it ("4.2", in French "4,2"). */
function decimal(value: number, digits: number): string {
  return new Intl.NumberFormat(numberLocale(currentLocale()), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
}

/** A figure: "4.2 %", "12 %". */
export const formatPercent = (value: number) => `${decimal(value, value < 10 ? 1 : 0)} %`;

/** A rate in binary units: "512 B/s", "1.5 MB/s"; on an axis, whole ticks read "2 KB/s", not "2.0 KB/s". */
export function formatBytesPerSecond(value: number, tick = false): string {
  let amount = value;
  let unit = 0;
  while (amount >= 1024 && unit < BYTE_UNITS.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  const decimals = amount < 10 && unit > 0 && !(tick && Number.isInteger(amount)) ? 1 : 0;
  return `${decimal(amount, decimals)} ${BYTE_UNITS[unit]}`;
}

/**
 * Per unit: how a value reads, how an axis tick reads, the steps between ticks and the scale's top. The
 * steps are whole bytes (1, 2, 5 … then 1, 2, 5 … KB), so an axis never shows a tick at 0.4 B/s that
 * reads "0 B/s" beside the real 0.
 */
const UNITS: Record<
  MetricUnit,
  { format: (value: number) => string; tick: (value: number) => string; incrs: number[]; max?: number }
> = {
  percent: {
    format: formatPercent,
    tick: (value) => `${decimal(value, 0)} %`,
    incrs: [1, 2, 5, 10, 20, 25, 50],
    max: 100,
  },
  bytesPerSecond: {
    format: (value) => formatBytesPerSecond(value),
    tick: (value) => formatBytesPerSecond(value, true),
    incrs: [0, 1, 2, 3].flatMap((power) =>
      [1, 2, 5, 10, 20, 50, 100, 200, 500].map((step) => step * 1024 ** power),
    ),
  },
};

/** Tick labels with any repeat blanked: a label says something once, or not at all. */
export function distinctTicks(labels: string[]): string[] {
  return labels.map((label, index) => (labels.indexOf(label) === index ? label : ''));
}

/**
 * A time axis label the way the rest of the console writes times, in the person's zone and language
 * (24-hour "13:20", "26 Nov"), not uPlot's US defaults ("1:20pm", "11/26").
 */
export function timeTick(seconds: number, spanSeconds: number): string {
  if (spanSeconds > 2 * 86_400) return dayAndMonth(seconds * 1000);
  return clockTime(seconds * 1000);
}

function summary(values: Array<number | null>) {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return null;
  return {
    latest: known.at(-1)!,
    average: known.reduce((sum, value) => sum + value, 0) / known.length,
    highest: Math.max(...known),
  };
}

/** One series' line in the summary below the chart. */
function describeSeries(values: Array<number | null>, coverage: Coverage, format: (value: number) => string) {
  if (!coverage.plot) return coverage.off ? t('computes.chart.noneWhileOff') : t('computes.chart.noFigures');
  const figures = summary(values);
  // A series this host does not measure (network counters under QEMU user networking) stays null.
  if (!figures) return t('computes.chart.notMeasured');
  const latest = coverage.off
    ? t('computes.chart.offNow')
    : t('computes.chart.now', { value: format(figures.latest) });
  return t('computes.chart.summary', {
    latest,
    average: format(figures.average),
    highest: format(figures.highest),
  });
}

const noteStyle = textRecipe({ variant: 'hint' });

export function MetricChart({ title, timestamps, series, unit, coverage }: Props) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { format, tick, incrs, max } = UNITS[unit];
  const { plot: drawn, dots } = coverage;
  useEffect(() => {
    const element = box.current;
    if (!element || !drawn) return;
    const axisColor = getComputedStyle(element).color;
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: PLOT_HEIGHT,
        // The series are named, with their colours, in the summary below the chart.
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          y: max === undefined ? { range: (_u, _min, high) => [0, Math.max(high, 1)] } : { range: [0, max] },
        },
        axes: [
          {
            stroke: axisColor,
            grid: { stroke: 'rgba(127,127,127,0.15)' },
            values: (u, ticks) => {
              const [first = 0, last = 0] = [u.data[0][0], u.data[0].at(-1)];
              return distinctTicks(ticks.map((value) => timeTick(value, last - first)));
            },
          },
          {
            stroke: axisColor,
            grid: { stroke: 'rgba(127,127,127,0.15)' },
            incrs,
            values: (_u, ticks) => distinctTicks(ticks.map(tick)),
            size: 70,
          },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 1.5,
            // A new compute has a reading or two: dots, where a line would not show yet.
            points: { show: dots, size: 6, fill: s.color },
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
          })),
        ],
      },
      [timestamps, ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: element.clientWidth, height: PLOT_HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [timestamps, series, format, tick, incrs, max, drawn, dots]);

  return (
    <figure className={panel({ gap: '2', minWidth: '0' })}>
      <figcaption className={textRecipe({ variant: 'bold' })}>{title}</figcaption>
      {drawn ? (
        <>
          {coverage.note ? <p className={noteStyle}>{coverage.note}</p> : null}
          <div
            ref={box}
            aria-hidden="true"
            data-testid="metric-plot"
            className={css({ color: 'fg.muted', fontSize: 'xs', minWidth: '0' })}
          />
        </>
      ) : (
        // Where the chart will be, the same height, so the page does not jump when the first reading comes.
        <div
          className={css({
            display: 'grid',
            placeItems: 'center',
            textAlign: 'center',
            padding: '4',
            borderWidth: '1px',
            borderStyle: 'dashed',
            borderColor: 'border.default',
            borderRadius: 'md',
          })}
          style={{ minHeight: PLOT_HEIGHT }}
        >
          <p className={css({ fontSize: 'sm', color: 'fg.muted', maxWidth: '36ch' })}>{coverage.note}</p>
        </div>
      )}
      <ul className={wrap({ gap: '4', fontSize: 'xs', color: 'fg.muted' })}>
        {series.map((s) => (
          <li key={s.label} className={hstack({ gap: '1.5' })}>
            <span
              aria-hidden="true"
              className={css({ width: '3', height: '0.5', borderRadius: 'full', flexShrink: '0' })}
              style={{ background: s.color }}
            />
            {t('computes.chart.seriesLine', {
              label: s.label,
              summary: describeSeries(s.values, coverage, format),
            })}
          </li>
        ))}
      </ul>
    </figure>
  );
}
