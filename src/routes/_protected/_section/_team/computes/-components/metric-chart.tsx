// One time-series chart (uPlot: fast with thousands of points), with a text summary for anyone who
// cannot see it: the latest, average and highest values.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { css } from 'styled-system/css';

export interface Series {
  label: string;
  values: Array<number | null>;
  color: string;
}

interface Props {
  title: string;
  timestamps: number[];
  series: Series[];
  format: (value: number) => string;
  /** Fixed top of the scale (100 for percentages). */
  max?: number;
}

/**
 * A time axis label the way the rest of the console writes times (24-hour "13:20", "26 Nov"), not uPlot's
 * US defaults ("1:20pm", "11/26").
 */
export function timeTick(seconds: number, spanSeconds: number): string {
  const date = new Date(seconds * 1000);
  if (spanSeconds > 2 * 86_400) return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
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

export function MetricChart({ title, timestamps, series, format, max }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const axisColor = getComputedStyle(element).color;
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: 180,
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
              return ticks.map((tick) => timeTick(tick, last - first));
            },
          },
          {
            stroke: axisColor,
            grid: { stroke: 'rgba(127,127,127,0.15)' },
            values: (_u, ticks) => ticks.map(format),
            size: 70,
          },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 1.5,
            // A new compute has a sample or two: dots, where a line would not show yet.
            points: { show: timestamps.length <= 3, size: 6, fill: s.color },
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
          })),
        ],
      },
      [timestamps, ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [timestamps, series, format, max]);

  return (
    <figure
      className={css({
        display: 'grid',
        gap: '2',
        padding: '4',
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'lg',
        minWidth: '0',
      })}
    >
      <figcaption className={css({ fontWeight: '600' })}>{title}</figcaption>
      {timestamps.length < 2 ? (
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          Collecting: a sample arrives every minute, and the line starts with the second.
        </p>
      ) : null}
      <div
        ref={box}
        aria-hidden="true"
        className={css({ color: 'fg.muted', fontSize: 'xs', minWidth: '0' })}
      />
      <ul className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'xs', color: 'fg.muted' })}>
        {series.map((s) => {
          const figures = summary(s.values);
          return (
            <li key={s.label} className={css({ display: 'flex', alignItems: 'center', gap: '1.5' })}>
              <span
                aria-hidden="true"
                className={css({ width: '3', height: '0.5', borderRadius: 'full', flexShrink: '0' })}
                style={{ background: s.color }}
              />
              {s.label}:{' '}
              {figures
                ? `now ${format(figures.latest)}, average ${format(figures.average)}, highest ${format(figures.highest)}`
                : 'no data'}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
