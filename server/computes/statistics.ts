// Keeps the planner's statistics of the computes table fresh. PostgreSQL's autovacuum does this on its
// own; the embedded PGlite runs without it, and with no statistics a team's list sorts every one of its
// computes instead of reading the first page off an index (30 ms instead of 1 ms at 10,000 computes).
// So the server analyzes the table at start and again after every few hundred changes.
import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { Logger } from '../logger';

const CHANGES_BETWEEN_REFRESHES = 250;

export class ComputeStatistics {
  private changes = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /** Analyzes now (ANALYZE reads a bounded sample: milliseconds even for a large table). */
  async refresh(): Promise<void> {
    this.changes = 0;
    await this.db.execute(sql`analyze computes`);
  }

  /** Counts a created compute; every CHANGES_BETWEEN_REFRESHES, refreshes in the background. */
  noteCreated(): void {
    this.changes += 1;
    if (this.changes < CHANGES_BETWEEN_REFRESHES || this.running) return;
    this.running = this.refresh()
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'could not refresh the computes statistics'),
      )
      .finally(() => {
        this.running = undefined;
      });
  }

  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
