// What is accruing and not in the ledger yet (ledger.ts): the computes' months (usage_accruals) and the
// volumes' and images' months at each size (storage_accruals), open until their month is posted.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PendingUsage } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { billingAccounts, storageAccruals, teams, usageAccruals } from '../db/schema';
import type { Queryable } from '../tenancy/team-record';

/** The usage accrued and not posted yet (see the top of ledger.ts); null when there is none. */
export async function pendingUsage(db: Queryable, teamId: string): Promise<PendingUsage | null> {
  const [computeRow] = await db
    .select({
      amount: sql<string>`coalesce(sum(${usageAccruals.amountMinor}), 0)`,
      computes: sql<number>`count(distinct ${usageAccruals.computeId})::int`,
      since: sql<Date | string | null>`min(${usageAccruals.firstHourStart})`,
    })
    .from(usageAccruals)
    .where(and(eq(usageAccruals.teamId, teamId), isNull(usageAccruals.postedSeq)));
  const [storageRow] = await db
    .select({
      amount: sql<string>`coalesce(sum(${storageAccruals.amountMinor}), 0)`,
      volumes: sql<number>`count(distinct ${storageAccruals.meterId}) filter (where ${storageAccruals.kind} = 'volume')::int`,
      images: sql<number>`count(distinct ${storageAccruals.meterId}) filter (where ${storageAccruals.kind} = 'image')::int`,
      since: sql<Date | string | null>`min(${storageAccruals.firstHourStart})`,
    })
    .from(storageAccruals)
    .where(and(eq(storageAccruals.teamId, teamId), isNull(storageAccruals.postedSeq)));
  const amount = Number(computeRow?.amount ?? 0) + Number(storageRow?.amount ?? 0);
  const since = [computeRow?.since, storageRow?.since]
    .filter((first) => first != null)
    .map((first) => new Date(first).getTime());
  if (since.length === 0 || amount === 0) return null;
  const [current] = await db
    .select({ currency: teams.currency, balance: billingAccounts.balanceMinor })
    .from(teams)
    .leftJoin(billingAccounts, eq(billingAccounts.teamId, teams.id))
    .where(eq(teams.id, teamId));
  if (!current) return null;
  return {
    amountMinor: -amount,
    currency: current.currency as Currency,
    balanceAfterMinor: current.balance ?? 0,
    computes: computeRow?.computes ?? 0,
    volumes: storageRow?.volumes ?? 0,
    images: storageRow?.images ?? 0,
    since: new Date(Math.min(...since)).toISOString(),
  };
}

/** The open accruals' sum (computes' and stored things'), straight from the tables: what accrued_minor must equal. */
export async function accruedSum(db: Queryable, teamId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${usageAccruals.amountMinor}), 0)` })
    .from(usageAccruals)
    .where(and(eq(usageAccruals.teamId, teamId), isNull(usageAccruals.postedSeq)));
  const [storage] = await db
    .select({ sum: sql<string>`coalesce(sum(${storageAccruals.amountMinor}), 0)` })
    .from(storageAccruals)
    .where(and(eq(storageAccruals.teamId, teamId), isNull(storageAccruals.postedSeq)));
  return Number(row?.sum ?? 0) + Number(storage?.sum ?? 0);
}
