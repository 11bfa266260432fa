// The server's usage sweep, beside the running-out one and on the same interval: it charges the started
// compute-hours not charged yet, issues the invoices of months that are over, marks the invoices the
// balance now covers as paid, e-mails the new invoices, and sends the balance alerts the new charges made due.
import type { BillingService } from './billing-service';
import { issueInvoices } from './invoices';
import { meterUsage } from './metering';

export interface UsageSweepResult {
  hoursCharged: number;
  invoicesIssued: number;
  invoicesPaid: number;
}

export class UsageSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly billing: BillingService) {}

  /** Every sweepIntervalSeconds (0: never; tests call sweep() with their own clock). */
  start(): void {
    const seconds = this.billing.deps.config.sweepIntervalSeconds;
    if (seconds <= 0 || this.timer) return;
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
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async sweep(): Promise<UsageSweepResult> {
    const { db, clock, config } = this.billing.deps;
    const { hoursCharged } = await meterUsage(db, clock.now());
    const { issued, paid } = await issueInvoices(db, clock.now(), config.taxRatePercent);
    for (const invoice of issued) await this.billing.announceInvoice(invoice);
    if (hoursCharged > 0 || issued.length > 0) await this.billing.deliverAlerts();
    return { hoursCharged, invoicesIssued: issued.length, invoicesPaid: paid };
  }
}
