// Simulated usage: computed, not stored. Each value is a function of the machine's id, the time and when
// the machine was running (its power log), so the same question always gets the same answer, any range
// costs a few hundred evaluations, and the charts look like a server's: a daily rhythm (quiet at night,
// busy in the afternoon, in the location's time zone), noise, the odd hourly burst, a busy boot, and
// nothing while it is off.
import type { ComputeMetrics, MetricsRange } from '@/contract/computes';
import { stableHash } from './simulator-config';

export const RANGE_STEPS: Record<MetricsRange, { seconds: number; step: number }> = {
  '1h': { seconds: 3_600, step: 60 },
  '24h': { seconds: 86_400, step: 300 },
  '7d': { seconds: 7 * 86_400, step: 1_800 },
  '30d': { seconds: 30 * 86_400, step: 7_200 },
};

/** Hours east of UTC, by location id prefix: the daily rhythm follows the users' day. */
const UTC_OFFSETS: Record<string, number> = { kgl: 2, nbo: 3, fra: 1, los: 1, jnb: 2 };

export interface MeteredMachine {
  id: string;
  vcpus: number;
  memoryMb: number;
  createdAt: Date;
  locationId?: string;
}

export type PowerLog = readonly (readonly [number, number | null])[];

export interface Sample {
  cpu: number;
  memory: number;
  diskRead: number;
  diskWrite: number;
  networkIn: number;
  networkOut: number;
}

/** A uniform number in [0, 1) for this machine, series and time slot. */
function random(seed: number, series: number, slot: number): number {
  let x = (seed ^ Math.imul(series + 1, 0x9e3779b1) ^ Math.imul(slot | 0, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 4_294_967_296;
}

/** Smooth noise in [0, 1): random values every `period` seconds, eased between. */
function smooth(seed: number, series: number, t: number, period: number): number {
  const position = t / period;
  const slot = Math.floor(position);
  const blend = (1 - Math.cos((position - slot) * Math.PI)) / 2;
  return random(seed, series, slot) * (1 - blend) + random(seed, series, slot + 1) * blend;
}

/** Seconds of [from, to] the machine was running, and when the run covering `to` began. */
function runningWithin(log: PowerLog, fromMs: number, toMs: number, nowMs: number) {
  let seconds = 0;
  let bootedAtMs: number | undefined;
  for (const [on, off] of log) {
    const end = off ?? nowMs;
    const overlap = Math.min(end, toMs) - Math.max(on, fromMs);
    if (overlap > 0) seconds += overlap / 1000;
    if (on <= toMs && end >= toMs) bootedAtMs = on;
  }
  return { seconds, bootedAtMs };
}

/** The machine's usage at `t` (unix seconds) if it was running then, given when it booted. */
export function sampleRunning(machine: MeteredMachine, t: number, bootedAtMs: number | undefined): Sample {
  const seed = stableHash(machine.id);
  const offset = UTC_OFFSETS[machine.locationId?.slice(0, 3) ?? ''] ?? 2;
  const hour = (((t / 3600 + offset) % 24) + 24) % 24;
  // 0 at 03:00, 1 at 15:00 local time.
  const day = (1 - Math.cos(((hour - 3) / 24) * 2 * Math.PI)) / 2;
  const weekend = [0, 6].includes(new Date((t + offset * 3600) * 1000).getUTCDay()) ? 0.7 : 1;
  const base = 4 + (seed % 26);
  const sinceBoot = bootedAtMs === undefined ? Number.POSITIVE_INFINITY : t - bootedAtMs / 1000;
  const booting = sinceBoot < 180 ? (1 - sinceBoot / 180) * 70 : 0;
  const burst = random(seed, 7, Math.floor(t / 3600)) > 0.92 && t % 3600 < 600 ? 35 : 0;
  const cpu = Math.min(
    100,
    Math.max(
      0.3,
      base * (0.35 + day) * weekend +
        (smooth(seed, 1, t, 900) - 0.5) * 12 +
        (random(seed, 2, Math.floor(t / 60)) - 0.5) * 4 +
        burst +
        booting,
    ),
  );
  const warmup = Math.min(1, Math.max(0, sinceBoot) / 1800);
  const memory = Math.min(
    96,
    (12 + (seed % 40)) * (0.5 + 0.5 * warmup) + day * 8 + smooth(seed, 3, t, 3600) * 6,
  );
  const io = (cpu / 100) * machine.vcpus;
  const diskRead = io * 3_000_000 * (0.5 + smooth(seed, 4, t, 600)) + (booting > 0 ? 40_000_000 : 0);
  const diskWrite = io * 1_600_000 * (0.5 + smooth(seed, 5, t, 600)) + 40_000;
  const traffic = (20_000 + (seed % 97) * 20_000) * (0.2 + day) * weekend;
  const networkIn = traffic * (0.6 + smooth(seed, 6, t, 300) * 0.8);
  const networkOut = networkIn * (1.5 + (seed % 5) * 0.6);
  return { cpu, memory, diskRead, diskWrite, networkIn, networkOut };
}

export function simulatedMetrics(
  machine: MeteredMachine,
  log: PowerLog,
  range: MetricsRange,
  now: Date,
): ComputeMetrics {
  const { seconds, step } = RANGE_STEPS[range];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const last = nowSeconds - (nowSeconds % step);
  const count = seconds / step;
  const createdSeconds = machine.createdAt.getTime() / 1000;
  const result: ComputeMetrics = {
    range,
    stepSeconds: step,
    readings: 0,
    timestamps: [],
    cpu: [],
    memory: [],
    diskRead: [],
    diskWrite: [],
    networkIn: [],
    networkOut: [],
  };
  const round1 = (value: number) => Math.round(value * 10) / 10;
  for (let index = count - 1; index >= 0; index--) {
    const t = last - index * step;
    result.timestamps.push(t);
    // No data before the machine existed: a gap, not a zero.
    if (t < createdSeconds) {
      for (const series of ['cpu', 'memory', 'diskRead', 'diskWrite', 'networkIn', 'networkOut'] as const) {
        result[series].push(null);
      }
      continue;
    }
    // Each point covers the step before it; a machine running part of the step counts for that part.
    const running = runningWithin(log, (t - step) * 1000, t * 1000, now.getTime());
    const share = Math.min(1, running.seconds / step);
    const sample = share > 0 ? sampleRunning(machine, t, running.bootedAtMs) : undefined;
    if (sample) result.readings += 1;
    result.cpu.push(sample ? round1(sample.cpu * share) : 0);
    result.memory.push(sample ? round1(sample.memory * share) : 0);
    result.diskRead.push(sample ? Math.round(sample.diskRead * share) : 0);
    result.diskWrite.push(sample ? Math.round(sample.diskWrite * share) : 0);
    result.networkIn.push(sample ? Math.round(sample.networkIn * share) : 0);
    result.networkOut.push(sample ? Math.round(sample.networkOut * share) : 0);
  }
  return result;
}
