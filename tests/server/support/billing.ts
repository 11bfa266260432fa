// Helpers for the billing tests: payment-service paths, top-ups started through the API, the payer's
// buttons on the sandbox checkout page, callbacks signed like the sandbox signs them, and charges posted
// the way metering will post them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  accruedSum,
  ledgerSum,
  postCharge,
  type UsageSweep,
  type UsageSweepResult,
} from '../../../server/billing';
import { postCredit } from '../../../server/billing/ledger';
import type { Database } from '../../../server/db';
import { billingAccounts } from '../../../server/db/schema';
import {
  deriveSandboxSecret,
  SIGNATURE_HEADER,
  signCallback,
  TIMESTAMP_HEADER,
} from '../../../server/drivers/payment/sandbox/signature';
import type { IdentityTestApp } from './identity';
import { type Answer, type Person, send, teamOf } from './teams';

export const PAY = '/payment/api/v1';

export function billingPath(teamId: string, rest: string): string {
  return `${PAY}/teams/${teamId}${rest}`;
}

export function startTopUp(
  t: IdentityTestApp,
  token: string,
  teamId: string,
  amountMinor: number,
  key: string | null = randomUUID(),
): Promise<Answer> {
  return send(t, 'POST', billingPath(teamId, '/top-ups'), {
    token,
    body: { amountMinor },
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
}

/** The payer's button on the sandbox checkout page: a form POST, as the browser sends it. */
export async function payAtCheckout(
  t: IdentityTestApp,
  checkoutUrl: string,
  decision: 'approve' | 'decline',
  reason = '1',
): Promise<Response> {
  return t.app.request(`${checkoutUrl}/${decision}`, {
    method: 'POST',
    // The checkout page's own origin, as a browser on it sends.
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
    body: decision === 'decline' ? `reason=${reason}` : '',
  });
}

/** A callback signed with the sandbox's secret (the test app's installation secret), at the app's clock. */
export function signedCallback(
  t: IdentityTestApp,
  event: Record<string, unknown>,
  options: { secret?: string; atSeconds?: number } = {},
): RequestInit {
  const body = JSON.stringify(event);
  const timestamp = options.atSeconds ?? Math.floor(t.clock.now().getTime() / 1000);
  const secret = options.secret ?? deriveSandboxSecret('test-instance-secret');
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signCallback(secret, timestamp, body),
    },
    body,
  };
}

export function sendCallback(t: IdentityTestApp, init: RequestInit): Promise<Response> {
  return Promise.resolve(t.app.request(`${PAY}/callbacks/sandbox`, init));
}

/** Money in a team's balance, as an operator's adjustment: computes are prepaid (creating one needs it). */
export async function fundTeam(db: Database, teamId: string, amountMinor = 1_000_000, at = new Date()) {
  await db.transaction((tx) =>
    postCredit(tx, { teamId, kind: 'adjustment', amountMinor, description: 'Test funds', at }),
  );
}

/** fundTeam at the test app's clock. */
export function fund(t: IdentityTestApp, teamId: string, amountMinor = 1_000_000): Promise<void> {
  return fundTeam(t.identity.db, teamId, amountMinor, t.clock.now());
}

/** teamOf with money in the balance: for tests of computes, not of billing. */
export async function fundedTeamOf(
  t: IdentityTestApp,
  owner: Person,
  others: Parameters<typeof teamOf>[2] = [],
  name?: string,
): Promise<string> {
  const teamId = await teamOf(t, owner, others, name);
  await fund(t, teamId);
  return teamId;
}

/** A usage charge as metering posts it; a fresh key unless one is given. */
export async function charge(
  t: IdentityTestApp,
  teamId: string,
  amountMinor: number,
  key: string = randomUUID(),
) {
  const now = t.clock.now();
  return t.identity.db.transaction((tx) =>
    postCharge(tx, {
      teamId,
      amountMinor,
      description: 'Usage',
      periodStart: new Date(now.getTime() - 3_600_000),
      periodEnd: now,
      idempotencyKey: key,
      at: now,
    }),
  );
}

/**
 * The ledger's invariant: the cached balance is the sum of the entries less the usage still accruing, and the
 * cached accrued sum is the open accruals'. Answers the balance.
 */
export async function expectBalanceIsSum(t: IdentityTestApp, teamId: string): Promise<number> {
  const [account] = await t.identity.db
    .select({ balanceMinor: billingAccounts.balanceMinor, accruedMinor: billingAccounts.accruedMinor })
    .from(billingAccounts)
    .where(eq(billingAccounts.teamId, teamId));
  const accrued = await accruedSum(t.identity.db, teamId);
  const balance = (await ledgerSum(t.identity.db, teamId)) - accrued;
  expect(account?.accruedMinor ?? 0).toBe(accrued);
  expect(account?.balanceMinor ?? 0).toBe(balance);
  return balance;
}

/** Starts a top-up as the owner and approves it at the sandbox checkout. */
export async function topUpAndPay(
  t: IdentityTestApp,
  token: string,
  teamId: string,
  amountMinor: number,
): Promise<string> {
  const started = await startTopUp(t, token, teamId, amountMinor);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const paid = await payAtCheckout(t, started.body.topUp.checkoutUrl, 'approve');
  expect(paid.status).toBe(303);
  return started.body.topUp.id as string;
}

/** Sweeps until metering has caught up (one sweep charges a bounded number of hours); sums what they did. */
export async function sweepUntilCaughtUp(sweep: UsageSweep): Promise<UsageSweepResult> {
  const total: UsageSweepResult = {
    hoursCharged: 0,
    meteringBehind: true,
    invoicesIssued: 0,
    invoicesPaid: 0,
  };
  for (let round = 0; total.meteringBehind; round += 1) {
    if (round > 1_000) throw new Error('metering never caught up');
    const result = await sweep.sweep();
    total.hoursCharged += result.hoursCharged;
    total.invoicesIssued += result.invoicesIssued;
    total.invoicesPaid += result.invoicesPaid;
    total.meteringBehind = result.meteringBehind;
  }
  return total;
}
