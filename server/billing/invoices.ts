// Monthly invoices. Once a calendar month (UTC) is over and posted (month-close.ts), the sweep issues one
// invoice per team that had usage in it: a line per compute from the month's posted accruals, one per
// volume and team image at each size (storage-close.ts), one per compute's backups from the month's day
// charges (backup-charges.ts), the subtotal, tax at TAX_RATE_PERCENT (rounded half up; posted to the ledger
// as a charge, so the balance covers it like usage), the total, and whom it is addressed to — all frozen at
// issue. Numbers run IK-<year of issue>-000001 upwards per server, taken from invoice_counters in the
// issuing transaction, so a rolled-back issue leaves no gap.
//
// An invoice covers the month's usage charges up to the team's last ledger entry at issue (through_seq).
// Usage charged to the month after that (possible only when the sandbox's simulated month end issued the
// invoice early: a compute made, or a day of backups begun, meanwhile) goes on a second invoice for the
// month when it is over: nothing charged is left off.
//
// Paid: the team's credits (top-ups and adjustments, all time) cover every charge for the invoice's month
// and the months before it — the oldest usage is paid first. Checked at issue and by every sweep after.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, like, lt, max, or, sql } from 'drizzle-orm';
import type {
  BackupInvoiceLine,
  Invoice,
  InvoiceBillTo,
  InvoiceLine,
  InvoiceSummary,
  StorageInvoiceLine,
} from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { formatMoney } from '@/domain/money';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-log';
import type { Database, Transaction } from '../db';
import {
  billingProfiles,
  invoiceCounters,
  invoices,
  ledgerEntries,
  storageAccruals,
  teams,
  usageAccruals,
} from '../db/schema';
import { message } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';
import { backupLines } from './backup-charges';
import { taxOf } from './config';
import { lockAccount, postCharge } from './ledger';
import { addMonths, monthStartOf } from './metering';
import { storageLines, teamsWithUninvoicedStorage } from './storage-close';
import { monthLines } from './usage';

type InvoiceRow = typeof invoices.$inferSelect;

/** Months back the sweep looks for usage without an invoice (a server that was down catches up). */
const LOOKBACK_MONTHS = 3;

export function invoiceNumber(year: number, sequence: number): string {
  return `IK-${year}-${String(sequence).padStart(6, '0')}`;
}

async function nextNumber(tx: Transaction, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return invoiceNumber(year, row!.last);
}

async function billToOf(db: Queryable, teamId: string): Promise<InvoiceBillTo> {
  const [row] = await db
    .select({ name: teams.name, profile: billingProfiles })
    .from(teams)
    .leftJoin(billingProfiles, eq(billingProfiles.teamId, teams.id))
    .where(eq(teams.id, teamId));
  const p = row?.profile;
  return {
    teamName: row?.name ?? '',
    companyName: p?.companyName ?? null,
    billingEmail: p?.billingEmail ?? null,
    addressLine1: p?.addressLine1 ?? null,
    addressLine2: p?.addressLine2 ?? null,
    city: p?.city ?? null,
    postalCode: p?.postalCode ?? null,
    country: p?.country ?? null,
    taxId: p?.taxId ?? null,
  };
}

/** Whether the team's credits cover all its charges for periods before `periodEnd` (see the top). */
async function isCovered(db: Queryable, teamId: string, periodEnd: Date): Promise<boolean> {
  const [row] = await db
    .select({
      credits: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.kind} <> 'charge'), 0)`,
      charges: sql<string>`coalesce(sum(-${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.kind} = 'charge' and ${ledgerEntries.periodStart} < ${periodEnd}), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.teamId, teamId));
  return Number(row?.credits ?? 0) >= Number(row?.charges ?? 0);
}

