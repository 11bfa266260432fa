// Metering: a compute costs its plan's hourly price, in the team's currency, for every started hour it
// exists — from the request that made it until it is destroyed, running, stopped (it keeps its disk and
// address) or in error alike — and never more than the plan's monthly price in one calendar month (UTC).
// Hours count from the compute's creation (a compute made at 10:40 starts its second hour at 11:40), and an
// hour belongs to the month it starts in.
//
// Each compute's month is one row (usage_accruals), updated in place as its hours start: the sweep adds the
// hours started since the compute's cursor (computes.next_meter_at) to it and takes them off the team's
// balance in the same transaction, which moves the cursor on — past the rest of the month once the monthly
// cap is reached. A sweep that missed hours (a restart) adds them all at once. When the month is over the
// row is posted to the ledger as one charge (month-close.ts). So stored rows grow with computes and months,
// and a sweep's work with the computes that have an hour due (read off the cursor's index), not with hours.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Currency } from '@/contract/teams';
import type { Database, Transaction } from '../db';
import { computes, usageAccruals } from '../db/schema';
import { METERING_COMPUTES_PER_SWEEP } from './config';
import { accrue, lockAccount } from './ledger';

export const HOUR_MS = 3_600_000;
/** Destroyed computes are looked at this long after: their last hours are accrued by the next sweep anyway. */
const DESTROYED_LOOKBACK_MS = 35 * 24 * HOUR_MS;

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

type AccrualRow = typeof usageAccruals.$inferSelect;

/** At most this many computes per transaction, so one big team cannot hold its lock long. */
const COMPUTES_PER_TRANSACTION = 500;

