// The ledger: every credit (top-up, adjustment) and charge (a compute's month of usage, tax) of a team is an
// append-only entry in integer minor units of the team's currency. Usage reaches the balance before the
// ledger: metering accrues each compute's month in one row (usage_accruals), and each stored thing's month
// at each size in one row (storage_accruals), and takes each started hour off
// the balance at once; the month is posted as one charge when it is over. So, on the team's billing_accounts
// row, changed only under that row's lock in the transaction that changes the entries or accruals:
//   accrued_minor = the open accruals' sum,   balance_minor = the entries' sum − accrued_minor,
// and each entry's balance_after is the entries' running sum. Concurrent postings queue up on the lock and
// the cache never drifts from the sums.
//
// Top-ups, adjustments and tax post through here, inside their own transaction:
//   const { entry, replayed } = await postCredit(tx, { teamId, kind: 'adjustment', amountMinor: 500, … })
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
  type PendingUsage,
} from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { formatMoney } from '@/domain/money';
import type { Transaction } from '../db';
import { billingAccounts, ledgerEntries, teams } from '../db/schema';
import { t } from '../i18n/t';
import type { Queryable } from '../tenancy/team-record';
import { csvText } from './csv';
import { pendingUsage } from './pending-usage';
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
  /** A usage charge's hours. */
  hours?: number | null;
  /** Unique per team: the same key never charges twice (usage: one per accrual). */
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
    accruedMinor: 0,
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
    hours: input.hours ?? null,
    idempotencyKey: input.idempotencyKey,
    at: input.at,
  });
}

/**
 * Takes usage off a locked account's balance as it accrues (metering), and answers the account as it now
 * stands. The ledger gets it when the accrual is posted (postAccrual).
 */
export async function accrue(
  tx: Transaction,
  account: LockedAccount,
  amountMinor: number,
  at: Date,
): Promise<LockedAccount> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`Usage accrues in positive whole amounts (got ${amountMinor}).`);
  }
  if (amountMinor === 0) return account;
  const after = account.balanceMinor - amountMinor;
  if (!Number.isSafeInteger(after)) throw new RangeError('The balance would leave the safe integer range.');
  const next = {
    ...nextState(account, account.balanceMinor, after, at),
    accruedMinor: account.accruedMinor + amountMinor,
  };
  await tx.update(billingAccounts).set(next).where(eq(billingAccounts.teamId, account.teamId));
  return { ...account, ...next };
}

/** A month's accrual as the ledger posts it: a compute's (usage_accruals) or a stored thing's (storage_accruals). */
export interface AccrualToPost {
  id: string;
  amountMinor: number;
  currency: string;
  computeId?: string | null;
  firstHourStart: Date;
  lastHourEnd: Date;
  hours: number;
}

const ACCRUAL_TABLES = { usage: 'usage_accruals', storage: 'storage_accruals' } as const;

/**
 * Posts accrued months of usage to the ledger, one charge each (key `<source>:<accrual id>`), in order: the
 * balance already went down as their hours started, so only accrued_minor moves. Marks each accrual with
 * its entry (posted_seq) and answers the account as it now stands.
 */
export async function postAccruals(
  tx: Transaction,
  account: LockedAccount,
  items: { accrual: AccrualToPost; description: string }[],
  at: Date,
  source: keyof typeof ACCRUAL_TABLES = 'usage',
): Promise<LockedAccount> {
  let accruedMinor = account.accruedMinor;
  const prefix = `${source}:`;
  const table = sql.identifier(ACCRUAL_TABLES[source]);
  const chunk = 500;
  for (let index = 0; index < items.length; index += chunk) {
    const values = items.slice(index, index + chunk).map(({ accrual, description }) => {
      accruedMinor -= accrual.amountMinor;
      return {
        teamId: account.teamId,
        kind: 'charge',
        amountMinor: -accrual.amountMinor,
        currency: accrual.currency,
        balanceAfterMinor: account.balanceMinor + accruedMinor,
        description,
        computeId: accrual.computeId ?? null,
        periodStart: accrual.firstHourStart,
        periodEnd: accrual.lastHourEnd,
        hours: accrual.hours,
        idempotencyKey: `${prefix}${accrual.id}`,
        createdAt: at,
      };
    });
    const posted = await tx
      .insert(ledgerEntries)
      .values(values)
      .returning({ seq: ledgerEntries.seq, key: ledgerEntries.idempotencyKey });
    const pairs = sql.join(
      posted.map(({ seq, key }) => sql`(${key!.slice(prefix.length)}::uuid, ${seq}::bigint)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${table} set posted_seq = v.seq, updated_at = ${at} from (values ${pairs}) as v(id, seq) where ${table}.id = v.id`,
    );
  }
  await tx
    .update(billingAccounts)
    .set({ accruedMinor, updatedAt: at })
    .where(eq(billingAccounts.teamId, account.teamId));
  return { ...account, accruedMinor };
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
  hours?: number | null;
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
      // The entries' running sum: usage still accruing is not in the ledger yet.
      balanceAfterMinor: after + account.accruedMinor,
      description: entry.description,
      topUpId: entry.topUpId ?? null,
      computeId: entry.computeId ?? null,
      periodStart: entry.periodStart ?? null,
      periodEnd: entry.periodEnd ?? null,
      hours: entry.hours ?? null,
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

/**
 * A top-up's description in the reader's language, worded from its amount and its provider when it is read:
 * the row keeps the English written when it was credited ("Top-up of RWF 10,000 (Sandbox)", top-ups.ts), as
 * the CSV statement gives it, and the provider's name between its brackets.
 */
function described(row: EntryRow): string {
  const provider = row.kind === 'top_up' ? /\(([^()]+)\)$/.exec(row.description)?.[1] : undefined;
  if (!provider) return row.description;
  const amount = formatMoney(row.amountMinor, row.currency as Currency);
  return t('ledger.topUp.description', { amount, provider });
}

export function toEntry(row: EntryRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerEntryKind,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    balanceAfterMinor: row.balanceAfterMinor,
    description: described(row),
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
): Promise<{ entries: LedgerEntry[]; nextCursor: string | null; pending: PendingUsage | null }> {
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
    pending: cursor ? null : await pendingUsage(db, teamId),
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

/** The sum of the team's entries, straight from the ledger: the cached balance plus what is accruing. */
export async function ledgerSum(db: Queryable, teamId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.teamId, teamId));
  return Number(row?.sum ?? 0);
}