/** The last ledger entry the team's earlier invoices for the month cover (0: none yet). */
async function coveredThrough(db: Queryable, teamId: string, monthStart: Date): Promise<number> {
  const [row] = await db
    .select({ through: max(invoices.throughSeq) })
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.periodStart, monthStart)));
  return Number(row?.through ?? 0);
}

export interface IssueInput {
  teamId: string;
  monthStart: Date;
  /** When it is issued. */
  now: Date;
  taxRatePercent: string;
  /** The instant the lines' hours are counted to (default now; the simulated month end uses its end). */
  hoursAsOf?: Date;
}

/**
 * Issues the team's invoice for the month starting at monthStart, for its usage charges no invoice covers
 * yet; undefined when there are none.
 */
export async function issueInvoice(tx: Transaction, input: IssueInput): Promise<InvoiceRow | undefined> {
  const { teamId, monthStart, now, taxRatePercent } = input;
  const account = await lockAccount(tx, teamId, now);
  if (!account) return undefined;
  const after = await coveredThrough(tx, teamId, monthStart);
  const periodEnd = addMonths(monthStart, 1);
  const lines = await monthLines(tx, teamId, account.currency, monthStart, input.hoursAsOf ?? now, after);
  const stored = await storageLines(tx, teamId, account.currency, monthStart, after);
  const backups = await backupLines(tx, teamId, account.currency, monthStart, after);
  const subtotalMinor = [...lines, ...stored, ...backups].reduce((sum, line) => sum + line.amountMinor, 0);
  if (subtotalMinor <= 0) return undefined;
  const taxMinor = taxOf(subtotalMinor, taxRatePercent);
  const number = await nextNumber(tx, now.getUTCFullYear());
  if (taxMinor > 0) {
    await postCharge(tx, {
      teamId,
      amountMinor: taxMinor,
      description: message('history.ledger.tax', { rate: taxRatePercent, number }),
      periodStart: monthStart,
      periodEnd,
      idempotencyKey: `invoice-tax:${number}`,
      at: now,
    });
  }
  const [last] = await tx
    .select({ seq: max(ledgerEntries.seq) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.teamId, teamId));
  const totalMinor = subtotalMinor + taxMinor;
  const [row] = await tx
    .insert(invoices)
    .values({
      id: randomUUID(),
      teamId,
      number,
      currency: account.currency,
      periodStart: monthStart,
      periodEnd,
      lines: lines as unknown as Record<string, unknown>[],
      storageLines: stored as unknown as Record<string, unknown>[],
      backupLines: backups as unknown as Record<string, unknown>[],
      subtotalMinor,
      taxRatePercent,
      taxMinor,
      totalMinor,
      billTo: (await billToOf(tx, teamId)) as unknown as Record<string, unknown>,
      issuedAt: now,
      paidAt: (await isCovered(tx, teamId, periodEnd)) ? now : null,
      throughSeq: Number(last?.seq ?? 0),
    })
    .returning();
  await recordAudit(tx, {
    teamId,
    actor: SYSTEM_ACTOR,
    action: 'billing.invoice_issued',
    target: number,
    details: {
      period: monthStart.toISOString().slice(0, 7),
      total: formatMoney(totalMinor, account.currency),
      paid: Boolean(row?.paidAt),
    },
    at: now,
  });
  return row;
}

