// What the compute service asks before a compute is created or powered on. Billing gives the rule (the
// prepaid balance, server/billing/start-policy.ts) through app.ts, so computes never import billing.
import type { Transaction } from '../db';
import type { ProblemError } from '../http/problem';
import type { Queryable } from '../tenancy/team-record';

export interface StartPolicy {
  /** The refusal (a problem to answer) when the team may not create (plan given) or power on (no plan) a compute now; null when it may. */
  startRefusal(
    db: Queryable,
    teamId: string,
    now: Date,
    plan?: Record<string, unknown>,
  ): Promise<ProblemError | null>;
  /**
   * Before a compute moves from plan `from` to plan `to`: the refusal (a problem to answer) when the
   * balance does not cover an hour of a dearer plan; null when it may.
   */
  resizeRefusal(
    db: Queryable,
    teamId: string,
    now: Date,
    from: Record<string, unknown>,
    to: Record<string, unknown>,
  ): Promise<ProblemError | null>;
  /**
   * Charges the compute's hours started by `now` at the plan it has now, in the caller's transaction (before
   * a plan change, so the new rate applies from the next hour). Called before the compute's row is locked:
   * the account's lock comes first, as in the usage sweep.
   */
  chargeStartedHours(tx: Transaction, teamId: string, computeId: string, now: Date): Promise<void>;
}
