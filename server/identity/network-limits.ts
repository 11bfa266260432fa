// A looser limit per client address on top of the per-address code rules: one network spraying codes
// at many addresses (mail bombing, guessing across accounts) is slowed down without touching the rest.
// Counted in the database, so servers sharing it count the same tries and a restart forgets nothing.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { networkLimitHits } from '../db/schema';
import type { Clock } from './clock';

export type NetworkAction = 'send-code' | 'enter-code';

export interface NetworkLimit {
  max: number;
  windowMs: number;
}

export const NETWORK_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * Generous enough for an office or school behind one address, tight enough to stop a script.
 * CODE_SENDS_PER_IP and CODE_TRIES_PER_IP change them.
 */
export const NETWORK_LIMITS: Record<NetworkAction, NetworkLimit> = {
  'send-code': { max: 30, windowMs: NETWORK_LIMIT_WINDOW_MS },
  'enter-code': { max: 100, windowMs: NETWORK_LIMIT_WINDOW_MS },
};

export class NetworkLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly limits: Record<NetworkAction, NetworkLimit> = NETWORK_LIMITS,
  ) {}

  /** Counts one action; answers the seconds to wait when the network is over its limit. */
  async hit(action: NetworkAction, ip: string | null): Promise<number | undefined> {
    if (!ip) return undefined;
    const { max, windowMs } = this.limits[action];
    const now = this.clock.now();
    const since = new Date(now.getTime() - windowMs);
    const key = `${action}|${ip}`;
    return this.db.transaction(async (tx) => {
      // One count at a time per key, whichever server counts: two tries cannot both take the last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      await tx
        .delete(networkLimitHits)
        .where(and(eq(networkLimitHits.key, key), lte(networkLimitHits.at, since)));
      const recent = await tx
        .select({ at: networkLimitHits.at })
        .from(networkLimitHits)
        .where(eq(networkLimitHits.key, key))
        .orderBy(asc(networkLimitHits.at))
        .limit(max);
      if (recent.length >= max) {
        return Math.max(1, Math.ceil((recent[0]!.at.getTime() + windowMs - now.getTime()) / 1000));
      }
      await tx.insert(networkLimitHits).values({ key, at: now });
      return undefined;
    });
  }

  /** Removes counts no window reaches any more (addresses not seen since); the leader runs it. */
  async prune(): Promise<void> {
    const longest = Math.max(...Object.values(this.limits).map((limit) => limit.windowMs));
    await this.db
      .delete(networkLimitHits)
      .where(lte(networkLimitHits.at, new Date(this.clock.now().getTime() - longest)));
  }
}
