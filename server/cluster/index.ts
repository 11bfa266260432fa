// Servers that share a database, and the one of them that runs the background work: see cluster.ts.
import type { DatabaseHandle } from '../db';
import type { Logger } from '../logger';
import type { Cluster } from './cluster';
import { checkFence } from './fencing';
import { PostgresCluster } from './postgres-cluster';
import { SingleServerCluster } from './single-server';

export type { Cluster } from './cluster';
export { periodic } from './cluster';

export interface ClusterOptions {
  /** How often a follower tries to lead (PostgreSQL only; default 1 s). */
  leaderCheckMs?: number;
}

/** One server alone on PGlite; on PostgreSQL, one of possibly many (started: listening, checking leadership). */
export async function joinCluster(
  database: DatabaseHandle,
  logger: Logger,
  options: ClusterOptions = {},
): Promise<Cluster> {
  if (database.kind === 'pglite') return new SingleServerCluster(logger);
  // Transactions of the background work begin by checking this server still leads (fencing.ts).
  database.guardTransactions(checkFence);
  const cluster = new PostgresCluster({ url: database.url, pool: database.pool, logger, ...options });
  await cluster.start();
  return cluster;
}
