// The ledger: every credit (top-up, adjustment) and charge (usage) of a team is an append-only entry in
// integer minor units of the team's currency, and the balance is their sum. The sum is cached on the team's
// billing_accounts row, changed only in the transaction that appends the entry and under that row's lock,
// so concurrent postings queue up and the cache never drifts from the sum.
//
// Metering and invoices post through here, inside their own transaction:
//   const { entry, replayed } = await postCharge(tx, { teamId, amountMinor: 120, description: 'web-1, 1 h',
//     computeId, periodStart, periodEnd, idempotencyKey: `usage:${computeId}:${hourStart}` })
// A key that was already posted answers the first entry (replayed: true) and changes nothing. The owners'
// e-mail about a low or empty balance goes out after the commit (the running-out sweep sends what is due).
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import {
  type Balance,
  type BalanceStatus,
  BILLING_PAGE_SIZE,
  DEFAULT_LOW_BALANCE_THRESHOLD,
  type LedgerEntry,
  type LedgerEntryKind,
} from '../../src/contract/billing';
import type { Currency } from '../../src/contract/teams';
import type { Transaction } from '../db';
import { billingAccounts, ledgerEntries, teams } from '../db/schema';
import type { Queryable } from '../teams/team-record';
import { csvText } from './csv';
import { cursorProblem } from './problems';

export type AccountRow = typeof billingAccounts.$inferSelect;
export type LockedAccount = AccountRow & { currency: Currency };
type EntryRow = typeof ledgerEntries.$inferSelect;

export interface ChargeInput {
  teamId: string;
  /** What is charged, positive, in minor units of the team's currency. */
  amountMinor: number;
  description: string;
  computeId?: string | null;
  periodStart: Date;
  periodEnd: Date;
  /** Unique per team: the same key never charges twice (metering: one per compute and period). */
  idempotencyKey: string;
  at: Date;
}

export interface CreditInput {
  teamId: string;
  kind: Exclude<LedgerEntryKind, 'charge'>;
  /** Positive for a credit; an adjustment may be negative (a correction). */
  amountMinor: number;
  description: string;
  topUpId?: string | null;
  actorUserId?: string | null;
  idempotencyKey?: string | null;
  at: Date;
}

export interface Posted {
  entry: LedgerEntry;
  /** True when the idempotency key had already been posted: nothing changed. */
  replayed: boolean;
  account: LockedAccount;
}

export function thresholdOf(
  account: Pick<AccountRow, 'lowBalanceThresholdMinor'>,
  currency: Currency,
): number {
  return account.lowBalanceThresholdMinor ?? DEFAULT_LOW_BALANCE_THRESHOLD[currency];
}

export function statusOf(account: AccountRow, currency: Currency): BalanceStatus {
  if (account.depletedSince) return 'depleted';
  return account.balanceMinor < thresholdOf(account, currency) ? 'low' : 'ok';
}

export function toBalance(account: AccountRow, currency: Currency, graceHours: number): Balance {
  return {
    currency,
    balanceMinor: account.balanceMinor,
    lowBalanceThresholdMinor: thresholdOf(account, currency),
    status: statusOf(account, currency),
    depletedSince: account.depletedSince?.toISOString() ?? null,
    graceEndsAt: account.depletedSince
      ? new Date(account.depletedSince.getTime() + graceHours * 3_600_000).toISOString()
      : null,
  };
}

/** A team that has never had an entry: a zero balance, the currency's threshold. */
function freshAccount(teamId: string, now: Date): AccountRow {
  return {
    teamId,
    balanceMinor: 0,
    lowBalanceThresholdMinor: null,
    alertDue: null,
    depletedSince: null,
    updatedAt: now,
  };
}

/** The team's account as it stands, without locking (undefined: no such team). */
export async function readAccount(
  db: Queryable,
  teamId: string,
  now: Date,
): Promise<{ account: AccountRow; currency: Currency } | undefined> {
  const [row] = await db
    .select({ account: billingAccounts, currency: teams.currency })
    .from(teams)
    .leftJoin(billingAccounts, eq(billingAccounts.teamId, teams.id))
    .where(eq(teams.id, teamId));
  if (!row) return undefined;
  return { account: row.account ?? freshAccount(teamId, now), currency: row.currency as Currency };
}

/**
 * Takes the team's billing lock (making the account on first use) and answers the account with the team's
 * currency read after the lock, so a currency change (which holds the same lock) is never half seen.
 * Undefined when the team does not exist (any more).
 */
export async function lockAccount(
  tx: Transaction,
  teamId: string,
  now: Date,
): Promise<LockedAccount | undefined> {
  await tx.execute(
    sql`insert into billing_accounts (team_id, updated_at) select id, ${now} from teams where id = ${teamId} on conflict do nothing`,
  );
  const [row] = await tx
    .select({ account: billingAccounts, currency: teams.currency })
    .from(billingAccounts)
    .innerJoin(teams, eq(teams.id, billingAccounts.teamId))
    .where(eq(billingAccounts.teamId, teamId))
    .for('update', { of: billingAccounts });
  return row && { ...row.account, currency: row.currency as Currency };
}

/** Charges usage once per idempotency key; see the top of this file. */
export async function postCharge(tx: Transaction, input: ChargeInput): Promise<Posted> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new RangeError(`A charge is a positive whole amount in minor units (got ${input.amountMinor}).`);
  }
  const account = await lockAccount(tx, input.teamId, input.at);
  if (!account) throw new RangeError(`There is no team ${input.teamId} to charge.`);
  const previous = await entryByKey(tx, input.teamId, input.idempotencyKey);
  if (previous) return { entry: toEntry(previous), replayed: true, account };
  return appendEntry(tx, account, {
    kind: 'charge',
    amountMinor: -input.amountMinor,
    description: input.description,
    computeId: input.computeId ?? null,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    idempotencyKey: input.idempotencyKey,
    at: input.at,
  });
}

