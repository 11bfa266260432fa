// What backups cost, charged to the team's balance: a day of backups (24 hours of the backup price, a share
// of the plan's) each time a compute's daily backup begins, never more than the monthly backup price in one
// calendar month (UTC). Each day's charge has its own key, so a sweep run twice never charges twice; the
// charges are ledger entries, and the month's invoice lists them: one line per compute (backupLines).
import { and, asc, eq, gt, gte, isNotNull, like, lt, sql } from 'drizzle-orm';
import type { BackupInvoiceLine } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import type { Transaction } from '../db';
import { computes, ledgerEntries } from '../db/schema';
import { dayValue, message } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';
import { lockAccount, postCharge } from './ledger';
import { addMonths } from './metering';

type Price = Record<Currency, number>;

export interface BackupDayCharge {
  teamId: string;
  computeId: string;
  hostname: string;
  hourly: Price;
  monthly: Price;
  at: Date;
}

/** Charges the day of backups that begins at `at`; answers the amount charged (0: the month is paid up). */
export async function chargeBackupDay(tx: Transaction, input: BackupDayCharge): Promise<number> {
  const account = await lockAccount(tx, input.teamId, input.at);
  if (!account) return 0;
  const month = input.at.toISOString().slice(0, 7);
  const prefix = `backups:${input.computeId}:${month}:`;
  const [charged] = await tx
    .select({ total: sql<number>`coalesce(-sum(${ledgerEntries.amountMinor}), 0)::bigint` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.teamId, input.teamId), like(ledgerEntries.idempotencyKey, `${prefix}%`)));
  const room = input.monthly[account.currency] - Number(charged?.total ?? 0);
  const amountMinor = Math.min(24 * input.hourly[account.currency], room);
  if (amountMinor <= 0) return 0;
  const periodStart = input.at;
  const periodEnd = new Date(input.at.getTime() + 24 * 3_600_000);
  await postCharge(tx, {
    teamId: input.teamId,
    amountMinor,
    description: message('history.ledger.backups', { hostname: input.hostname, day: dayValue(periodStart) }),
    computeId: input.computeId,
    periodStart,
    periodEnd,
    hours: 24,
    idempotencyKey: `${prefix}${input.at.toISOString().slice(0, 10)}`,
    at: input.at,
  });
  return amountMinor;
}

/** The team's backup day charges in `currency` whose day begins in the calendar month (UTC) of `monthStart`. */
function backupChargesOfMonth(teamId: string, currency: Currency, monthStart: Date) {
  return and(
    eq(ledgerEntries.teamId, teamId),
    eq(ledgerEntries.currency, currency),
    eq(ledgerEntries.kind, 'charge'),
    like(ledgerEntries.idempotencyKey, 'backups:%'),
    gte(ledgerEntries.periodStart, monthStart),
    lt(ledgerEntries.periodStart, addMonths(monthStart, 1)),
  );
}

/**
 * The month's backup lines, one per compute, from its day charges posted after ledger entry `postedAfter`
 * (an invoice's earlier ones cover those before): the days charged, a whole day's charge (the largest), and
 * the amount; capped when the monthly backup price cut a day short.
 */
export async function backupLines(
  db: Queryable,
  teamId: string,
  currency: Currency,
  monthStart: Date,
  postedAfter = 0,
): Promise<BackupInvoiceLine[]> {
  const rows = await db
    .select({
      computeId: ledgerEntries.computeId,
      hostname: computes.hostname,
      days: sql<number>`count(*)::int`,
      dayRateMinor: sql<string>`max(-${ledgerEntries.amountMinor})`,
      amountMinor: sql<string>`sum(-${ledgerEntries.amountMinor})`,
    })
    .from(ledgerEntries)
    .leftJoin(computes, eq(computes.id, ledgerEntries.computeId))
    .where(
      and(
        backupChargesOfMonth(teamId, currency, monthStart),
        isNotNull(ledgerEntries.computeId),
        gt(ledgerEntries.seq, postedAfter),
      ),
    )
    .groupBy(ledgerEntries.computeId, computes.hostname)
    .orderBy(asc(computes.hostname), asc(ledgerEntries.computeId));
  return rows.map((row) => {
    const amountMinor = Number(row.amountMinor);
    const dayRateMinor = Number(row.dayRateMinor);
    return {
      computeId: row.computeId as string,
      hostname: row.hostname ?? 'deleted compute',
      days: row.days,
      dayRateMinor,
      amountMinor,
      capped: amountMinor < row.days * dayRateMinor,
    };
  });
}

/** The month's backup charges by UTC day (YYYY-MM-DD), for the usage's daily chart. */
export async function backupChargesByDay(
  db: Queryable,
  teamId: string,
  currency: Currency,
  monthStart: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      date: sql<string>`to_char(${ledgerEntries.periodStart} at time zone 'UTC', 'YYYY-MM-DD')`,
      amountMinor: sql<string>`sum(-${ledgerEntries.amountMinor})`,
    })
    .from(ledgerEntries)
    .where(backupChargesOfMonth(teamId, currency, monthStart))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.date, Number(row.amountMinor)]));
}
