// Metering with 10,000 computes (issue 14) on an embedded (PGlite) database: the sweep that runs every
// minute when no hour has started (what a server does 59 minutes in 60), and the sweeps that charge an hour
// of every compute — their time and the ledger rows they write. Rows per month follow from the hourly rows.
import { realpathSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { HOUR_MS, meterUsage } from '../../server/billing/metering';
import { openDatabase } from '../../server/db';
import { computes, teams } from '../../server/db/schema';
import { fundTeam } from '../../tests/server/support/billing';
import { seedComputes } from '../../tests/support/seed-computes';
import { median } from './page-timing';

export interface MeteringFigures {
  computes: number;
  idleSweepMs: number;
  hourSweepsMs: number;
  hourSweeps: number;
  rowsPerHour: number;
}

export async function benchMetering(count = 10_000): Promise<MeteringFigures> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const db = database.db;
    const [team] = await db.insert(teams).values({ name: 'Bench team' }).returning({ id: teams.id });
    const teamId = team!.id;
    const start = new Date(Date.UTC(2026, 10, 2));
    await fundTeam(db, teamId, 1_000_000_000, start);
    await seedComputes(db, { teamId, count, start });
    // All made within one hour (a second apart, wrapping), so each hour every one of them has an hour due.
    await db
      .update(computes)
      .set({
        createdAt: sql`${start.toISOString()}::timestamptz + ((extract(epoch from created_at - ${start.toISOString()}::timestamptz)::bigint / 60) % 3600) * interval '1 second'`,
      })
      .where(eq(computes.teamId, teamId));
    const charges = async () =>
      Number(
        (await db.execute<{ n: string }>(sql`select count(*) as n from ledger_entries where kind = 'charge'`))
          .rows[0]!.n,
      );

    // The first hour of every compute, then the second, sweep after sweep as the server does.
    let now = new Date(start.getTime() + HOUR_MS);
    for (let more = true; more; ) more = (await meterUsage(db, now)).more;
    const before = await charges();
    now = new Date(now.getTime() + HOUR_MS);
    let hourSweeps = 0;
    const hourStarted = performance.now();
    for (let more = true; more; hourSweeps++) more = (await meterUsage(db, now)).more;
    const hourSweepsMs = performance.now() - hourStarted;
    const rowsPerHour = (await charges()) - before;

    // A minute later: nothing has started since.
    now = new Date(now.getTime() + 60_000);
    const idle: number[] = [];
    for (let round = 0; round < 5; round++) {
      const began = performance.now();
      await meterUsage(db, now);
      idle.push(performance.now() - began);
    }
    return { computes: count, idleSweepMs: median(idle), hourSweepsMs, hourSweeps, rowsPerHour };
  } finally {
    await database.close();
  }
}

export function printMeteringFigures(figures: MeteringFigures): boolean {
  console.log(
    `\nMetering, ${figures.computes.toLocaleString('en')} computes (embedded PGlite; before the per-compute ` +
      'cursor, on the same machine: 16,981 ms with no hour due, 147.7 s for an hour of every compute)',
  );
  console.log(`  sweep with no hour due (every minute):  ${figures.idleSweepMs.toFixed(0)} ms`);
  console.log(
    `  an hour of every compute: ${figures.hourSweeps} sweeps, ${(figures.hourSweepsMs / 1000).toFixed(1)} s, ` +
      `${figures.rowsPerHour.toLocaleString('en')} ledger rows (a 30-day month: ${(figures.rowsPerHour * 720).toLocaleString('en')})`,
  );
  return true;
}

// `npx tsx scripts/bench/metering.ts` runs it alone; importing runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  printMeteringFigures(await benchMetering());
}
