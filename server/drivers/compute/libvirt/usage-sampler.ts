// The periodic tick of the driver: hosts that could not be reached are tried again, and (on the server
// that leads) one `virsh domstats` per host reads the running guests' counters, stored as per-minute rates.

import { domainName } from './domain-xml';
import type { FlowContext } from './flows/flow';
import { type DomainCounters, parseDomstats, pruneSamples, rates, storeSample } from './usage-samples';

export class UsageSampler {
  private timer: NodeJS.Timeout | undefined;
  private readonly counters = new Map<string, DomainCounters>();
  /** Whether this server takes the guests' usage samples (it leads); hosts are re-checked either way. */
  private sampling = false;
  private lastPrune = 0;
  private stopped = true;

  constructor(private readonly context: FlowContext) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.context.config.sampleIntervalSeconds * 1000);
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  sampleUsage(on: boolean): void {
    this.sampling = on;
    // A leader taking over starts from fresh counters: rates need two samples of its own.
    if (!on) this.counters.clear();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    await this.context.hosts.recheckUnusable();
    if (!this.sampling) return;
    const { db, store, hosts, logger } = this.context;
    const interval = this.context.config.sampleIntervalSeconds;
    const rows = await store.all().catch(() => []);
    for (const id of this.counters.keys()) if (!rows.some((row) => row.id === id)) this.counters.delete(id);
    for (const host of hosts.usable()) {
      const mine = rows.filter((row) => row.host === host.name);
      if (mine.length === 0) continue;
      let text: string;
      try {
        text = await host.run(
          [
            'domstats',
            '--raw',
            '--cpu-total',
            '--balloon',
            '--block',
            '--interface',
            '--vcpu',
            '--list-running',
          ],
          30_000,
        );
      } catch (error) {
        logger.warn({ err: error, host: host.name }, 'could not read domain statistics');
        continue;
      }
      const now = Date.now();
      const counters = parseDomstats(text, now);
      const minute = new Date(Math.floor(now / 1000 / interval) * interval * 1000);
      for (const row of mine) {
        const current = counters.get(domainName(row.id));
        const previous = this.counters.get(row.id);
        if (!current) {
          this.counters.delete(row.id);
          continue;
        }
        this.counters.set(row.id, current);
        const sample = previous && rates(previous, current);
        if (sample) await storeSample(db, row.id, minute, sample).catch(() => {});
      }
    }
    if (Date.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = Date.now();
      await pruneSamples(db, new Date()).catch(() => {});
    }
  }
}
