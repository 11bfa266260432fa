// Metering with 10,000 computes (issue 14) on an embedded (PGlite) database: the sweep that runs every
// minute when no hour has started (what a server does 59 minutes in 60), the sweeps that charge an hour of
// every compute, the rest of the month caught up at once (a server that was down), the month's close (one
// ledger charge per compute), and the rows the month left stored.
import { realpathSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { addMonths, HOUR_MS, meterUsage, monthStartOf } from '../../server/billing/metering';
import { postEndedMonths } from '../../server/billing/month-close';
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
  /** Rows inserted by an hour of every compute (updates in place are not new rows). */
  rowsPerHour: number;
  catchUpMs: number;
  closeMs: number;
  /** Accrual rows and ledger charges the month left stored. */
  rowsPerMonth: number;
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
    const rows = async () =>
      Number(
        (
          await db.execute<{ n: string }>(
            sql`select (select count(*) from ledger_entries where kind = 'charge') + (select count(*) from usage_accruals) as n`,
          )
        ).rows[0]!.n,
      );

    // The first hour of every compute, then the second, sweep after sweep as the server does.
    let now = new Date(start.getTime() + HOUR_MS);
    for (let more = true; more; ) more = (await meterUsage(db, now)).more;
    const before = await rows();
    now = new Date(now.getTime() + HOUR_MS);
    let hourSweeps = 0;
    const hourStarted = performance.now();
    for (let more = true; more; hourSweeps++) more = (await meterUsage(db, now)).more;
    const hourSweepsMs = performance.now() - hourStarted;
    const rowsPerHour = (await rows()) - before;

    // A minute later: nothing has started since.
    now = new Date(now.getTime() + 60_000);
    const idle: number[] = [];
    for (let round = 0; round < 5; round++) {
      const began = performance.now();
      await meterUsage(db, now);
      idle.push(performance.now() - began);
    }

    // The rest of the month at once, then its close just after midnight.
    const monthEnd = addMonths(monthStartOf(start), 1);
    const caughtUp = performance.now();
    for (let more = true; more; ) more = (await meterUsage(db, new Date(monthEnd.getTime() - 1))).more;
    const catchUpMs = performance.now() - caughtUp;
    const closing = performance.now();
    await postEndedMonths(db, new Date(monthEnd.getTime() + 60_000));
    const closeMs = performance.now() - closing;
    return {
      computes: count,
      idleSweepMs: median(idle),
      hourSweepsMs,
      hourSweeps,
      rowsPerHour,
      catchUpMs,
      closeMs,
      rowsPerMonth: await rows(),
    };
  } finally {
    await database.close();
  }
}

export function printMeteringFigures(figures: MeteringFigures): boolean {
  const n = figures.computes.toLocaleString('en');
  console.log(
    `\nMetering, ${n} computes (embedded PGlite). Before, on the same machine (a ledger row per compute-hour, ` +
      'no cursor): 16,981 ms with no hour due, 147.7 s and 10,000 rows for an hour of every compute, ' +
      '7.2 million rows for a 30-day month',
  );
  console.log(`  sweep with no hour due (every minute):  ${figures.idleSweepMs.toFixed(0)} ms`);
  console.log(
    `  an hour of every compute: ${figures.hourSweeps} sweeps, ${(figures.hourSweepsMs / 1000).toFixed(1)} s, ` +
      `${figures.rowsPerHour.toLocaleString('en')} new rows (each compute's month updated in place)`,
  );
  console.log(
    `  the rest of the month at once (a server down for weeks): ${(figures.catchUpMs / 1000).toFixed(1)} s; ` +
      `the month's close (a ledger charge per compute): ${(figures.closeMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  rows the month left stored: ${figures.rowsPerMonth.toLocaleString('en')} (accruals and charges)`,
  );
  return true;
}

// `npx tsx scripts/bench/metering.ts` runs it alone; importing runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  printMeteringFigures(await benchMetering());
}
