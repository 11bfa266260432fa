// Metering: a compute costs its plan's hourly price, in the team's currency, for every started hour it
// exists — from the request that made it until it is destroyed, running, stopped (it keeps its disk and
// address) or in error alike — and never more than the plan's monthly price in one calendar month (UTC).
// Hours count from the compute's creation (a compute made at 10:40 starts its second hour at 11:40), and an
// hour belongs to the month it starts in. The sweep posts each started hour once, as it starts, with the
// key usage:<computeId>:<hour start ISO>; a sweep that missed hours (a restart) catches up. Each compute keeps
// a cursor (computes.next_meter_at), moved on in the transaction that posts its hours and past the rest of
// the month once its cap is reached: a sweep reads only the computes with an hour due, off an index.
import { and, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Currency } from '../../src/contract/teams';
import type { Database, Transaction } from '../db';
import { computes, ledgerEntries } from '../db/schema';
import type { Queryable } from '../teams/team-record';
import { lockAccount, postCharge } from './ledger';

export const HOUR_MS = 3_600_000;
/** Destroyed computes are looked at this long after: their last hours are posted by the next sweep anyway. */
const DESTROYED_LOOKBACK_MS = 35 * 24 * HOUR_MS;
/** At most this many hours per compute and transaction, so one long catch-up cannot hold a team's lock long. */
const MAX_HOURS_PER_TRANSACTION = 500;
/**
 * At most this many compute-hours per sweep (one a minute): far above what running computes need (one an
 * hour each, so 60,000 computes), while a catch-up after downtime — or thousands of computes made at once —
 * is spread over sweeps instead of holding the database for minutes.
 */
export const METERING_BUDGET_PER_SWEEP = 1_000;

/** What a compute's stored plan says it costs (the plan as it was when the compute was made). */
export interface PlanPrice {
  name: string;
  hourlyMinor: number;
  /** The monthly cap; Infinity when the plan has none. */
  monthlyMinor: number;
}

export function planPrice(instanceType: Record<string, unknown>, currency: Currency): PlanPrice {
  const hourly = (instanceType.hourly as Record<string, number> | undefined)?.[currency];
  const monthly = (instanceType.monthly as Record<string, number> | undefined)?.[currency];
  return {
    name: typeof instanceType.name === 'string' ? instanceType.name : String(instanceType.id ?? 'plan'),
    hourlyMinor: Number.isSafeInteger(hourly) && hourly! > 0 ? hourly! : 0,
    monthlyMinor: Number.isSafeInteger(monthly) && monthly! > 0 ? monthly! : Number.POSITIVE_INFINITY,
  };
}

export function monthStartOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function addMonths(month: Date, count: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + count, 1));
}

/** The first hour start of a compute made at `created` that is at or after `at`. */
export function firstHourAtOrAfter(created: Date, at: Date): Date {
  const k = Math.max(0, Math.ceil((at.getTime() - created.getTime()) / HOUR_MS));
  return new Date(created.getTime() + k * HOUR_MS);
}

/** How many hours of a compute made at `created` start in [from, to). */
export function hourStartsBetween(created: Date, from: Date, to: Date): number {
  const c = created.getTime();
  const first = Math.max(0, Math.ceil((from.getTime() - c) / HOUR_MS));
  const end = Math.max(0, Math.ceil((to.getTime() - c) / HOUR_MS));
  return Math.max(0, end - first);
}

/** The end of a compute's chargeable time as of `now`: its destruction, or just after now (hours started). */
export function chargeableUntil(destroyedAt: Date | null, now: Date): Date {
  const soon = now.getTime() + 1;
  return new Date(destroyedAt ? Math.min(destroyedAt.getTime(), soon) : soon);
}

type ComputeRow = Pick<
  typeof computes.$inferSelect,
  'id' | 'teamId' | 'hostname' | 'instanceType' | 'createdAt' | 'destroyedAt'
>;

/** Usage charged to one compute for hours starting in [from, to), in one currency. */
export async function chargedBetween(
  db: Queryable,
  computeId: string,
  currency: Currency,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(-${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.computeId, computeId),
        eq(ledgerEntries.kind, 'charge'),
        eq(ledgerEntries.currency, currency),
        gte(ledgerEntries.periodStart, from),
        lt(ledgerEntries.periodStart, to),
      ),
    );
  return Number(row?.sum ?? 0);
}

/**
 * Posts the compute's hours not yet charged that start before `until` (its destruction, or the hours started
 * by now), under its team's lock, dated `at`; answers how many.
 */
