// A compute's monitoring chart in each state a person meets: before its first reading (a note in the chart's
// place, saying when figures come), with one reading (dots and the note), with many (the chart alone), and
// while the compute is off. The time is the test clock's, and what uPlot draws on its canvas is read back
// as text: happy-dom has no canvas, so a recording 2D context stands in for one (axis labels are the
// fillText calls).
import { render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComputeMetrics, ComputeStatus } from '@/contract/computes';
import {
  MetricChart,
  type MetricUnit,
} from '@/routes/_protected/_section/_team/computes/-components/metric-chart';
import { describeCoverage } from '@/routes/_protected/_section/_team/computes/-components/metrics-coverage';

let drawn: string[] = [];
const realGetContext = HTMLCanvasElement.prototype.getContext;
const realPath2D = globalThis.Path2D;
const realClientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')!;

/** Something whose every method is a no-op and whose properties keep what is set. */
function recorder(methods: Record<string, (...args: never[]) => unknown> = {}) {
  const state: Record<string | symbol, unknown> = {};
  return new Proxy(state, {
    get: (target, key) => (key in methods ? methods[key as string] : key in target ? target[key] : () => {}),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = function getContext() {
    return recorder({
      fillText: (text: string) => {
        drawn.push(String(text));
      },
      measureText: (text: string) => ({ width: String(text).length * 6 }),
    }) as unknown as CanvasRenderingContext2D;
  } as typeof realGetContext;
  globalThis.Path2D = class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: a stand-in path that accepts every drawing call
      return recorder();
    }
  } as unknown as typeof Path2D;
  // A phone's chart width (happy-dom lays nothing out, so every element would be 0 px wide).
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 340 });
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = realGetContext;
  globalThis.Path2D = realPath2D;
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', realClientWidth);
});

// 27 Nov 2026, 10:42:30 in the person's time zone (Africa/Kigali, the default; no daylight saving): the
// compute started a moment ago.
const NOW = Date.parse('2026-11-27T10:42:30+02:00');
const minute = (offset: number) => Math.floor(NOW / 60_000) * 60 + offset * 60;

