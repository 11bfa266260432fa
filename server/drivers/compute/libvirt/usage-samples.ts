// Monitoring for real machines: every interval, one `virsh domstats` per host reads the counters of its
// running guests (CPU time, the balloon's memory statistics, block and interface bytes); the difference
// from the previous reading becomes one stored sample per machine and minute (libvirt_samples, 31 days).
// Charts average the samples of each step; a step with no sample is a machine that was off.
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { ComputeMetrics, MetricsRange } from '@/contract/computes';
import type { Database } from '../../../db';
import { libvirtSamples } from '../../../db/schema';
import { RANGE_STEPS } from '../simulator/metrics';

export interface DomainCounters {
  /** Milliseconds since the epoch when read. */
  at: number;
  cpuTimeNs: number;
  vcpus: number;
  memoryPercent: number | null;
  diskReadBytes: number;
  diskWriteBytes: number;
  /** null: libvirt has no counters for the guest's network (QEMU user networking). */
  networkInBytes: number | null;
  networkOutBytes: number | null;
}

const RETENTION_MS = 31 * 86_400_000;

/** Parses `virsh domstats --raw` output into counters per domain name. */
export function parseDomstats(text: string, at: number): Map<string, DomainCounters> {
  const result = new Map<string, DomainCounters>();
  let name: string | undefined;
  let values = new Map<string, number>();
  const flush = () => {
    if (!name) return;
    const sum = (kind: string, field: string) => {
      const count = values.get(`${kind}.count`) ?? 0;
      let total = 0;
      for (let index = 0; index < count; index++) total += values.get(`${kind}.${index}.${field}`) ?? 0;
      return total;
    };
    const available = values.get('balloon.available');
    const unused = values.get('balloon.unused');
    const rss = values.get('balloon.rss');
    const current = values.get('balloon.current');
    const memoryPercent =
      available && unused !== undefined
        ? ((available - unused) / available) * 100
        : rss && current
          ? Math.min(100, (rss / current) * 100)
          : null;
    const netCount = values.get('net.count') ?? 0;
    result.set(name, {
      at,
      cpuTimeNs: values.get('cpu.time') ?? 0,
      vcpus: values.get('vcpu.current') ?? 1,
      memoryPercent,
      diskReadBytes: sum('block', 'rd.bytes'),
      diskWriteBytes: sum('block', 'wr.bytes'),
      networkInBytes: netCount > 0 ? sum('net', 'rx.bytes') : null,
      networkOutBytes: netCount > 0 ? sum('net', 'tx.bytes') : null,
    });
  };
  for (const line of text.split('\n')) {
    const domain = /^Domain: '([^']+)'/.exec(line);
    if (domain) {
      flush();
      name = domain[1];
      values = new Map();
      continue;
    }
    const at = line.indexOf('=');
    if (at > 0) {
      const value = Number(line.slice(at + 1));
      if (Number.isFinite(value)) values.set(line.slice(0, at).trim(), value);
    }
  }
  flush();
  return result;
}

export interface Sample {
  cpu: number;
  memory: number | null;
  diskRead: number;
  diskWrite: number;
  networkIn: number | null;
  networkOut: number | null;
}

/** The rates between two readings of one domain; undefined when the counters went back (a restart). */
export function rates(previous: DomainCounters, current: DomainCounters): Sample | undefined {
  const seconds = (current.at - previous.at) / 1000;
  if (seconds <= 0) return undefined;
  const delta = (a: number, b: number) => b - a;
  const cpu = delta(previous.cpuTimeNs, current.cpuTimeNs);
  const read = delta(previous.diskReadBytes, current.diskReadBytes);
  const write = delta(previous.diskWriteBytes, current.diskWriteBytes);
  if (cpu < 0 || read < 0 || write < 0) return undefined;
  const net = (a: number | null, b: number | null) =>
    a === null || b === null || b < a ? null : (b - a) / seconds;
  return {
    cpu: Math.min(100, Math.max(0, (cpu / (seconds * 1e9 * current.vcpus)) * 100)),
    memory: current.memoryPercent,
    diskRead: read / seconds,
    diskWrite: write / seconds,
    networkIn: net(previous.networkInBytes, current.networkInBytes),
    networkOut: net(previous.networkOutBytes, current.networkOutBytes),
  };
}

