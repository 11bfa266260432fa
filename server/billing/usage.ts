// What a team's usage came to in a calendar month, from its computes' accruals (one per compute and month,
// metering.ts): one line per compute (started hours, rate, amount), one per volume and image at each size
// (storage-usage.ts), the days, and — for the current month — the projected month-end total.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { InvoiceLine, Usage } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { computes, usageAccruals } from '../db/schema';
import type { Queryable } from '../tenancy/team-record';
import { backupChargesByDay } from './backup-charges';
import {
  addMonths,
  chargeableUntil,
  firstHourAtOrAfter,
  hourStartsBetween,
  monthStartOf,
  planPrice,
} from './metering';
import type { StoragePriceOf } from './storage-metering';
import { storageUsage } from './storage-usage';

function usageInMonth(teamId: string, currency: Currency, monthStart: Date, postedAfter?: number) {
  return and(
    eq(usageAccruals.teamId, teamId),
    eq(usageAccruals.currency, currency),
    eq(usageAccruals.monthStart, monthStart),
    postedAfter === undefined ? undefined : gt(usageAccruals.postedSeq, postedAfter),
  );
}

/**
 * One line per compute charged in the month: its started hours in the month (up to `now` for the current
 * one), the plan's hourly rate, and what was charged — hours × rate, or the monthly cap when lower. With
 * postedAfter (an invoice), only what was posted to the ledger after that entry, and the hours it charged.
 */
export async function monthLines(
  db: Queryable,
  teamId: string,
  currency: Currency,
  monthStart: Date,
  now: Date,
  postedAfter?: number,
): Promise<InvoiceLine[]> {
  const rows = await db
    .select({
      computeId: usageAccruals.computeId,
      amountMinor: sql<string>`sum(${usageAccruals.amountMinor})`,
      hours: sql<number>`sum(${usageAccruals.hours})::int`,
      hostname: computes.hostname,
      instanceType: computes.instanceType,
      createdAt: computes.createdAt,
      destroyedAt: computes.destroyedAt,
    })
    .from(usageAccruals)
    .leftJoin(computes, eq(computes.id, usageAccruals.computeId))
    .where(usageInMonth(teamId, currency, monthStart, postedAfter))
    .groupBy(
      usageAccruals.computeId,
      computes.hostname,
      computes.instanceType,
      computes.createdAt,
      computes.destroyedAt,
    )
    .orderBy(asc(computes.hostname), asc(usageAccruals.computeId));
  const monthEnd = addMonths(monthStart, 1);
  return rows.map((row) => {
    const amountMinor = Number(row.amountMinor);
    const price = planPrice(row.instanceType ?? {}, currency);
    // The whole month's line counts every started hour, those past the cap too; a later invoice of the
    // month (after the simulated month end) counts the hours it charges.
    const hours =
      row.createdAt && !postedAfter
        ? hourStartsBetween(
            row.createdAt,
            monthStart,
            new Date(Math.min(monthEnd.getTime(), chargeableUntil(row.destroyedAt, now).getTime())),
          )
        : row.hours;
    return {
      computeId: row.computeId,
      hostname: row.hostname ?? 'deleted compute',
      plan: price.name,
      hours,
      rateMinor: price.hourlyMinor,
      amountMinor,
      capped: amountMinor < hours * price.hourlyMinor,
    };
  });
}

/** The current calendar month's usage of a team, with the projection to the month's end. */
export async function readUsage(
  db: Queryable,
  teamId: string,
  currency: Currency,
  now: Date,
  priceOf: StoragePriceOf = () => undefined,
): Promise<Usage> {
  const periodStart = monthStartOf(now);
  const periodEnd = addMonths(periodStart, 1);
  const lines = await monthLines(db, teamId, currency, periodStart, now);
  const storage = await storageUsage(db, teamId, currency, periodStart, priceOf);
  // Backup days are charged as each daily backup begins: what is charged so far, on the day it was.
  const backupDays = await backupChargesByDay(db, teamId, currency, periodStart);
  const monthToDateMinor =
    [...lines, ...storage.lines].reduce((sum, line) => sum + line.amountMinor, 0) +
    [...backupDays.values()].reduce((sum, amount) => sum + amount, 0);

  const charged = new Map(lines.map((line) => [line.computeId, line.amountMinor]));
  const accrued = await db
    .select({
      computeId: usageAccruals.computeId,
      end: sql<Date | string>`max(${usageAccruals.lastHourEnd})`,
    })
    .from(usageAccruals)
    .where(usageInMonth(teamId, currency, periodStart))
    .groupBy(usageAccruals.computeId);
  const accruedUntil = new Map(accrued.map((row) => [row.computeId, new Date(row.end)]));
  const live = await db
    .select({ id: computes.id, instanceType: computes.instanceType, createdAt: computes.createdAt })
    .from(computes)
    .where(and(eq(computes.teamId, teamId), isNull(computes.destroyedAt)));
  let projectedMonthEndMinor = monthToDateMinor + storage.projectedMinor;
  for (const compute of live) {
    const price = planPrice(compute.instanceType, currency);
    // The hours not accrued yet (the sweep may not have reached the latest) until the month ends.
    const next = accruedUntil.get(compute.id) ?? firstHourAtOrAfter(compute.createdAt, periodStart);
    const remaining = hourStartsBetween(compute.createdAt, next, periodEnd);
    const room = price.monthlyMinor - (charged.get(compute.id) ?? 0);
    projectedMonthEndMinor += Math.max(0, Math.min(remaining * price.hourlyMinor, room));
  }

  const days = await db
    .select({ date: sql<string>`day.key`, amountMinor: sql<string>`sum(day.value::bigint)` })
    .from(usageAccruals)
    .innerJoin(sql`jsonb_each_text(${usageAccruals.daily}) as day`, sql`true`)
    .where(usageInMonth(teamId, currency, periodStart))
    .groupBy(sql`1`);
  const byDay = new Map(days.map((day) => [day.date, Number(day.amountMinor)]));
  const daily: Usage['daily'] = [];
  for (let day = 1; day <= now.getUTCDate(); day += 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)).toISOString().slice(0, 10);
    daily.push({
      date,
      amountMinor: (byDay.get(date) ?? 0) + (storage.daily.get(date) ?? 0) + (backupDays.get(date) ?? 0),
    });
  }

  return {
    currency,
    monthToDateMinor,
    projectedMonthEndMinor,
    periodStart: periodStart.toISOString(),
    periodEnd: periodEnd.toISOString(),
    byCompute: lines.map(({ computeId, hostname, hours, rateMinor, amountMinor }) => ({
      computeId,
      hostname,
      hours,
      rateMinor,
      amountMinor,
    })),
    byStorage: storage.lines,
    daily,
  };
}