beforeEach(() => {
  drawn = [];
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The last hour as the server answers it: `values` are the newest points (a reading each, or 0 for an
 * off minute), everything before them null (the compute did not exist).
 */
function lastHour(values: number[], readings = values.filter((value) => value > 0).length): ComputeMetrics {
  const timestamps = Array.from({ length: 60 }, (_, index) => minute(index - 59));
  const series = [...Array<number | null>(60 - values.length).fill(null), ...values];
  return {
    range: '1h',
    stepSeconds: 60,
    readings,
    timestamps,
    cpu: series,
    memory: series,
    diskRead: series,
    diskWrite: series,
    networkIn: series,
    networkOut: series,
  };
}

function showChart(metrics: ComputeMetrics, status: ComputeStatus, unit: MetricUnit = 'percent') {
  const coverage = describeCoverage(metrics, status, Date.now());
  const chart = (
    <MetricChart
      title="CPU"
      timestamps={metrics.timestamps}
      unit={unit}
      coverage={coverage}
      series={[{ label: 'CPU', values: metrics.cpu, color: '#6b63ff' }]}
    />
  );
  return { ...render(chart), coverage };
}

const plot = () => screen.queryByTestId('metric-plot');
/** The y axis's labels uPlot drew (the ones with a unit; the x axis writes times), once it has drawn. */
async function yLabels(): Promise<string[]> {
  const labels = () => drawn.filter((text) => /%|B\/s/.test(text));
  await vi.waitFor(() => expect(labels()).not.toEqual([]));
  return labels();
}

describe('the monitoring chart', () => {
  it('before the first reading, says figures start within a minute and when the first is due, with no empty axes', () => {
    showChart(lastHour([]), 'running');
    expect(
      screen.getByText(
        'Figures start within a minute of the compute starting. The first is due at about 10:43.',
      ),
    ).toBeVisible();
    expect(plot()).toBeNull();
    expect(document.querySelector('canvas')).toBeNull();
    expect(screen.getByText('CPU: no figures yet')).toBeVisible();
    expect(screen.queryByText(/no data/)).toBeNull();
  });

  it('says the first reading is due any moment once its time has passed unmet', () => {
    const metrics = lastHour([]);
    vi.setSystemTime(NOW + 60_000);
    showChart(metrics, 'running');
    expect(screen.getByText(/The first is due any moment\.$/)).toBeVisible();
  });

  it('while the compute is still being created, says figures start once it runs', () => {
    showChart(lastHour([]), 'provisioning');
    expect(
      screen.getByText('Figures start within a minute of the compute starting, once it is running.'),
    ).toBeVisible();
    expect(plot()).toBeNull();
  });

  it('with one reading, draws it as a dot and says the line starts with the second', () => {
    const { coverage } = showChart(lastHour([0, 23.4]), 'running');
    expect(
      screen.getByText(
        'Collecting: a sample arrives every minute, and the line starts with the second. The second is due at about 10:43.',
      ),
    ).toBeVisible();
    expect(plot()).not.toBeNull();
    expect(coverage.dots).toBe(true);
    expect(screen.getByText('CPU: now 23 %, average 12 %, highest 23 %')).toBeVisible();
  });

  it('with many readings, shows the chart and its figures and nothing else', async () => {
    const { coverage } = showChart(lastHour([12, 14, 16, 18, 20]), 'running');
    expect(plot()).not.toBeNull();
    expect(coverage.dots).toBe(false);
    expect(screen.queryByText(/Collecting|Figures start|off/)).toBeNull();
    expect(screen.getByText('CPU: now 20 %, average 16 %, highest 20 %')).toBeVisible();
    const labels = await yLabels();
    expect(labels[0]).toBe('0 %');
    expect(labels.at(-1)).toBe('100 %');
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.every((label) => /^\d+ %$/.test(label))).toBe(true);
  });

  it('while the compute is off, says there are no figures while it is off — with earlier readings or none', () => {
    const { unmount } = showChart(lastHour([12, 14, 0, 0]), 'stopped');
    expect(
      screen.getByText(
        'It is off: no figures while it is off, so its line stays at zero until it is powered on.',
      ),
    ).toBeVisible();
    expect(plot()).not.toBeNull();
    // Not "now 0 %": it is not idle, it is off.
    expect(screen.getByText('CPU: off now, average 6.5 %, highest 14 %')).toBeVisible();
    unmount();

    showChart(lastHour([0, 0, 0], 0), 'stopped');
    expect(
      screen.getByText('No figures while it is off. They start within a minute of powering it on.'),
    ).toBeVisible();
    expect(plot()).toBeNull();
    expect(screen.getByText('CPU: none while it is off')).toBeVisible();
  });

  it('replaces the note with the chart when the first reading arrives, without a reload', () => {
    const { rerender } = showChart(lastHour([]), 'running');
    expect(screen.getByText(/^Figures start within a minute/)).toBeVisible();
    vi.setSystemTime(NOW + 40_000);
    const later = lastHour([31]);
    later.timestamps = later.timestamps.map((time) => time + 60);
    rerender(
      <MetricChart
        title="CPU"
        timestamps={later.timestamps}
        unit="percent"
        coverage={describeCoverage(later, 'running', Date.now())}
        series={[{ label: 'CPU', values: later.cpu, color: '#6b63ff' }]}
      />,
    );
    expect(screen.queryByText(/^Figures start within a minute/)).toBeNull();
    expect(screen.getByText(/^Collecting: a sample arrives every minute/)).toBeVisible();
    expect(plot()).not.toBeNull();
  });

  it('labels a flat or tiny rate’s axis with distinct whole values, never "1 B/s, 1 B/s, 0 B/s"', async () => {
    showChart(lastHour([0, 0, 0, 0], 4), 'running', 'bytesPerSecond');
    const labels = await yLabels();
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual(['0 B/s', '1 B/s']);
  });

  it('labels a busy rate’s axis in round binary units', async () => {
    showChart(lastHour([800, 1900, 3100, 2500]), 'running', 'bytesPerSecond');
    const labels = await yLabels();
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels[0]).toBe('0 B/s');
    expect(labels.slice(1).every((label) => /^\d+ KB\/s$/.test(label))).toBe(true);
  });
});