export async function storeSample(
  db: Database,
  machineId: string,
  minute: Date,
  sample: Sample,
): Promise<void> {
  // Servers sharing the database each sample: the first one's minute stands.
  await db
    .insert(libvirtSamples)
    .values({ machineId, at: minute, ...sample })
    .onConflictDoNothing();
}

export async function pruneSamples(db: Database, now: Date): Promise<void> {
  await db.delete(libvirtSamples).where(lt(libvirtSamples.at, new Date(now.getTime() - RETENTION_MS)));
}

export async function forgetSamples(db: Database, machineId: string): Promise<void> {
  await db.delete(libvirtSamples).where(eq(libvirtSamples.machineId, machineId));
}

/** The range's points, as the simulator's: each covers the step before it; null before the machine existed. */
export async function storedMetrics(
  db: Database,
  machine: { id: string; createdAt: Date },
  range: MetricsRange,
  sampleSeconds: number,
  now: Date,
): Promise<ComputeMetrics> {
  const { seconds, step } = RANGE_STEPS[range];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const last = nowSeconds - (nowSeconds % step);
  const first = last - seconds;
  // The step is written into the query (one of RANGE_STEPS' numbers): as parameters, the select and the
  // group by would be two different expressions to PostgreSQL.
  const stepSql = sql.raw(String(Math.trunc(step)));
  const bucket = sql<number>`(ceil(extract(epoch from ${libvirtSamples.at}) / ${stepSql}) * ${stepSql})::bigint`;
  const rows = await db
    .select({
      t: bucket,
      cpu: sql<number>`sum(${libvirtSamples.cpu})`,
      memory: sql<number | null>`sum(${libvirtSamples.memory})`,
      diskRead: sql<number>`sum(${libvirtSamples.diskRead})`,
      diskWrite: sql<number>`sum(${libvirtSamples.diskWrite})`,
      networkIn: sql<number | null>`sum(${libvirtSamples.networkIn})`,
      networkOut: sql<number | null>`sum(${libvirtSamples.networkOut})`,
      count: sql<number>`count(*)::int`,
    })
    .from(libvirtSamples)
    .where(
      and(
        eq(libvirtSamples.machineId, machine.id),
        gt(libvirtSamples.at, new Date(first * 1000)),
        lte(libvirtSamples.at, new Date(last * 1000)),
      ),
    )
    .groupBy(bucket);
  const byPoint = new Map(rows.map((row) => [Number(row.t), row]));
  const perStep = Math.max(1, step / sampleSeconds);
  const hasNetwork = rows.some((row) => row.networkIn !== null);
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
  for (let t = first + step; t <= last; t += step) {
    result.timestamps.push(t);
    if (t < createdSeconds) {
      for (const series of ['cpu', 'memory', 'diskRead', 'diskWrite', 'networkIn', 'networkOut'] as const) {
        result[series].push(null);
      }
      continue;
    }
    const row = byPoint.get(t);
    if (row) result.readings += 1;
    // Steps the machine was off (no sample) count as zero, like minutes it was off within a step.
    const share = (value: number | null | undefined) => (value == null ? 0 : Number(value) / perStep);
    result.cpu.push(round1(share(row?.cpu)));
    result.memory.push(round1(share(row?.memory)));
    result.diskRead.push(Math.round(share(row?.diskRead)));
    result.diskWrite.push(Math.round(share(row?.diskWrite)));
    result.networkIn.push(hasNetwork ? Math.round(share(row?.networkIn)) : null);
    result.networkOut.push(hasNetwork ? Math.round(share(row?.networkOut)) : null);
  }
  return result;
}
