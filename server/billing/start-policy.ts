// The one billing rule the compute service asks before a compute starts (power on) or is created: not
// while the team's balance is empty. Read inside the caller's transaction (on PGlite a query beside an
// open transaction would wait for it forever). A team that has never been charged is not "empty".
import { eq } from 'drizzle-orm';
import { billingAccounts } from '../db/schema';
import type { Queryable } from '../teams/team-record';

export interface StartPolicy {
  mayStartComputes(db: Queryable, teamId: string): Promise<boolean>;
}

export const billingStartPolicy: StartPolicy = {
  async mayStartComputes(db, teamId) {
    const [row] = await db
      .select({ depletedSince: billingAccounts.depletedSince })
      .from(billingAccounts)
      .where(eq(billingAccounts.teamId, teamId));
    return !row?.depletedSince;
  },
};

export { balanceEmpty } from './problems';
