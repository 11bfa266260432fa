// The prepaid rule, the one billing rule the compute service asks before a compute is created or powered on:
// computes are paid from the team's balance as their hours start, so
// - creating one needs the balance to cover its plan's first hour (charged by the next sweep, within a
//   minute), besides the first hours of the team's computes made before and not charged yet — so a burst of
//   creations cannot outrun the sweep;
// - powering one on needs a balance above zero (a team whose balance ran out tops up first).
// Read inside the caller's transaction (on PGlite a query beside an open transaction would wait for it
// forever). The console shows the same rule before the form is filled (src/domain/money.ts, prepaidShortfall).
import { and, eq, isNull } from 'drizzle-orm';
import { formatMoney, prepaidShortfall } from '@/domain/money';
import type { StartPolicy } from '../computes/start-policy';
import { computes } from '../db/schema';
import { t } from '../i18n/t';
import type { Queryable } from '../tenancy/team-record';
import { readAccount } from './ledger';
import { meterTeam, planPrice } from './metering';
import { balanceEmpty } from './problems';

/**
 * Why the team may not move a compute from plan `from` to the dearer plan `to`, in words; null when it may.
 * A plan as dear or cheaper is always allowed (it lowers what the balance has to cover).
 */
async function resizeRefusalText(
  db: Queryable,
  teamId: string,
  now: Date,
  from: Record<string, unknown>,
  to: Record<string, unknown>,
): Promise<string | null> {
  const found = await readAccount(db, teamId, now);
  if (!found) return null;
  const { account, currency } = found;
  const price = planPrice(to, currency);
  if (price.hourlyMinor <= planPrice(from, currency).hourlyMinor) return null;
  if (prepaidShortfall(account.balanceMinor, price.hourlyMinor) === 0) return null;
  return t('billing.problem.resizeHour', {
    balance: formatMoney(account.balanceMinor, currency),
    hour: formatMoney(price.hourlyMinor, currency),
  });
}

/** Why the team may not create (plan given) or power on (no plan) a compute now, in words; null when it may. */
async function startRefusalText(
  db: Queryable,
  teamId: string,
  now: Date,
  plan?: Record<string, unknown>,
): Promise<string | null> {
  const found = await readAccount(db, teamId, now);
  if (!found) return null;
  const { account, currency } = found;
  const balance = formatMoney(account.balanceMinor, currency);
  if (plan) {
    const price = planPrice(plan, currency);
    // Computes the sweep has not looked at yet (no metering cursor): their first hour is still to come off.
    const uncharged = await db
      .select({ instanceType: computes.instanceType })
      .from(computes)
      .where(and(eq(computes.teamId, teamId), isNull(computes.nextMeterAt), isNull(computes.destroyedAt)));
    const owed = uncharged.reduce((sum, row) => sum + planPrice(row.instanceType, currency).hourlyMinor, 0);
    if (prepaidShortfall(account.balanceMinor - owed, price.hourlyMinor) === 0) return null;
    const hour = formatMoney(price.hourlyMinor, currency);
    return owed > 0
      ? t('billing.problem.firstHourOwed', { balance, owed: formatMoney(owed, currency), hour })
      : t('billing.problem.firstHour', { balance, hour });
  }
  if (account.balanceMinor > 0) return null;
  return t('billing.problem.startEmpty', { balance });
}

/** The prepaid rule as the compute service asks it (app.ts gives it to the service): a 402 when it refuses. */
export const billingStartPolicy: StartPolicy = {
  async startRefusal(db, teamId, now, plan) {
    const refusal = await startRefusalText(db, teamId, now, plan);
    return refusal === null ? null : balanceEmpty(refusal);
  },
  async resizeRefusal(db, teamId, now, from, to) {
    const refusal = await resizeRefusalText(db, teamId, now, from, to);
    return refusal === null ? null : balanceEmpty(refusal, 'instanceTypeId');
  },
  async chargeStartedHours(tx, teamId, computeId, now) {
    await meterTeam(tx, teamId, [computeId], now, now);
  },
};