async function meterCompute(
  tx: Transaction,
  compute: ComputeRow,
  until: Date,
  at: Date,
  limit = MAX_HOURS_PER_TRANSACTION,
): Promise<number> {
  const account = await lockAccount(tx, compute.teamId, at);
  if (!account) return 0;
  const price = planPrice(compute.instanceType, account.currency);
  if (price.hourlyMinor === 0) {
    // Free: nothing to post; look again when its next hour starts.
    await moveCursor(tx, compute.id, firstHourAtOrAfter(compute.createdAt, until));
    return 0;
  }
  // Read again under the lock: a concurrent sweep may have posted meanwhile.
  const [cursor] = await tx
    .select({ last: sql<Date | string | null>`max(${ledgerEntries.periodStart})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.computeId, compute.id), eq(ledgerEntries.kind, 'charge')));
  const last = cursor?.last ? new Date(cursor.last) : null;
  let start = last ? new Date(last.getTime() + HOUR_MS) : compute.createdAt;
  let month: number | undefined;
  let monthCharged = 0;
  let posted = 0;
  while (start < until && posted < limit) {
    const monthStart = monthStartOf(start);
    if (monthStart.getTime() !== month) {
      month = monthStart.getTime();
      monthCharged = await chargedBetween(
        tx,
        compute.id,
        account.currency,
        monthStart,
        addMonths(monthStart, 1),
      );
    }
    const amountMinor = Math.min(price.hourlyMinor, price.monthlyMinor - monthCharged);
    if (amountMinor <= 0) {
      // The month's cap is reached: nothing more until the first hour of the next month.
      start = firstHourAtOrAfter(compute.createdAt, addMonths(monthStart, 1));
      continue;
    }
    const periodEnd = new Date(start.getTime() + HOUR_MS);
    await postCharge(tx, {
      teamId: compute.teamId,
      amountMinor,
      description: `${compute.hostname} (${price.name}), hour from ${start.toISOString()}`,
      computeId: compute.id,
      periodStart: start,
      periodEnd,
      idempotencyKey: `usage:${compute.id}:${start.toISOString()}`,
      at,
    });
    monthCharged += amountMinor;
    posted += 1;
    start = periodEnd;
  }
  await moveCursor(tx, compute.id, start);
  return posted;
}

/** The compute's next hour to look at: every hour before it is charged, or inside a month at its cap. */
async function moveCursor(tx: Transaction, computeId: string, next: Date): Promise<void> {
  await tx.update(computes).set({ nextMeterAt: next }).where(eq(computes.id, computeId));
}

/**
 * Posts the compute's hours due before `until`, one transaction per MAX_HOURS_PER_TRANSACTION hours so no
 * transaction holds the team's lock long, at most `budget` hours; answers how many.
 */
export async function meterComputeThrough(
  db: Database,
  compute: ComputeRow,
  until: Date,
  at: Date,
  budget = Number.POSITIVE_INFINITY,
): Promise<number> {
  let posted = 0;
  while (posted < budget) {
    const limit = Math.min(budget - posted, MAX_HOURS_PER_TRANSACTION);
    const now = await db.transaction((tx) => meterCompute(tx, compute, until, at, limit));
    posted += now;
    if (now < limit) break;
  }
  return posted;
}

export const meteredComputeColumns = {
  id: computes.id,
  teamId: computes.teamId,
  hostname: computes.hostname,
  instanceType: computes.instanceType,
  createdAt: computes.createdAt,
  destroyedAt: computes.destroyedAt,
};

export interface MeteringResult {
  /** Compute-hours charged by this sweep. */
  hoursCharged: number;
  /** Computes that had an hour due and were looked at (a compute at its monthly cap is not, until the next). */
  computesExamined: number;
  /** The teams charged. */
  teamIds: Set<string>;
  /** Whether hours are still due (the budget ran out, or the sweep was asked to stop). */
  more: boolean;
}

export interface MeteringOptions {
  /** Compute-hours to charge at most (METERING_BUDGET_PER_SWEEP). */
  budget?: number;
  /** Checked between computes: the server is shutting down. */
  shouldStop?: () => boolean;
}

/**
 * Charges the started compute-hours not charged yet, the longest-waiting computes first: one transaction per
 * compute with hours due, within the budget.
 */
export async function meterUsage(
  db: Database,
  now: Date,
  { budget = METERING_BUDGET_PER_SWEEP, shouldStop = () => false }: MeteringOptions = {},
): Promise<MeteringResult> {
  // The cursor's index: only computes whose next hour has started (and, destroyed ones, started before then).
  const next = sql<Date | string>`coalesce(${computes.nextMeterAt}, ${computes.createdAt})`;
  const candidates = await db
    .select({ ...meteredComputeColumns, next })
    .from(computes)
    .where(
      and(
        sql`${next} <= ${now}`,
        or(
          isNull(computes.destroyedAt),
          and(
            sql`${next} < ${computes.destroyedAt}`,
            gt(computes.destroyedAt, new Date(now.getTime() - DESTROYED_LOOKBACK_MS)),
          ),
        ),
      ),
    );
  const due = candidates
    .map((compute) => ({
      compute,
      next: new Date(compute.next),
      until: chargeableUntil(compute.destroyedAt, now),
    }))
    .sort((a, b) => a.next.getTime() - b.next.getTime() || a.compute.id.localeCompare(b.compute.id));
  let hoursCharged = 0;
  let computesExamined = 0;
  const teamIds = new Set<string>();
  for (const { compute, until } of due) {
    if (shouldStop()) return { hoursCharged, computesExamined, teamIds, more: true };
    computesExamined += 1;
    const charged = await meterComputeThrough(db, compute, until, now, budget - hoursCharged);
    if (charged > 0) teamIds.add(compute.teamId);
    hoursCharged += charged;
    // The budget spent: this compute may still have hours due, and the rest are not reached.
    if (hoursCharged >= budget) return { hoursCharged, computesExamined, teamIds, more: true };
  }
  return { hoursCharged, computesExamined, teamIds, more: false };
}