/** Issues what is due for the months before now's, then marks invoices the balance now covers as paid. */
export async function issueInvoices(
  db: Database,
  now: Date,
  taxRatePercent: string,
): Promise<{ issued: InvoiceRow[]; paid: number }> {
  const current = monthStartOf(now);
  const issued: InvoiceRow[] = [];
  for (let back = LOOKBACK_MONTHS; back >= 1; back -= 1) {
    const monthStart = addMonths(current, -back);
    const due = await db
      .selectDistinct({ teamId: ledgerEntries.teamId })
      .from(ledgerEntries)
      .where(
        and(
          sql`${ledgerEntries.computeId} is not null`,
          eq(ledgerEntries.kind, 'charge'),
          sql`${ledgerEntries.periodStart} >= ${monthStart}`,
          lt(ledgerEntries.periodStart, addMonths(monthStart, 1)),
          sql`${ledgerEntries.seq} > coalesce((select max(i.through_seq) from invoices i where i.team_id = ${ledgerEntries.teamId} and i.period_start = ${monthStart}), 0)`,
        ),
      );
    const teamIds = new Set([
      ...due.map((row) => row.teamId),
      ...(await teamsWithUninvoicedStorage(db, monthStart)),
    ]);
    for (const teamId of teamIds) {
      const row = await db.transaction((tx) => issueInvoice(tx, { teamId, monthStart, now, taxRatePercent }));
      if (row) issued.push(row);
    }
  }
  let paid = 0;
  const unpaid = await db
    .select({ id: invoices.id, teamId: invoices.teamId, periodEnd: invoices.periodEnd })
    .from(invoices)
    .where(isNull(invoices.paidAt));
  for (const invoice of unpaid) {
    if (!(await isCovered(db, invoice.teamId, invoice.periodEnd))) continue;
    await db.update(invoices).set({ paidAt: now }).where(eq(invoices.id, invoice.id));
    paid += 1;
  }
  return { issued, paid };
}

/** When the team's oldest usage that no invoice covers yet started; undefined when all are invoiced. */
export async function uninvoicedUsageSince(db: Queryable, teamId: string): Promise<Date | undefined> {
  const [accruing] = await db
    .select({ first: sql<Date | string | null>`min(${usageAccruals.firstHourStart})` })
    .from(usageAccruals)
    .where(and(eq(usageAccruals.teamId, teamId), isNull(usageAccruals.postedSeq)));
  const [storing] = await db
    .select({ first: sql<Date | string | null>`min(${storageAccruals.firstHourStart})` })
    .from(storageAccruals)
    .where(and(eq(storageAccruals.teamId, teamId), isNull(storageAccruals.postedSeq)));
  const [row] = await db
    .select({ first: sql<Date | string | null>`min(${ledgerEntries.periodStart})` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.teamId, teamId),
        eq(ledgerEntries.kind, 'charge'),
        or(isNotNull(ledgerEntries.computeId), like(ledgerEntries.idempotencyKey, 'storage:%')),
        sql`${ledgerEntries.seq} > coalesce((select max(i.through_seq) from invoices i where i.team_id = ${ledgerEntries.teamId} and i.period_start = date_trunc('month', ${ledgerEntries.periodStart}, 'UTC')), 0)`,
      ),
    );
  const firsts = [row?.first, accruing?.first, storing?.first]
    .filter((first) => first != null)
    .map((first) => new Date(first));
  return firsts.length > 0 ? new Date(Math.min(...firsts.map((first) => first.getTime()))) : undefined;
}

export function toInvoiceSummary(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    currency: row.currency as Currency,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    totalMinor: row.totalMinor,
    status: row.paidAt ? 'paid' : 'unpaid',
    issuedAt: row.issuedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    ...toInvoiceSummary(row),
    lines: row.lines as unknown as InvoiceLine[],
    storageLines: row.storageLines as unknown as StorageInvoiceLine[],
    backupLines: row.backupLines as unknown as BackupInvoiceLine[],
    subtotalMinor: row.subtotalMinor,
    taxRatePercent: row.taxRatePercent,
    taxMinor: row.taxMinor,
    billTo: row.billTo as unknown as InvoiceBillTo,
  };
}

export async function listInvoices(db: Queryable, teamId: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.teamId, teamId))
    .orderBy(desc(invoices.periodStart));
  return rows.map(toInvoiceSummary);
}

/** The team's invoice; undefined for another team's or a malformed id (the caller answers 404). */
export async function findInvoice(db: Queryable, teamId: string, id: string): Promise<Invoice | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.id, id)));
  return row && toInvoice(row);
}
