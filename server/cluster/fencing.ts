// Fencing the leader. The leader is the server holding an advisory lock on its own connection, but a leader
// can lose that lock without knowing it yet: its session ended (the primary failed over, the network cut it
// off, the process froze) while its sweeps go on through other connections. Another server then takes the
// lock and both would work at once. So leadership has terms: the server taking the lock adds one to the
// epoch in cluster_leadership (claimLeadership), and every transaction begun by the background work checks
// first, with a share lock on that row, that the epoch is still its server's (checkFence). A deposed
// leader's transaction is refused (StaleLeaderError) and that server stops its background work; and since
// the new leader's increment waits for the share locks of transactions already past the check, the old
// leader's last work commits before the new leader's first, never beside it.
//
// Which transactions are the background work's: those begun, however indirectly, from a LeaderWork's start()
// (its timers carry the async context runAsLeaderWork sets). Statements outside a transaction are not
// checked: the background work writes through transactions (the stored-message clean-up is idempotent).
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Transaction } from '../db';

/** This server's leadership, as the background work it started sees it. */
export interface LeaderTerm {
  /** The epoch this server leads under now; undefined when it does not lead. */
  current(): number | undefined;
  /** The database says another server leads since: stop leading here. */
  deposed(epoch: number): void;
}

export class StaleLeaderError extends Error {
  constructor(epoch: number | undefined) {
    super(
      epoch === undefined
        ? 'This server no longer runs the background work: the work it began is refused.'
        : `Another server runs the background work since leadership term ${epoch}: this server's work is refused.`,
    );
    this.name = 'StaleLeaderError';
  }
}

const leaderWork = new AsyncLocalStorage<LeaderTerm>();

/** Runs `start` (a LeaderWork starting its timers) so that every transaction it begins is fenced by `term`. */
export function runAsLeaderWork<T>(term: LeaderTerm, start: () => T): T {
  return leaderWork.run(term, start);
}

/** Begins a new term on the connection that holds the leader lock; returns its epoch. */
export async function claimLeadership(client: pg.Client, serverId: string): Promise<number> {
  const { rows } = await client.query<{ epoch: string }>(
    `insert into cluster_leadership (id, epoch, server_id, since) values (1, 1, $1, now())
     on conflict (id) do update set epoch = cluster_leadership.epoch + 1, server_id = excluded.server_id, since = now()
     returning epoch`,
    [serverId],
  );
  return Number(rows[0]!.epoch);
}

/** The transaction guard (DatabaseHandle.guardTransactions): refuses a transaction of a deposed leader's work. */
export async function checkFence(tx: Transaction): Promise<void> {
  const term = leaderWork.getStore();
  if (!term) return;
  const epoch = term.current();
  if (epoch === undefined) throw new StaleLeaderError(undefined);
  const { rows } = await tx.execute(
    sql`select 1 from cluster_leadership where id = 1 and epoch = ${epoch} for share`,
  );
  if (rows.length === 0) {
    term.deposed(epoch);
    throw new StaleLeaderError(epoch);
  }
}
