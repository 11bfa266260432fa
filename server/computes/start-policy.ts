// What the compute service asks before a compute is created or powered on. Billing gives the rule (the
// prepaid balance, server/billing/start-policy.ts) through app.ts, so computes never import billing.
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
}
