// The server's usage sweep, beside the running-out one and on the same interval: it accrues the started
// compute-hours and the started hours of volumes and team images (storage-metering.ts) not accrued yet, posts the months that are over to the ledger and issues their invoices,
// marks the invoices the balance now covers as paid, e-mails the new invoices, and sends the balance alerts
// the new charges made due.
import type { BillingService } from './billing-service';
import { issueInvoices } from './invoices';
import { meterUsage } from './metering';
import { postEndedMonths } from './month-close';
import { meterStorage } from './storage-metering';

export interface UsageSweepResult {
  /** Compute-hours and storage hours (a volume's or image's) accrued. */
  hoursCharged: number;
  /** Hours are still due after this sweep (its budget ran out): the next sweeps go on. */
  meteringBehind: boolean;
  invoicesIssued: number;
  invoicesPaid: number;
}

export class UsageSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;

  constructor(
    private readonly billing: BillingService,
    /** Computes metered per sweep at most; default: the configuration's METERING_COMPUTES_PER_SWEEP. */
    private readonly meteringBudget?: number,
  ) {}

  /** Every sweepIntervalSeconds (0: never; tests call sweep() with their own clock). */
  start(): void {
    const seconds = this.billing.deps.config.sweepIntervalSeconds;
    if (seconds <= 0 || this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((error: unknown) => this.billing.deps.logger.error({ err: error }, 'usage sweep failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, seconds * 1000);
    this.timer.unref();
  }

  async close(): Promise<void> {
    // A sweep under way stops after the compute it is charging: the next start catches up.
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async sweep(): Promise<UsageSweepResult> {
    const { db, clock, config } = this.billing.deps;
    const budget = this.meteringBudget ?? config.meteringComputesPerSweep;
    const shouldStop = () => this.stopping;
    const computeHours = await meterUsage(db, clock.now(), { budget, shouldStop });
    const storageHours = await meterStorage(db, clock.now(), this.billing.storagePriceOf, {
      budget,
      shouldStop,
    });
    const hoursCharged = computeHours.hoursCharged + storageHours.hoursCharged;
    const teamIds = new Set([...computeHours.teamIds, ...storageHours.teamIds]);
    const more = computeHours.more || storageHours.more;
    // A month is posted and invoiced only once every hour of it is accrued: while metering catches up, wait.
    if (!more) await postEndedMonths(db, clock.now());
    const { issued, paid } = more
      ? { issued: [], paid: 0 }
      : await issueInvoices(db, clock.now(), config.taxRatePercent);
    for (const invoice of issued) await this.billing.announceInvoice(invoice);
    if (hoursCharged > 0 || issued.length > 0) await this.billing.deliverAlerts();
    await this.billing.announce([...teamIds, ...issued.map((invoice) => invoice.teamId)]);
    return { hoursCharged, meteringBehind: more, invoicesIssued: issued.length, invoicesPaid: paid };
  }
}
