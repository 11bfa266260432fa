// Metering what is stored: a volume or team image costs its size's share of the monthly price (per
// GB-month, the catalog's storagePrices) for every started hour it exists, never more than the monthly
// price in a calendar month (UTC) — the rule is src/domain/storage-prices.ts. Hours count from the meter's
// start (storage-meters.ts); an hour is charged at the size it starts with, so a grow changes the rate from
// the next hour; a deleted thing's hours stop at its deletion.
//
// As compute metering does (metering.ts): the sweep adds the hours started since each meter's cursor to the
// month's row for that size (storage_accruals) and takes them off the team's balance in one transaction
// under the team's billing lock, which moves the cursor on. A sweep run twice, or by two servers, finds the
// cursor moved and charges nothing more; a sweep that missed hours adds them at once. The row is posted to
// the ledger as one charge when the month is over (storage-close.ts). A meter whose thing is gone is
// dropped once its last hour is accrued.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { StoragePrice } from '@/contract/storage-prices';
import { monthlyStorageCost, storageChargeFor } from '@/domain/storage-prices';
import type { Database, Transaction } from '../db';
import { storageAccruals, storageMeters } from '../db/schema';
import { accrue, lockAccount } from './ledger';
import { addMonths, firstHourAtOrAfter, HOUR_MS, hourStartsBetween, monthStartOf } from './metering';

/** The catalog's price per GB-month of a kind; undefined: that kind is free. */
export type StoragePriceOf = (kind: string) => StoragePrice | undefined;

type MeterRow = typeof storageMeters.$inferSelect;
type AccrualRow = typeof storageAccruals.$inferSelect;

/** The billed size at `at`: the last size set at or before it. */
export function sizeAt(sizes: MeterRow['sizes'], at: Date): number {
  let gb = sizes[0]?.gb ?? 0;
  for (const entry of sizes) if (new Date(entry.from).getTime() <= at.getTime()) gb = entry.gb;
  return gb;
}

/** The first size change after `at`, or Infinity. */
function nextChangeAfter(sizes: MeterRow['sizes'], at: Date): number {
  let next = Number.POSITIVE_INFINITY;
  for (const entry of sizes) {
    const from = new Date(entry.from).getTime();
    if (from > at.getTime()) next = Math.min(next, from);
  }
  return next;
}

function nextUtcDay(at: Date): number {
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
}

/**
 * Accrues the hours of some of one team's meters started by `asOf` (each until its end) and takes them off
 * the balance, in the caller's transaction under the team's lock, dated `at`; answers how many hours.
 */
