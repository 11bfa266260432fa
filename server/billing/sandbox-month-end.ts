// The sandbox's simulated month end, so an owner trying Ikirere (and the end-to-end tests) can see a whole
// billing month without waiting for it. For one team it charges every compute's, volume's and image's hours
// to the end of the current calendar month (UTC) as if it kept existing until then — a destroyed one only until its
// destruction — posts the month to the ledger and issues its invoice now. The real month end later invoices
// only what is charged to the month after this (a compute made meanwhile), on a second invoice. Offered only
// with the sandbox payment provider, where no real money moves, and recorded in the audit log.
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { MonthEndSimulation } from '@/contract/billing';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { computes } from '../db/schema';
import type { BillingService } from './billing-service';
import { issueInvoice, toInvoiceSummary } from './invoices';
import { addMonths, meterComputes, monthStartOf } from './metering';
import { postTeamAccruals } from './month-close';
import { meterTeamStorage } from './storage-metering';

export async function simulateMonthEnd(
  billing: BillingService,
  input: { teamId: string; actor: AuditActor },
): Promise<MonthEndSimulation> {
  const { db, clock, config } = billing.deps;
  const now = clock.now();
  const monthStart = monthStartOf(now);
  const lastInstant = new Date(addMonths(monthStart, 1).getTime() - 1);
  const teamComputes = await db
    .select({ id: computes.id })
    .from(computes)
    .where(
      and(
        eq(computes.teamId, input.teamId),
        lte(computes.createdAt, now),
        or(isNull(computes.destroyedAt), gt(computes.destroyedAt, monthStart)),
      ),
    );
  const hoursCharged =
    (await meterComputes(
      db,
      input.teamId,
      teamComputes.map((compute) => compute.id),
      lastInstant,
      now,
    )) + (await meterTeamStorage(db, input.teamId, billing.storagePriceOf, lastInstant, now));
  const invoice = await db.transaction(async (tx) => {
    await postTeamAccruals(tx, input.teamId, addMonths(monthStart, 1), now);
    const issued = await issueInvoice(tx, {
      teamId: input.teamId,
      monthStart,
      now,
      taxRatePercent: config.taxRatePercent,
      hoursAsOf: lastInstant,
    });
    await recordAudit(tx, {
      teamId: input.teamId,
      actor: input.actor,
      action: 'billing.month_end_simulated',
      target: issued?.number ?? null,
      details: { period: monthStart.toISOString().slice(0, 7), hoursCharged, sandbox: true },
      at: now,
    });
    return issued;
  });
  if (invoice) await billing.announceInvoice(invoice);
  if (hoursCharged > 0) await billing.deliverAlerts();
  await billing.announce([input.teamId]);
  return { hoursCharged, invoice: invoice ? toInvoiceSummary(invoice) : null };
}
