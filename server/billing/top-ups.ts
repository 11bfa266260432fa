// Top-ups: a member starts a payment at the provider (idempotent on the Idempotency-Key header, like
// compute creation), the payer pays or declines at the provider's checkout, and the provider's verified
// callback settles it: succeeded credits the ledger exactly once, declined keeps the reason.
//
// Creation calls the provider outside any transaction (a real one is a network call, and PGlite has one
// connection), then records the top-up under the team's billing lock after checking the key again: of
// concurrent copies with one key, one records its checkout and the others answer it (their checkouts are
// never shown to anyone, so never paid).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lt, or } from 'drizzle-orm';
import { TOP_UP_LIMITS, type TopUp, type TopUpStatus } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { formatMoney } from '@/domain/money';
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from '../audit/audit-log';
import { paymentCallbackEvents, teams, topUps } from '../db/schema';
import type { PaymentEvent } from '../drivers/payment';
import { ProblemError } from '../http/problem';
import { message, moneyValue } from '../i18n/stored-message';
import { t } from '../i18n/t';
import { findIdempotent, rememberIdempotent, requestHash } from '../idempotency/idempotency';
import { teamNotFound } from '../tenancy/problems';
import type { Queryable } from '../tenancy/team-record';
import type { BillingService } from './billing-service';
import { lockAccount, postCredit } from './ledger';
import { billingConflict, cursorProblem, topUpNotFound } from './problems';

type TopUpRow = typeof topUps.$inferSelect;

const SCOPE = 'billing.top_up';
/** How long the payer has at the provider's checkout. */
export const TOP_UP_TTL_MS = 3_600_000;
const PAGE_SIZE = 50;
/** Replay protection only needs the events inside the callback's five-minute window; keep a margin. */
const CALLBACK_MEMORY_MS = 15 * 60_000;

export function toTopUp(row: TopUpRow, now: Date): TopUp {
  const expired = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    status: (expired ? 'expired' : row.status) as TopUpStatus,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    checkoutUrl: row.checkoutUrl,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The amount's field error for the currency's limits, or undefined when it is within them. */
export function amountRefusal(amountMinor: number, currency: Currency): string | undefined {
  const { minMinor, maxMinor } = TOP_UP_LIMITS[currency];
  if (amountMinor >= minMinor && amountMinor <= maxMinor) return undefined;
  return `Top up between ${formatMoney(minMinor, currency)} and ${formatMoney(maxMinor, currency)}.`;
}

export interface CreateTopUpInput {
  teamId: string;
  userId: string;
  actor: AuditActor;
  amountMinor: number;
  idempotencyKey: string;
}

export async function createTopUp(
  billing: BillingService,
  input: CreateTopUpInput,
): Promise<{ topUp: TopUp; replayed: boolean }> {
  const { db, clock, driver } = billing.deps;
  const [team] = await db.select({ currency: teams.currency }).from(teams).where(eq(teams.id, input.teamId));
  if (!team) throw teamNotFound();
  const currency = team.currency as Currency;
  const refusal = amountRefusal(input.amountMinor, currency);
  if (refusal) {
    throw new ProblemError(422, {
      detail: refusal,
      errors: [{ field: 'amountMinor', message: refusal }],
    });
  }
  const hash = requestHash({ amountMinor: input.amountMinor });
  const lookup = () => ({
    teamId: input.teamId,
    key: input.idempotencyKey,
    scope: SCOPE,
    requestHash: hash,
    now: clock.now(),
  });
  const replay = async (db: Queryable) => {
    const previous = await findIdempotent(db, lookup());
    if (!previous) return undefined;
    return { topUp: await findTopUp(db, input.teamId, previous.resourceId, clock.now()), replayed: true };
  };
  const early = await replay(db);
  if (early) return early;

  const id = randomUUID();
  const returnUrl = `${billing.deps.publicUrl ?? ''}/settings/billing?topup=${id}`;
  const checkout = await driver.createCheckout(input.amountMinor, currency, input.teamId, returnUrl);

  return db.transaction(async (tx) => {
    const now = clock.now();
    const account = await lockAccount(tx, input.teamId, now);
    if (!account) throw teamNotFound();
    const again = await replay(tx);
    if (again) return again;
    if (account.currency !== currency) {
      throw billingConflict(t('billing.problem.currencyChangedMeanwhile'));
    }
    const [row] = await tx
      .insert(topUps)
      .values({
        id,
        teamId: input.teamId,
        amountMinor: input.amountMinor,
        currency,
        status: 'pending',
        provider: driver.info.kind,
        providerReference: checkout.providerReference,
        checkoutUrl: checkout.checkoutUrl,
        createdBy: input.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOP_UP_TTL_MS),
      })
      .returning();
    await recordAudit(tx, {
      teamId: input.teamId,
      actor: input.actor,
      action: 'billing.top_up_started',
      target: formatMoney(input.amountMinor, currency),
      details: { topUpId: id, amountMinor: input.amountMinor, currency, provider: driver.info.kind },
      at: now,
    });
    await rememberIdempotent(tx, { ...lookup(), resourceId: id, statusCode: 201 });
    return { topUp: toTopUp(row!, now), replayed: false };
  });
}

export async function findTopUp(db: Queryable, teamId: string, id: string, now: Date): Promise<TopUp> {
  const [row] = await db
    .select()
    .from(topUps)
    .where(and(eq(topUps.teamId, teamId), eq(topUps.id, id)));
  if (!row) throw topUpNotFound();
  return toTopUp(row, now);
}