/** Credits a top-up or posts an adjustment; with an idempotency key, once per key. */
export async function postCredit(tx: Transaction, input: CreditInput): Promise<Posted> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor === 0) {
    throw new RangeError(`A credit is a non-zero whole amount in minor units (got ${input.amountMinor}).`);
  }
  const account = await lockAccount(tx, input.teamId, input.at);
  if (!account) throw new RangeError(`There is no team ${input.teamId} to credit.`);
  if (input.idempotencyKey) {
    const previous = await entryByKey(tx, input.teamId, input.idempotencyKey);
    if (previous) return { entry: toEntry(previous), replayed: true, account };
  }
  return appendEntry(tx, account, {
    kind: input.kind,
    amountMinor: input.amountMinor,
    description: input.description,
    topUpId: input.topUpId ?? null,
    actorUserId: input.actorUserId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    at: input.at,
  });
}

interface NewEntry {
  kind: LedgerEntryKind;
  amountMinor: number;
  description: string;
  topUpId?: string | null;
  computeId?: string | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  idempotencyKey?: string | null;
  actorUserId?: string | null;
  at: Date;
}

/** Appends to a locked account and moves the cached balance and the running-out state with it. */
async function appendEntry(tx: Transaction, account: LockedAccount, entry: NewEntry): Promise<Posted> {
  const before = account.balanceMinor;
  const after = before + entry.amountMinor;
  if (!Number.isSafeInteger(after)) throw new RangeError('The balance would leave the safe integer range.');
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      teamId: account.teamId,
      kind: entry.kind,
      amountMinor: entry.amountMinor,
      currency: account.currency,
      balanceAfterMinor: after,
      description: entry.description,
      topUpId: entry.topUpId ?? null,
      computeId: entry.computeId ?? null,
      periodStart: entry.periodStart ?? null,
      periodEnd: entry.periodEnd ?? null,
      idempotencyKey: entry.idempotencyKey ?? null,
      actorUserId: entry.actorUserId ?? null,
      createdAt: entry.at,
    })
    .returning();
  const next = nextState(account, before, after, entry.at);
  await tx.update(billingAccounts).set(next).where(eq(billingAccounts.teamId, account.teamId));
  return { entry: toEntry(row!), replayed: false, account: { ...account, ...next } };
}

/**
 * Where the running-out state goes when the balance moves from `before` to `after`: an alert is due once
 * per crossing below the threshold (and again on reaching zero through a charge), and an empty balance is
 * dated from the change that emptied it until one makes it positive.
 */
export function nextState(
  account: LockedAccount,
  before: number,
  after: number,
  now: Date,
): Pick<AccountRow, 'balanceMinor' | 'alertDue' | 'depletedSince' | 'updatedAt'> {
  const threshold = thresholdOf(account, account.currency);
  let alertDue = account.alertDue;
  let depletedSince = account.depletedSince;
  if (before >= threshold && after < threshold) alertDue = 'low';
  if (after >= threshold) alertDue = null;
  if (after <= 0 && before > after && depletedSince === null) {
    depletedSince = now;
    alertDue = 'depleted';
  }
  if (after > 0) depletedSince = null;
  return { balanceMinor: after, alertDue, depletedSince, updatedAt: now };
}

async function entryByKey(db: Queryable, teamId: string, key: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.teamId, teamId), eq(ledgerEntries.idempotencyKey, key)));
  return row;
}

export function toEntry(row: EntryRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerEntryKind,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    balanceAfterMinor: row.balanceAfterMinor,
    description: row.description,
    topUpId: row.topUpId,
    computeId: row.computeId,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, BILLING_PAGE_SIZE at a time; the cursor is the last entry's position. */
export async function listLedger(
  db: Queryable,
  teamId: string,
  cursor: string | undefined,
): Promise<{ entries: LedgerEntry[]; nextCursor: string | null }> {
  if (cursor !== undefined && !/^\d{1,18}$/.test(cursor)) throw cursorProblem();
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.teamId, teamId), cursor ? lt(ledgerEntries.seq, Number(cursor)) : undefined))
    .orderBy(desc(ledgerEntries.seq))
    .limit(BILLING_PAGE_SIZE + 1);
  const page = rows.slice(0, BILLING_PAGE_SIZE);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > BILLING_PAGE_SIZE ? String(page.at(-1)!.seq) : null,
  };
}

/** Every entry of the team, oldest first, as a CSV statement; amounts in minor units of the currency. */
export async function ledgerCsv(db: Queryable, teamId: string): Promise<string> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.teamId, teamId))
    .orderBy(asc(ledgerEntries.seq));
  return csvText([
    [
      'date',
      'kind',
      'description',
      'amount_minor',
      'currency',
      'balance_after_minor',
      'period_start',
      'period_end',
      'compute_id',
      'top_up_id',
    ],
    ...rows.map((row) => [
      row.createdAt.toISOString(),
      row.kind,
      row.description,
      row.amountMinor,
      row.currency,
      row.balanceAfterMinor,
      row.periodStart?.toISOString() ?? null,
      row.periodEnd?.toISOString() ?? null,
      row.computeId,
      row.topUpId,
    ]),
  ]);
}

/** The sum of the team's entries, straight from the ledger: what the cached balance must equal. */
export async function ledgerSum(db: Queryable, teamId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.teamId, teamId));
  return Number(row?.sum ?? 0);
}
