// Billing's moving parts in one place: the database, the clock, the payment driver, the mail driver for
// balance alerts, the compute service the running-out sweep powers computes off through, and the sweep's
// timer. Routes (billing.routes.ts, callbacks.routes.ts) and the sandbox's pages go through it.

import { eq } from 'drizzle-orm';
import type { Currency } from '@/contract/teams';
import type { ComputeService } from '../computes';
import type { Database } from '../db';
import { teams } from '../db/schema';
import type { MailDriver } from '../drivers/mail';
import type { PaymentDriver } from '../drivers/payment';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import type { BillingConfig } from './config';
import { invoiceIssuedMail } from './messages';
import { billingRecipients, deliverAlerts, type SweepResult, sweepDepleted } from './running-out';
import type { StoragePriceOf } from './storage-metering';

export interface BillingServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  mail: MailDriver;
  driver: PaymentDriver;
  config: BillingConfig;
  /** PUBLIC_URL: absolute links in e-mails and the provider's return address; undefined: relative. */
  publicUrl: string | undefined;
  /** Where running computes are powered off for non-payment; without it the sweep only sends alerts. */
  computes: ComputeService | undefined;
  /** The teams' open consoles, told when money moved; without it nobody is told (tests). */
  live?: LiveUpdates | undefined;
}

export class BillingService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(readonly deps: BillingServiceDeps) {}

  get driver(): PaymentDriver {
    return this.deps.driver;
  }

  /** The catalog's price per GB-month of a stored kind (volume, image); none without a compute service. */
  readonly storagePriceOf: StoragePriceOf = (kind) => this.deps.computes?.deps.catalog.storagePrice(kind);

  /** Starts the background sweep every sweepIntervalSeconds (0: never; tests call sweep()). */
  start(): void {
    const seconds = this.deps.config.sweepIntervalSeconds;
    if (seconds <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      // One round at a time: a slow round is not stacked on.
      if (this.running) return;
      this.running = this.sweep()
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'billing sweep failed'))
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

  /** Sends the balance alerts that are due, then powers off what is past its grace period. */
  async sweep(): Promise<SweepResult & { alertsSent: number }> {
    const alertsSent = await this.deliverAlerts();
    return { ...(await sweepDepleted(this)), alertsSent };
  }

  /** Tells the teams' open consoles that their money moved (after the change committed). */
  async announce(teamIds: Iterable<string>): Promise<void> {
    const live = this.deps.live;
    if (!live) return;
    await Promise.all(
      [...new Set(teamIds)].map((teamId) => live.publishToTeam(teamId, { type: 'billing.changed', teamId })),
    );
  }

  /** Called after a ledger change commits (and by the sweep): e-mails what is due, failures logged. */
  async deliverAlerts(): Promise<number> {
    try {
      return await deliverAlerts(this);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'balance alerts could not be sent');
      return 0;
    }
  }

  /** E-mails the owners (and the billing address) that an invoice was issued; failures are logged. */
  async announceInvoice(invoice: {
    teamId: string;
    number: string;
    totalMinor: number;
    currency: string;
    periodStart: Date;
    paidAt: Date | null;
  }): Promise<void> {
    const { db, mail, logger, publicUrl } = this.deps;
    try {
      const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, invoice.teamId));
      if (!team) return;
      for (const to of await billingRecipients(db, invoice.teamId)) {
        await mail.send(
          invoiceIssuedMail(
            to,
            team,
            { ...invoice, currency: invoice.currency as Currency, paid: invoice.paidAt !== null },
            publicUrl,
          ),
        );
      }
    } catch (error) {
      logger.error({ err: error, invoice: invoice.number }, 'an invoice e-mail could not be sent');
    }
  }
}
