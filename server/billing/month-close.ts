// The month's close: once a calendar month (UTC) is over and metering has accrued every hour of it, each
// compute's accrual for the month is posted to the ledger as one charge ("web-1 (Basic), 720 hours in
// November 2026"), and each volume's and image's at each size (storage-close.ts), which is what the
// month's invoice lists. The balance does not move — it went down as the
// hours started — only the team's accrued sum does (ledger.ts). The sandbox's simulated month end posts the
// current month early; hours accrued to it after that open a new row, posted at the real close.
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../db';
import { computes, usageAccruals } from '../db/schema';
import { type CatalogMessage, message, monthValue } from '../i18n/stored-message';
import { lockAccount, postAccruals } from './ledger';
import { monthStartOf, planPrice } from './metering';
import { postTeamStorage, teamsWithOpenStorage } from './storage-close';

/** "web-1 (Basic), 720 hours in November 2026", in the reader's language; null hostname: a deleted compute. */
export function usageDescription(
  hostname: string | null,
  plan: string,
  hours: number,
  monthStart: Date,
): CatalogMessage {
  return message('history.ledger.usage', {
    hostname: hostname ?? { id: 'history.ledger.deletedCompute' },
    plan,
    hours,
    month: monthValue(monthStart),
  });
}

/**
 * Posts the team's open accruals of months starting before `before`, under its lock, in the caller's
 * transaction; answers how many.
 */
export async function postTeamAccruals(
  tx: Transaction,
  teamId: string,
  before: Date,
  at: Date,
): Promise<number> {
  let account = await lockAccount(tx, teamId, at);
  if (!account) return 0;
  const storage = await postTeamStorage(tx, account, before, at);
  account = storage.account;
  const rows = await tx
    .select({ accrual: usageAccruals, hostname: computes.hostname, instanceType: computes.instanceType })
    .from(usageAccruals)
    .leftJoin(computes, eq(computes.id, usageAccruals.computeId))
    .where(
      and(
        eq(usageAccruals.teamId, teamId),
        isNull(usageAccruals.postedSeq),
        lt(usageAccruals.monthStart, before),
      ),
    )
    .orderBy(asc(usageAccruals.monthStart), asc(computes.hostname), asc(usageAccruals.id));
  const items = rows.map(({ accrual, hostname, instanceType }) => ({
    accrual,
    description: usageDescription(
      hostname,
      planPrice(instanceType ?? {}, account.currency).name,
      accrual.hours,
      accrual.monthStart,
    ),
  }));
  if (items.length > 0) await postAccruals(tx, account, items, at);
  return rows.length + storage.posted;
}

/** Posts every team's accruals of the months before now's (the usage sweep, once metering has caught up). */
export async function postEndedMonths(db: Database, now: Date): Promise<number> {
  const before = monthStartOf(now);
  const computeTeams = await db
    .selectDistinct({ teamId: usageAccruals.teamId })
    .from(usageAccruals)
    .where(and(isNull(usageAccruals.postedSeq), lt(usageAccruals.monthStart, before)));
  const teams = new Set([
    ...computeTeams.map((row) => row.teamId),
    ...(await teamsWithOpenStorage(db, before)),
  ]);
  let posted = 0;
  for (const teamId of teams) {
    posted += await db.transaction((tx) => postTeamAccruals(tx, teamId, before, now));
  }
  return posted;
}
