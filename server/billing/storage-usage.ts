// The current month's storage in a team's usage: a line per volume and image at each size (charged so far),
// what they add per UTC day, and what the live ones will cost until the month ends at their size now,
// within the monthly cap (src/domain/storage-prices.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StorageInvoiceLine } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { monthlyStorageCost, storageChargeFor } from '@/domain/storage-prices';
import { storageAccruals, storageMeters } from '../db/schema';
import type { Queryable } from '../tenancy/team-record';
import { addMonths, hourStartsBetween } from './metering';
import { storageLines } from './storage-close';
import { type StoragePriceOf, sizeAt } from './storage-metering';

export interface StorageUsage {
  lines: StorageInvoiceLine[];
  /** What the live things add by the month's end, beyond what is charged. */
  projectedMinor: number;
  /** Minor units per UTC day ("2026-11-03"). */
  daily: Map<string, number>;
}

export async function storageUsage(
  db: Queryable,
  teamId: string,
  currency: Currency,
  periodStart: Date,
  priceOf: StoragePriceOf,
): Promise<StorageUsage> {
  const periodEnd = addMonths(periodStart, 1);
  const lines = await storageLines(db, teamId, currency, periodStart);
  const charged = new Map<string, number>();
  for (const line of lines) charged.set(line.id, (charged.get(line.id) ?? 0) + line.amountMinor);

  const live = await db
    .select()
    .from(storageMeters)
    .where(and(eq(storageMeters.teamId, teamId), isNull(storageMeters.endedAt)));
  let projectedMinor = 0;
  for (const meter of live) {
    const price = priceOf(meter.kind);
    if (!price || meter.nextMeterAt >= periodEnd) continue;
    const gb = sizeAt(meter.sizes, meter.nextMeterAt);
    const line = lines.find((entry) => entry.id === meter.id && entry.sizeGb === gb);
    const monthly = line?.monthlyMinor ?? monthlyStorageCost(price, gb, currency);
    // From this month's first hour not accrued yet (a sweep behind since last month counts this month only).
    const from = new Date(Math.max(meter.nextMeterAt.getTime(), periodStart.getTime()));
    const remaining = hourStartsBetween(meter.startedAt, from, periodEnd);
    const others = (charged.get(meter.id) ?? 0) - (line?.amountMinor ?? 0);
    const target = Math.min(storageChargeFor((line?.hours ?? 0) + remaining, monthly), monthly - others);
    projectedMinor += Math.max(0, target - (line?.amountMinor ?? 0));
  }

  const days = await db
    .select({ date: sql<string>`day.key`, amountMinor: sql<string>`sum(day.value::bigint)` })
    .from(storageAccruals)
    .innerJoin(sql`jsonb_each_text(${storageAccruals.daily}) as day`, sql`true`)
    .where(
      and(
        eq(storageAccruals.teamId, teamId),
        eq(storageAccruals.currency, currency),
        eq(storageAccruals.monthStart, periodStart),
      ),
    )
    .groupBy(sql`1`);
  return {
    lines,
    projectedMinor,
    daily: new Map(days.map((day) => [day.date, Number(day.amountMinor)])),
  };
}
