// What a team's usage came to in a calendar month, from the ledger's usage charges: one line per compute
// (started hours, rate, amount), the days, and — for the current month — the projected month-end total.
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { InvoiceLine, Usage } from '../../src/contract/billing';
import type { Currency } from '../../src/contract/teams';
import { computes, ledgerEntries } from '../db/schema';
import type { Queryable } from '../teams/team-record';
import {
  addMonths,
  chargeableUntil,
  firstHourAtOrAfter,
  HOUR_MS,
  hourStartsBetween,
  monthStartOf,
  planPrice,
} from './metering';

function usageInMonth(teamId: string, currency: Currency, monthStart: Date, afterSeq = 0) {
  return and(
    gt(ledgerEntries.seq, afterSeq),
    eq(ledgerEntries.teamId, teamId),
    eq(ledgerEntries.kind, 'charge'),
    isNotNull(ledgerEntries.computeId),
    eq(ledgerEntries.currency, currency),
    gte(ledgerEntries.periodStart, monthStart),
    lt(ledgerEntries.periodStart, addMonths(monthStart, 1)),
  );
}

/**
 * One line per compute charged in the month: its started hours in the month (up to `now` for the current
 * one), the plan's hourly rate, and what was charged — hours × rate, or the monthly cap when lower. With
 * afterSeq, only the charges posted after that ledger entry, and the hours they charged.
 */
export async function monthLines(
  db: Queryable,
  teamId: string,
  currency: Currency,
  monthStart: Date,
  now: Date,
  afterSeq = 0,
): Promise<InvoiceLine[]> {
  const rows = await db
    .select({
      computeId: ledgerEntries.computeId,
      amountMinor: sql<string>`sum(-${ledgerEntries.amountMinor})`,
      charges: sql<number>`count(*)::int`,
      hostname: computes.hostname,
      instanceType: computes.instanceType,
      createdAt: computes.createdAt,
      destroyedAt: computes.destroyedAt,
    })
    .from(ledgerEntries)
    .leftJoin(computes, eq(computes.id, ledgerEntries.computeId))
    .where(usageInMonth(teamId, currency, monthStart, afterSeq))
    .groupBy(
      ledgerEntries.computeId,
      computes.hostname,
      computes.instanceType,
      computes.createdAt,
      computes.destroyedAt,
    )
    .orderBy(asc(computes.hostname), asc(ledgerEntries.computeId));
  const monthEnd = addMonths(monthStart, 1);
  return rows.map((row) => {
    const amountMinor = Number(row.amountMinor);
    const price = planPrice(row.instanceType ?? {}, currency);
    const hours =
      row.createdAt && afterSeq === 0
        ? hourStartsBetween(
            row.createdAt,
            monthStart,
            new Date(Math.min(monthEnd.getTime(), chargeableUntil(row.destroyedAt, now).getTime())),
          )
        : row.charges;
    return {
      computeId: row.computeId!,
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
): Promise<Usage> {
  const periodStart = monthStartOf(now);
  const periodEnd = addMonths(periodStart, 1);
  const lines = await monthLines(db, teamId, currency, periodStart, now);
  const monthToDateMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);

  const charged = new Map(lines.map((line) => [line.computeId, line.amountMinor]));
  const lastCharged = await db
    .select({
      computeId: ledgerEntries.computeId,
      last: sql<Date | string>`max(${ledgerEntries.periodStart})`,
    })
    .from(ledgerEntries)
    .where(usageInMonth(teamId, currency, periodStart))
    .groupBy(ledgerEntries.computeId);
  const lastById = new Map(lastCharged.map((row) => [row.computeId, new Date(row.last)]));
  const live = await db
    .select({ id: computes.id, instanceType: computes.instanceType, createdAt: computes.createdAt })
    .from(computes)
    .where(and(eq(computes.teamId, teamId), isNull(computes.destroyedAt)));
  let projectedMonthEndMinor = monthToDateMinor;
  for (const compute of live) {
    const price = planPrice(compute.instanceType, currency);
    const last = lastById.get(compute.id);
    // The hours not charged yet (the sweep may not have reached the latest) until the month ends.
    const next = last
      ? new Date(last.getTime() + HOUR_MS)
      : firstHourAtOrAfter(compute.createdAt, periodStart);
    const remaining = hourStartsBetween(compute.createdAt, next, periodEnd);
    const room = price.monthlyMinor - (charged.get(compute.id) ?? 0);
    projectedMonthEndMinor += Math.max(0, Math.min(remaining * price.hourlyMinor, room));
  }

  const days = await db
    .select({
      date: sql<string>`to_char(${ledgerEntries.periodStart} at time zone 'UTC', 'YYYY-MM-DD')`,
      amountMinor: sql<string>`sum(-${ledgerEntries.amountMinor})`,
    })
    .from(ledgerEntries)
    .where(usageInMonth(teamId, currency, periodStart))
    .groupBy(sql`1`);
  const byDay = new Map(days.map((day) => [day.date, Number(day.amountMinor)]));
  const daily: Usage['daily'] = [];
  for (let day = 1; day <= now.getUTCDate(); day += 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)).toISOString().slice(0, 10);
    daily.push({ date, amountMinor: byDay.get(date) ?? 0 });
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
    daily,
  };
}