export async function meterStorageOfTeam(
  tx: Transaction,
  teamId: string,
  meterIds: string[],
  priceOf: StoragePriceOf,
  asOf: Date,
  at: Date,
): Promise<number> {
  const account = await lockAccount(tx, teamId, at);
  if (!account || meterIds.length === 0) return 0;
  // Read under the lock: another server's sweep may have moved a cursor since this one chose the meter.
  const meters = await tx
    .select()
    .from(storageMeters)
    .where(and(inArray(storageMeters.id, meterIds), eq(storageMeters.teamId, teamId)));
  if (meters.length === 0) return 0;
  const earliest = monthStartOf(new Date(Math.min(...meters.map((meter) => meter.nextMeterAt.getTime()))));
  const rows = await tx
    .select()
    .from(storageAccruals)
    .where(
      and(
        inArray(
          storageAccruals.meterId,
          meters.map((meter) => meter.id),
        ),
        sql`${storageAccruals.monthStart} >= ${earliest}`,
      ),
    );
  const monthKey = (meterId: string, month: Date) => `${meterId}|${month.getTime()}`;
  const rowKey = (meterId: string, month: Date, gb: number) => `${monthKey(meterId, month)}|${gb}`;
  /** Charged so far per meter and month (open and posted rows), and each open row. */
  const charged = new Map<string, number>();
  const open = new Map<string, AccrualRow>();
  for (const row of rows) {
    const k = monthKey(row.meterId, row.monthStart);
    charged.set(k, (charged.get(k) ?? 0) + row.amountMinor);
    if (row.postedSeq === null) open.set(rowKey(row.meterId, row.monthStart, row.sizeGb), row);
  }
  const changed = new Map<string, AccrualRow>();
  const moved: { id: string; next: Date }[] = [];
  const done: string[] = [];
  let total = 0;
  let hours = 0;
  for (const meter of meters) {
    const price = priceOf(meter.kind);
    const until = new Date(
      Math.min(meter.endedAt?.getTime() ?? Number.POSITIVE_INFINITY, asOf.getTime() + 1),
    );
    let start = meter.nextMeterAt;
    while (start < until) {
      const monthStart = monthStartOf(start);
      const gb = sizeAt(meter.sizes, start);
      // One stretch: hours of one size, in one UTC day (for the chart) and one month.
      const end = new Date(
        Math.min(
          until.getTime(),
          addMonths(monthStart, 1).getTime(),
          nextUtcDay(start),
          nextChangeAfter(meter.sizes, start),
        ),
      );
      const count = hourStartsBetween(meter.startedAt, start, end);
      const next = firstHourAtOrAfter(meter.startedAt, end);
      if (count === 0 || !price) {
        start = next;
        continue;
      }
      const k = rowKey(meter.id, monthStart, gb);
      const row: AccrualRow = open.get(k) ?? {
        id: randomUUID(),
        teamId,
        meterId: meter.id,
        kind: meter.kind,
        name: meter.name,
        monthStart,
        sizeGb: gb,
        currency: account.currency,
        monthlyMinor: monthlyStorageCost(price, gb, account.currency),
        hours: 0,
        amountMinor: 0,
        daily: {},
        firstHourStart: start,
        lastHourEnd: start,
        postedSeq: null,
        updatedAt: at,
      };
      const others = (charged.get(monthKey(meter.id, monthStart)) ?? 0) - row.amountMinor;
      const target = Math.min(
        storageChargeFor(row.hours + count, row.monthlyMinor),
        row.monthlyMinor - others,
      );
      const amountMinor = Math.max(0, target - row.amountMinor);
      const day = start.toISOString().slice(0, 10);
      const updated: AccrualRow = {
        ...row,
        name: meter.name,
        hours: row.hours + count,
        amountMinor: row.amountMinor + amountMinor,
        daily: amountMinor > 0 ? { ...row.daily, [day]: (row.daily[day] ?? 0) + amountMinor } : row.daily,
        lastHourEnd: new Date(start.getTime() + count * HOUR_MS),
        updatedAt: at,
      };
      open.set(k, updated);
      changed.set(k, updated);
      charged.set(monthKey(meter.id, monthStart), others + updated.amountMinor);
      total += amountMinor;
      hours += count;
      start = next;
    }
    if (meter.endedAt && start >= meter.endedAt) done.push(meter.id);
    else moved.push({ id: meter.id, next: start });
  }
  if (changed.size > 0) {
    await tx
      .insert(storageAccruals)
      .values([...changed.values()])
      .onConflictDoUpdate({
        target: storageAccruals.id,
        set: {
          name: sql`excluded.name`,
          hours: sql`excluded.hours`,
          amountMinor: sql`excluded.amount_minor`,
          daily: sql`excluded.daily`,
          lastHourEnd: sql`excluded.last_hour_end`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  for (const { id, next } of moved) {
    await tx.update(storageMeters).set({ nextMeterAt: next }).where(eq(storageMeters.id, id));
  }
  if (done.length > 0) await tx.delete(storageMeters).where(inArray(storageMeters.id, done));
  await accrue(tx, account, total, at);
  return hours;
}

export interface StorageMeteringResult {
  hoursCharged: number;
  teamIds: Set<string>;
  /** Hours are still due (the budget ran out, or the sweep was asked to stop). */
  more: boolean;
}

/**
 * Accrues the started hours of stored things not accrued yet, the longest-waiting first: one transaction
 * per team, at most `budget` meters a sweep.
 */
export async function meterStorage(
  db: Database,
  now: Date,
  priceOf: StoragePriceOf,
  { budget, shouldStop = () => false }: { budget: number; shouldStop?: () => boolean },
): Promise<StorageMeteringResult> {
  const candidates = await db
    .select({ id: storageMeters.id, teamId: storageMeters.teamId })
    .from(storageMeters)
    .where(lte(storageMeters.nextMeterAt, now))
    .orderBy(asc(storageMeters.nextMeterAt), asc(storageMeters.id))
    .limit(budget + 1);
  const more = candidates.length > budget;
  const byTeam = new Map<string, string[]>();
  for (const meter of candidates.slice(0, budget)) {
    byTeam.set(meter.teamId, [...(byTeam.get(meter.teamId) ?? []), meter.id]);
  }
  let hoursCharged = 0;
  const teamIds = new Set<string>();
  for (const [teamId, ids] of byTeam) {
    if (shouldStop()) return { hoursCharged, teamIds, more: true };
    const hours = await db.transaction((tx) => meterStorageOfTeam(tx, teamId, ids, priceOf, now, now));
    if (hours > 0) teamIds.add(teamId);
    hoursCharged += hours;
  }
  return { hoursCharged, teamIds, more };
}

/** Meters every meter of one team up to `asOf` (the sandbox's simulated month end). */
export async function meterTeamStorage(
  db: Database,
  teamId: string,
  priceOf: StoragePriceOf,
  asOf: Date,
  at: Date,
): Promise<number> {
  const ids = await db
    .select({ id: storageMeters.id })
    .from(storageMeters)
    .where(eq(storageMeters.teamId, teamId));
  if (ids.length === 0) return 0;
  return db.transaction((tx) =>
    meterStorageOfTeam(
      tx,
      teamId,
      ids.map((row) => row.id),
      priceOf,
      asOf,
      at,
    ),
  );
}
