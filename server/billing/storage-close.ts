// Stored things at the month's close and on invoices: each volume's and image's month at each size
// (storage_accruals) is posted to the ledger as one charge once the month is over ("Volume “data”, 20 GB,
// 744 hours in November 2026"), and is a line of the month's invoice with its name, size, hours and amount.
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { StorageInvoiceLine, StorageKind } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { storageShareFor } from '@/domain/storage-prices';
import { storageAccruals } from '../db/schema';
import { type CatalogMessage, message, monthValue } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';
import { type LockedAccount, postAccruals } from './ledger';

/** "Volume “data”, 20 GB, 744 hours in November 2026", in the reader's language. */
export function storageDescription(
  kind: StorageKind,
  name: string,
  sizeGb: number,
  hours: number,
  monthStart: Date,
): CatalogMessage {
  return message('history.ledger.storage', {
    kind,
    name,
    size: sizeGb,
    hours,
    month: monthValue(monthStart),
  });
}

/** Posts the team's open storage accruals of months before `before` (the caller holds the team's lock). */
export async function postTeamStorage(
  tx: Parameters<typeof postAccruals>[0],
  account: LockedAccount,
  before: Date,
  at: Date,
): Promise<{ account: LockedAccount; posted: number }> {
  const rows = await tx
    .select()
    .from(storageAccruals)
    .where(
      and(
        eq(storageAccruals.teamId, account.teamId),
        isNull(storageAccruals.postedSeq),
        lt(storageAccruals.monthStart, before),
      ),
    )
    .orderBy(asc(storageAccruals.monthStart), asc(storageAccruals.kind), asc(storageAccruals.name));
  const items = rows
    .filter((row) => row.amountMinor > 0)
    .map((accrual) => ({
      accrual,
      description: storageDescription(
        accrual.kind as StorageKind,
        accrual.name,
        accrual.sizeGb,
        accrual.hours,
        accrual.monthStart,
      ),
    }));
  // A row that came to nothing (a free kind, or hours past the cap) is closed without a charge.
  const empty = rows.filter((row) => row.amountMinor <= 0).map((row) => row.id);
  if (empty.length > 0) {
    await tx
      .update(storageAccruals)
      .set({ postedSeq: 0, updatedAt: at })
      .where(inArray(storageAccruals.id, empty));
  }
  const next = items.length > 0 ? await postAccruals(tx, account, items, at, 'storage') : account;
  return { account: next, posted: rows.length };
}

/** Teams with storage accruals of months before `before` still open. */
export async function teamsWithOpenStorage(db: Queryable, before: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ teamId: storageAccruals.teamId })
    .from(storageAccruals)
    .where(and(isNull(storageAccruals.postedSeq), lt(storageAccruals.monthStart, before)));
  return rows.map((row) => row.teamId);
}

/**
 * The month's storage lines: one per thing and size, from the rows posted after ledger entry `postedAfter`
 * (an invoice), or every row of the month, open ones too (the usage so far).
 */
export async function storageLines(
  db: Queryable,
  teamId: string,
  currency: Currency,
  monthStart: Date,
  postedAfter?: number,
): Promise<StorageInvoiceLine[]> {
  const rows = await db
    .select()
    .from(storageAccruals)
    .where(
      and(
        eq(storageAccruals.teamId, teamId),
        eq(storageAccruals.currency, currency),
        eq(storageAccruals.monthStart, monthStart),
        postedAfter === undefined ? undefined : gt(storageAccruals.postedSeq, postedAfter),
      ),
    )
    .orderBy(
      asc(storageAccruals.kind),
      asc(storageAccruals.name),
      asc(storageAccruals.meterId),
      asc(storageAccruals.sizeGb),
    );
  return rows.map((row) => ({
    kind: row.kind as StorageKind,
    id: row.meterId,
    name: row.name,
    sizeGb: row.sizeGb,
    hours: row.hours,
    monthlyMinor: row.monthlyMinor,
    amountMinor: row.amountMinor,
    capped: row.amountMinor < storageShareFor(row.hours, row.monthlyMinor),
  }));
}

/** Teams whose storage of the month was posted after the month's last invoice. */
export async function teamsWithUninvoicedStorage(db: Queryable, monthStart: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ teamId: storageAccruals.teamId })
    .from(storageAccruals)
    .where(
      and(
        eq(storageAccruals.monthStart, monthStart),
        gt(storageAccruals.amountMinor, 0),
        sql`${storageAccruals.postedSeq} > coalesce((select max(i.through_seq) from invoices i where i.team_id = ${storageAccruals.teamId} and i.period_start = ${monthStart}), 0)`,
      ),
    );
  return rows.map((row) => row.teamId);
}
