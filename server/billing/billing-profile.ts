// The team's billing settings: who invoices are addressed to, the low-balance alert threshold, and the
// currency. The currency changes in one place (changeCurrency, which the teams route calls too), and only
// while nothing is owed either way: a zero balance, no payment that could still arrive, and no usage left to
// invoice (an invoice is in one currency).

import { countries } from 'countries-list';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { BillingProfile, updateBillingProfileRequestSchema } from '@/contract/billing';
import type { FieldError } from '@/contract/problem';
import type { Currency } from '@/contract/teams';
import { formatUtcDay } from '@/domain/helpers/time';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { Database, Transaction } from '../db';
import { billingAccounts, billingProfiles, teams } from '../db/schema';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { teamNotFound } from '../tenancy/problems';
import { lockTeam, type Queryable, type TeamRecord } from '../tenancy/team-record';
import { uninvoicedUsageSince } from './invoices';
import { type LockedAccount, lockAccount, readAccount, thresholdOf } from './ledger';
import { addMonths, monthStartOf } from './metering';
import { billingConflict } from './problems';
import { hasPendingTopUp } from './top-ups';

export type ProfileUpdate = v.InferOutput<typeof updateBillingProfileRequestSchema>;
type ProfileRow = typeof billingProfiles.$inferSelect;

const PROFILE_FIELDS = [
  'billingEmail',
  'companyName',
  'addressLine1',
  'addressLine2',
  'city',
  'postalCode',
  'country',
  'taxId',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

const EMPTY: Record<ProfileField, null> = {
  billingEmail: null,
  companyName: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  postalCode: null,
  country: null,
  taxId: null,
};

/** The largest threshold anyone sensibly sets: the most one top-up may bring, times ten. */
const MAX_THRESHOLD: Record<Currency, number> = { RWF: 50_000_000, USD: 5_000_000 };

function fieldsOf(row: ProfileRow | undefined): Record<ProfileField, string | null> {
  if (!row) return { ...EMPTY };
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, row[field]])) as Record<
    ProfileField,
    string | null
  >;
}

export async function readProfile(db: Queryable, teamId: string, now: Date): Promise<BillingProfile> {
  const found = await readAccount(db, teamId, now);
  if (!found) throw teamNotFound();
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.teamId, teamId));
  return {
    ...fieldsOf(row),
    lowBalanceThresholdMinor: thresholdOf(found.account, found.currency),
    currency: found.currency,
  };
}

/** Why the currency cannot change now, in words; undefined when it can. */
async function currencyRefusal(
  tx: Transaction,
  account: LockedAccount,
  now: Date,
): Promise<string | undefined> {
  if (account.balanceMinor !== 0) {
    return t('billing.problem.currency.balance');
  }
  if (await hasPendingTopUp(tx, account.teamId, now)) {
    return t('billing.problem.currency.pendingTopUp');
  }
  // Invoices are in one currency: usage not invoiced yet is invoiced in the currency it was charged in first.
  const since = await uninvoicedUsageSince(tx, account.teamId);
  if (since) {
    const monthStart = monthStartOf(since);
    return t('billing.problem.currency.uninvoiced', {
      since: formatUtcDay(monthStart),
      on: formatUtcDay(addMonths(monthStart, 1)),
    });
  }
  return undefined;
}

/**
 * Changes the team's currency, inside a transaction that holds lockTeam: takes the billing lock, refuses
 * (409) unless the balance is zero and no top-up is pending, and resets the alert threshold to the new
 * currency's default (an amount in francs means nothing in cents). Records team.currency_changed.
 */
export async function changeCurrency(
  tx: Transaction,
  team: TeamRecord,
  to: Currency,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  if (team.currency === to) return;
  const account = await lockAccount(tx, team.id, now);
  if (!account) throw teamNotFound();
  const refusal = await currencyRefusal(tx, account, now);
  if (refusal) throw billingConflict(refusal);
  await tx.update(teams).set({ currency: to, updatedAt: now }).where(eq(teams.id, team.id));
  await tx
    .update(billingAccounts)
    .set({ lowBalanceThresholdMinor: null, alertDue: null, updatedAt: now })
    .where(eq(billingAccounts.teamId, team.id));
  await recordAudit(tx, {
    teamId: team.id,
    actor,
    action: 'team.currency_changed',
    target: team.name,
    details: { from: team.currency, to },
    at: now,
  });
}

export async function updateProfile(
  db: Database,
  input: { teamId: string; actor: AuditActor; body: ProfileUpdate; now: Date },
): Promise<void> {
  const { teamId, body, now } = input;
  const errors: FieldError[] = [];
  if (body.country && !(body.country in countries)) {
    errors.push({ field: 'country', message: 'Choose a country from the list.' });
  }
  if (errors.length > 0) throw new ProblemError(422, { detail: errors[0]!.message, errors });

  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw teamNotFound();
    if (body.currency !== undefined) await changeCurrency(tx, team, body.currency, input.actor, now);
    const account = await lockAccount(tx, teamId, now);
    if (!account) throw teamNotFound();

    if (body.lowBalanceThresholdMinor !== undefined) {
      const max = MAX_THRESHOLD[account.currency];
      if (body.lowBalanceThresholdMinor > max) {
        const message = `Use a threshold of at most ${max.toLocaleString('en')} in the smallest unit of ${account.currency}.`;
        throw new ProblemError(422, {
          detail: message,
          errors: [{ field: 'lowBalanceThresholdMinor', message }],
        });
      }
      const before = thresholdOf(account, account.currency);
      const after = body.lowBalanceThresholdMinor;
      if (before !== after) {
        // A higher threshold the balance is now under is a crossing too: the owners hear of it once.
        const crossed = account.balanceMinor >= before && account.balanceMinor < after;
        const cleared = account.balanceMinor >= after && account.alertDue === 'low';
        await tx
          .update(billingAccounts)
          .set({
            lowBalanceThresholdMinor: after,
            alertDue: crossed ? 'low' : cleared ? null : account.alertDue,
            updatedAt: now,
          })
          .where(eq(billingAccounts.teamId, teamId));
        await recordAudit(tx, {
          teamId,
          actor: input.actor,
          action: 'billing.threshold_changed',
          target: team.name,
          details: { from: before, to: after, currency: account.currency },
          at: now,
        });
      }
    }

    const [current] = await tx.select().from(billingProfiles).where(eq(billingProfiles.teamId, teamId));
    const from = fieldsOf(current);
    const to: Record<ProfileField, string | null> = {
      billingEmail: body.billingEmail,
      companyName: body.companyName,
      addressLine1: body.addressLine1,
      addressLine2: body.addressLine2,
      city: body.city,
      postalCode: body.postalCode,
      country: body.country,
      taxId: body.taxId,
    };
    const changed = PROFILE_FIELDS.filter((field) => from[field] !== to[field]);
    if (changed.length === 0) return;
    await tx
      .insert(billingProfiles)
      .values({ teamId, ...to, updatedAt: now })
      .onConflictDoUpdate({ target: billingProfiles.teamId, set: { ...to, updatedAt: now } });
    await recordAudit(tx, {
      teamId,
      actor: input.actor,
      action: 'billing.profile_changed',
      target: team.name,
      details: { changed, from: pick(from, changed), to: pick(to, changed) },
      at: now,
    });
  });
}

function pick(values: Record<ProfileField, string | null>, fields: readonly ProfileField[]) {
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}
