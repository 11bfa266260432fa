// The computes list on a team with 10,000 computes: seeds them straight into an embedded (in-memory
// PGlite) database, then times GET /resource-manager/api/v1/teams/:teamId/computes through the app in
// process (app.request: the whole Hono stack, guards, validation, queries and JSON, without a socket), over
// a mix of the default page, every sort, filters, searches and deep cursors. Target: p99 ≤ 50 ms.
import { realpathSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { createComputeService } from '../../server/computes';
import { openDatabase } from '../../server/db';
import { teamMembers, users } from '../../server/db/schema';
import { createIdentity } from '../../server/identity';
import { createAccount } from '../../server/identity/accounts';
import { createLogger } from '../../server/logger';
import { LiveUpdates } from '../../server/socket/live-updates';
import { seedComputes } from '../../tests/support/seed-computes';

export const COMPUTES_LIST_TARGET_P99_MS = 50;

export interface ComputesListFigures {
  computes: number;
  requests: number;
  seedMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p99 per kind of query, to see which one is slow when the total is. */
  byKind: Record<string, { p50Ms: number; p99Ms: number }>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Seeds `computes` computes (10,000 by default) into a fresh embedded database and times `requests`
 * list requests (200 by default) after a short warm-up.
 */
export async function benchComputesList(
  options: { computes?: number; requests?: number } = {},
): Promise<ComputesListFigures> {
  const count = options.computes ?? 10_000;
  const requests = options.requests ?? 200;
  const logger = createLogger('silent');
  const database = await openDatabase({ kind: 'pglite' });
  const identity = createIdentity({ database, logger, instanceSecret: 'bench-instance-secret' });
  const live = new LiveUpdates(database.db, logger);
  const computes = createComputeService({ db: database.db, clock: identity.clock, logger, live });
  try {
    const now = new Date();
    const user = await createAccount(database.db, { name: 'Bench Person', email: 'bench@example.com', now });
    await database.db.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, user.id));
    const [membership] = await database.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, user.id));
    const teamId = membership!.teamId;
    const { token } = await identity.sessions.create(user.id, { userAgent: 'bench', ip: null });

    const seedStarted = performance.now();
    await seedComputes(database.db, { teamId, count, createdBy: user.id });
    const seedMs = performance.now() - seedStarted;
    // As a server started on this database would: recovery, and fresh planner statistics.
    await computes.start();

    const app = createApp({ database, logger, staticDir: '/nonexistent', identity, live, computes });
    const base = `/resource-manager/api/v1/teams/${teamId}/computes`;
    const get = async (query: string) => {
      const response = await app.request(`${base}${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${query} answered ${response.status}: ${text}`);
      return JSON.parse(text) as { nextCursor: string | null };
    };

    // Cursors deep into the default order and the hostname order, as someone scrolling far would reach.
    const cursors: string[] = [];
    for (const sort of ['created_desc', 'hostname_asc']) {
      let cursor: string | null = null;
      for (let page = 0; page < 40; page++) {
        const answer: { nextCursor: string | null } = await get(
          `?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        cursor = answer.nextCursor;
        if (!cursor) break;
        if (page % 4 === 3) cursors.push(`?sort=${sort}&cursor=${cursor}`);
      }
    }
    const kinds: Record<string, string[]> = {
      default: [''],
      sort: ['?sort=created_asc', '?sort=hostname_asc', '?sort=hostname_desc', '?sort=status_asc'],
      filter: [
        '?status=running',
        '?status=stopped',
        '?location=nbo1',
        '?tag=db',
        '?tag=web&status=running&location=kgl1',
      ],
      search: ['?search=node-0123', '?search=198.18.1', '?search=staging', '?search=no-such-host'],
      cursor: cursors,
      large: ['?limit=500'],
    };
    const plan = Object.entries(kinds).flatMap(([kind, queries]) =>
      queries.map((query) => ({ kind, query })),
    );
    for (const { query } of plan.slice(0, 20)) await get(query);

    const timings: { kind: string; ms: number }[] = [];
    for (let index = 0; index < requests; index++) {
      // Half the requests are the default first page, as most visits are; the rest cycle through the mix.
      const { kind, query } = index % 2 === 0 ? { kind: 'default', query: '' } : plan[index % plan.length]!;
      const started = performance.now();
      await get(query);
      timings.push({ kind, ms: performance.now() - started });
    }
    const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
    const byKind: ComputesListFigures['byKind'] = {};
    for (const kind of Object.keys(kinds)) {
      const own = timings
        .filter((timing) => timing.kind === kind)
        .map((timing) => timing.ms)
        .sort((a, b) => a - b);
      if (own.length > 0) byKind[kind] = { p50Ms: percentile(own, 50), p99Ms: percentile(own, 99) };
    }
    return {
      computes: count,
      requests,
      seedMs,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
      byKind,
    };
  } finally {
    await computes.close();
    await database.close();
  }
}

/** Prints the figures; true when p99 is within the target. */
export function printComputesListFigures(figures: ComputesListFigures): boolean {
  const ok = figures.p99Ms <= COMPUTES_LIST_TARGET_P99_MS;
  console.log(
    `\nComputes list (${figures.computes.toLocaleString('en')} computes, embedded PGlite, in-process app.request)`,
  );
  console.log(`  seeded in ${(figures.seedMs / 1000).toFixed(1)} s`);
  console.log(
    `  ${figures.requests} requests: p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms (≤ ${COMPUTES_LIST_TARGET_P99_MS}: ${ok ? 'ok' : 'OVER TARGET'}), max ${figures.maxMs.toFixed(1)} ms`,
  );
  for (const [kind, figure] of Object.entries(figures.byKind)) {
    console.log(
      `    ${kind.padEnd(8)} p50 ${figure.p50Ms.toFixed(1).padStart(5)} ms   p99 ${figure.p99Ms.toFixed(1).padStart(5)} ms`,
    );
  }
  return ok;
}

// `npx tsx scripts/bench/computes-list.ts` runs it alone; importing it (scripts/bench.ts) runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  printComputesListFigures(await benchComputesList());
}