function dayKey(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Spreads `amount` over `hours` hours from `start` (hourly each, the last ones less at the cap) per UTC day. */
function addDaily(daily: Record<string, number>, start: Date, hours: number, hourly: number, amount: number) {
  let left = amount;
  let at = start.getTime();
  let remaining = hours;
  while (remaining > 0 && left > 0) {
    const dayEnd = Date.UTC(
      new Date(at).getUTCFullYear(),
      new Date(at).getUTCMonth(),
      new Date(at).getUTCDate() + 1,
    );
    const inDay = Math.min(remaining, Math.ceil((dayEnd - at) / HOUR_MS));
    const share = Math.min(inDay * hourly, left);
    const key = dayKey(at);
    daily[key] = (daily[key] ?? 0) + share;
    left -= share;
    remaining -= inDay;
    at += inDay * HOUR_MS;
  }
}

export const meteredComputeColumns = {
  id: computes.id,
  teamId: computes.teamId,
  hostname: computes.hostname,
  instanceType: computes.instanceType,
  createdAt: computes.createdAt,
  destroyedAt: computes.destroyedAt,
};

/**
 * Adds the hours of some of one team's computes started by `asOf` (each until its destruction) to their
 * months' accruals and takes them off the balance, in the caller's transaction under the team's lock, dated
 * `at`; answers how many hours.
 */
export async function meterTeam(
  tx: Transaction,
  teamId: string,
  computeIds: string[],
  asOf: Date,
  at: Date,
): Promise<number> {
  const account = await lockAccount(tx, teamId, at);
  if (!account || computeIds.length === 0) return 0;
  // Read under the lock: a concurrent sweep (another server's) may have moved a cursor meanwhile, and the
  // compute may have been destroyed since the sweep chose it.
  const due = (
    await tx
      .select({ ...meteredComputeColumns, next: computes.nextMeterAt })
      .from(computes)
      .where(and(inArray(computes.id, computeIds), eq(computes.teamId, teamId)))
  ).map((compute) => ({
    compute,
    start: compute.next ?? compute.createdAt,
    until: chargeableUntil(compute.destroyedAt, asOf),
  }));
  if (due.length === 0) return 0;
  const ids = due.map(({ compute }) => compute.id);
  const earliest = monthStartOf(new Date(Math.min(...due.map((item) => item.start.getTime()))));
  const monthRows = await tx
    .select()
    .from(usageAccruals)
    .where(and(inArray(usageAccruals.computeId, ids), gte(usageAccruals.monthStart, earliest)));
  const key = (computeId: string, month: Date) => `${computeId}|${month.getTime()}`;
  /** Charged so far per compute and month (open and posted rows), and each month's open row. */
  const charged = new Map<string, number>();
  const open = new Map<string, AccrualRow>();
  for (const row of monthRows) {
    const k = key(row.computeId, row.monthStart);
    charged.set(k, (charged.get(k) ?? 0) + row.amountMinor);
    if (row.postedSeq === null) open.set(k, row);
  }
  const changed = new Map<string, AccrualRow>();
  const moved: { id: string; next: Date }[] = [];
  let total = 0;
  let hours = 0;
  for (const { compute, until, start: from } of due) {
    const price = planPrice(compute.instanceType, account.currency);
    let start = from;
    if (price.hourlyMinor === 0) {
      // Free: nothing to accrue; look again when its next hour starts.
      moved.push({ id: compute.id, next: firstHourAtOrAfter(compute.createdAt, until) });
      continue;
    }
    while (start < until) {
      const monthStart = monthStartOf(start);
      const monthEnd = addMonths(monthStart, 1);
      const started = hourStartsBetween(
        compute.createdAt,
        start,
        new Date(Math.min(until.getTime(), monthEnd.getTime())),
      );
      const k = key(compute.id, monthStart);
      const room = price.monthlyMinor - (charged.get(k) ?? 0);
      if (room <= 0 || started === 0) {
        // The month's cap is reached: nothing more until the first hour of the next month.
        start = firstHourAtOrAfter(compute.createdAt, monthEnd);
        continue;
      }
      const count = Math.min(started, Math.ceil(room / price.hourlyMinor));
      const amountMinor = Math.min(count * price.hourlyMinor, room);
      const end = new Date(start.getTime() + count * HOUR_MS);
      const row: AccrualRow = open.get(k) ?? {
        id: randomUUID(),
        teamId,
        computeId: compute.id,
        monthStart,
        currency: account.currency,
        hours: 0,
        amountMinor: 0,
        daily: {},
        firstHourStart: start,
        lastHourEnd: start,
        postedSeq: null,
        updatedAt: at,
      };
      const daily = { ...row.daily };
      addDaily(daily, start, count, price.hourlyMinor, amountMinor);
      const next = {
        ...row,
        hours: row.hours + count,
        amountMinor: row.amountMinor + amountMinor,
        daily,
        lastHourEnd: end,
        updatedAt: at,
      };
      open.set(k, next);
      changed.set(k, next);
      charged.set(k, (charged.get(k) ?? 0) + amountMinor);
      total += amountMinor;
      hours += count;
      start = count < started ? firstHourAtOrAfter(compute.createdAt, monthEnd) : end;
    }
    moved.push({ id: compute.id, next: start });
  }
  if (changed.size > 0) {
    await tx
      .insert(usageAccruals)
      .values([...changed.values()])
      .onConflictDoUpdate({
        target: usageAccruals.id,
        set: {
          hours: sql`excluded.hours`,
          amountMinor: sql`excluded.amount_minor`,
          daily: sql`excluded.daily`,
          lastHourEnd: sql`excluded.last_hour_end`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  if (moved.length > 0) {
    const values = sql.join(
      moved.map(({ id, next }) => sql`(${id}::uuid, ${next.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await tx.execute(
      sql`update computes set next_meter_at = v.next from (values ${values}) as v(id, next) where computes.id = v.id`,
    );
  }
  await accrue(tx, account, total, at);
  return hours;
}

/**
 * Meters the given computes of one team (hours started by `asOf`), COMPUTES_PER_TRANSACTION at a time;
 * answers how many hours.
 */
export async function meterComputes(
  db: Database,
  teamId: string,
  computeIds: string[],
  asOf: Date,
  at: Date,
): Promise<number> {
  let hours = 0;
  for (let index = 0; index < computeIds.length; index += COMPUTES_PER_TRANSACTION) {
    const batch = computeIds.slice(index, index + COMPUTES_PER_TRANSACTION);
    hours += await db.transaction((tx) => meterTeam(tx, teamId, batch, asOf, at));
  }
  return hours;
}

export interface MeteringResult {
  /** Compute-hours taken off balances by this sweep. */
  hoursCharged: number;
  /** Computes that had an hour due and were looked at (a compute at its monthly cap is not, until the next). */
  computesExamined: number;
  /** The teams charged. */
  teamIds: Set<string>;
  /** Whether hours are still due (the budget ran out, or the sweep was asked to stop). */
  more: boolean;
}

export interface MeteringOptions {
  /** Computes to meter at most (METERING_COMPUTES_PER_SWEEP); the rest wait for the next sweep. */
  budget?: number;
  /** Checked between computes: the server is shutting down. */
  shouldStop?: () => boolean;
}

/**
 * Accrues the started compute-hours not accrued yet, the longest-waiting computes first: one transaction per
 * team (and COMPUTES_PER_TRANSACTION computes), within the budget.
 */
export async function meterUsage(
  db: Database,
  now: Date,
  { budget = METERING_COMPUTES_PER_SWEEP, shouldStop = () => false }: MeteringOptions = {},
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
    )
    .orderBy(next, computes.id)
    .limit(budget + 1);
  const more = candidates.length > budget;
  const byTeam = new Map<string, string[]>();
  for (const compute of candidates.slice(0, budget)) {
    const list = byTeam.get(compute.teamId) ?? [];
    list.push(compute.id);
    byTeam.set(compute.teamId, list);
  }
  let hoursCharged = 0;
  let computesExamined = 0;
  const teamIds = new Set<string>();
  for (const [teamId, due] of byTeam) {
    if (shouldStop()) return { hoursCharged, computesExamined, teamIds, more: true };
    computesExamined += due.length;
    const hours = await meterComputes(db, teamId, due, now, now);
    if (hours > 0) teamIds.add(teamId);
    hoursCharged += hours;
  }
  return { hoursCharged, computesExamined, teamIds, more };
}