/** Newest first; the cursor is the last top-up's creation time and id. */
export async function listTopUps(
  db: Queryable,
  teamId: string,
  cursor: string | undefined,
  now: Date,
): Promise<{ topUps: TopUp[]; nextCursor: string | null }> {
  let after: { at: Date; id: string } | undefined;
  if (cursor !== undefined) {
    const match = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(cursor);
    if (!match) throw cursorProblem();
    after = { at: new Date(Number(match[1])), id: match[2]! };
  }
  const rows = await db
    .select()
    .from(topUps)
    .where(
      and(
        eq(topUps.teamId, teamId),
        after
          ? or(lt(topUps.createdAt, after.at), and(eq(topUps.createdAt, after.at), lt(topUps.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(topUps.createdAt), desc(topUps.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    topUps: page.map((row) => toTopUp(row, now)),
    nextCursor: rows.length > PAGE_SIZE && last ? `${last.createdAt.getTime()}_${last.id}` : null,
  };
}

/** Whether a payment could still arrive for the team: a pending top-up that has not expired. */
export async function hasPendingTopUp(db: Queryable, teamId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: topUps.id })
    .from(topUps)
    .where(and(eq(topUps.teamId, teamId), eq(topUps.status, 'pending'), gt(topUps.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

export class CallbackReplayedError extends Error {
  constructor() {
    super('This callback event was already received.');
    this.name = 'CallbackReplayedError';
  }
}

export type Settlement =
  | { kind: 'credited'; topUp: TopUp; teamId: string }
  | { kind: 'declined'; topUp: TopUp; teamId: string }
  /** The top-up was already settled, or the provider named a payment we never started: nothing changes. */
  | { kind: 'unchanged'; reason: string };

/**
 * Applies a verified provider event in one transaction: the event id is remembered (a second delivery of
 * it throws CallbackReplayedError), and a pending top-up becomes succeeded (credited) or declined.
 */
export async function settleTopUp(billing: BillingService, event: PaymentEvent): Promise<Settlement> {
  const { db, clock, driver, logger } = billing.deps;
  const provider = driver.info.kind;
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx
      .delete(paymentCallbackEvents)
      .where(lt(paymentCallbackEvents.receivedAt, new Date(now.getTime() - CALLBACK_MEMORY_MS)));
    const taken = await tx
      .insert(paymentCallbackEvents)
      .values({ provider, eventId: event.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentCallbackEvents.eventId });
    if (taken.length === 0) throw new CallbackReplayedError();

    const [row] = await tx
      .select()
      .from(topUps)
      .where(and(eq(topUps.provider, provider), eq(topUps.providerReference, event.providerReference)))
      .for('update');
    if (!row) {
      logger.warn({ provider, reference: event.providerReference }, 'a payment callback named no top-up');
      return { kind: 'unchanged', reason: 'No top-up has this reference.' };
    }
    if (row.status !== 'pending')
      return { kind: 'unchanged', reason: `The top-up is already ${row.status}.` };

    if (event.type === 'payment.declined') {
      const [declined] = await tx
        .update(topUps)
        .set({ status: 'declined', declineReason: event.reason, completedAt: now })
        .where(eq(topUps.id, row.id))
        .returning();
      await recordAudit(tx, {
        teamId: row.teamId,
        actor: SYSTEM_ACTOR,
        action: 'billing.top_up_declined',
        target: formatMoney(row.amountMinor, row.currency as Currency),
        details: { topUpId: row.id, reason: event.reason, provider },
        at: now,
      });
      return { kind: 'declined', topUp: toTopUp(declined!, now), teamId: row.teamId };
    }

    if (event.amountMinor !== row.amountMinor || event.currency !== row.currency) {
      logger.error(
        {
          topUpId: row.id,
          expected: [row.amountMinor, row.currency],
          got: [event.amountMinor, event.currency],
        },
        'a payment callback announced another amount than the top-up; not credited',
      );
      return { kind: 'unchanged', reason: 'The amount paid differs from the top-up.' };
    }
    const account = await lockAccount(tx, row.teamId, now);
    if (!account) return { kind: 'unchanged', reason: 'The team no longer exists.' };
    if (account.currency !== row.currency) {
      logger.error(
        { topUpId: row.id },
        'a payment arrived in a currency the team no longer uses; not credited',
      );
      return { kind: 'unchanged', reason: 'The team’s currency changed.' };
    }
    const [succeeded] = await tx
      .update(topUps)
      .set({ status: 'succeeded', completedAt: now })
      .where(eq(topUps.id, row.id))
      .returning();
    const amount = moneyValue(row.amountMinor, row.currency as Currency);
    await postCredit(tx, {
      teamId: row.teamId,
      kind: 'top_up',
      amountMinor: row.amountMinor,
      description: message('history.ledger.topUp', {
        amount,
        provider: driver.info.name,
      }),
      topUpId: row.id,
      actorUserId: row.createdBy,
      at: now,
    });
    await recordAudit(tx, {
      teamId: row.teamId,
      actor: SYSTEM_ACTOR,
      action: 'billing.top_up_credited',
      target: message('history.audit.amount', { amount }),
      details: {
        topUpId: row.id,
        amountMinor: row.amountMinor,
        currency: row.currency,
        provider,
        providerReference: row.providerReference,
        startedBy: row.createdBy,
      },
      at: now,
    });
    return { kind: 'credited', topUp: toTopUp(succeeded!, now), teamId: row.teamId };
  });
}
