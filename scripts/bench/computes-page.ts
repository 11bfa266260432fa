// The /computes page of a team with 10,000 computes, in Chromium against the real server: the time from
// navigation to a rendered, scrollable list (cold: a fresh tab loading the console at /computes; warm: a click
// on "Computes" in the sidebar of an open console), and how many rows are in the DOM at the top and after
// scrolling down past the 2,000th compute. Targets: rendered within 500 ms; at most 100 rows in the DOM.
import { chromium } from 'playwright-core';
import { openDatabase } from '../../server/db';
import { createAccount } from '../../tests/e2e/accounts';
import { seedComputes } from '../../tests/support/seed-computes';
import { removeDataDir, startServerProcess } from '../server-process';
import { median, renderedAfter, rowsInDom, scrollToRow, signedInPage } from './page-timing';

export const COMPUTES_PAGE_TARGET = { renderedMs: 500, maxRows: 100 } as const;

export interface ComputesPageFigures {
  computes: number;
  coldMs: number[];
  warmMs: number[];
  /** From the start of loading /overview until its requests were done (before each in-app run). */
  overviewReadyMs: number[];
  rowsAtTop: number;
  /** Rows in the DOM once scrolled down to the `deepIndex`th compute. */
  rowsDeep: number;
  deepIndex: number;
  scrollable: boolean;
}

export async function benchComputesPage(
  chromePath: string,
  options: { computes?: number; runs?: number } = {},
): Promise<ComputesPageFigures> {
  const count = options.computes ?? 10_000;
  const runs = options.runs ?? 5;
  // A real account on a fresh server; then, with the server stopped, its team gets the computes.
  let server = await startServerProcess({ LOG_LEVEL: 'error' });
  const dataDir = server.dataDir;
  const account = await createAccount(server.url);
  const teams = (await (
    await fetch(`${server.url}/user/api/v1/teams`, { headers: { Authorization: `Bearer ${account.token}` } })
  ).json()) as { teams: Array<{ id: string }> };
  const teamId = teams.teams[0]!.id;
  await server.stop();
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await seedComputes(database.db, { teamId, count, createdBy: account.user.id });
  } finally {
    await database.close();
  }
  server = await startServerProcess({ LOG_LEVEL: 'error' }, { dataDir });

  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await signedInPage(browser, server.url, account);
    // Once, so the browser's HTTP cache holds the console's files as a returning visitor's would.
    await page.goto('/computes');
    await renderedAfter(page, 0);

    const coldMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto('/computes', { waitUntil: 'commit' });
      coldMs.push(await renderedAfter(page, 0));
    }

    const warmMs: number[] = [];
    const overviewReadyMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto('/overview');
      await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
      // The overview's own requests (balance, usage of 10,000 computes, activity) done: the person reads it,
      // then goes to the list.
      await page.waitForLoadState('networkidle');
      const overviewMs = await page.evaluate(() => performance.now());
      overviewReadyMs.push(overviewMs);
      const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Computes' });
      const started = await page.evaluate(() => performance.now());
      await link.click();
      warmMs.push(await renderedAfter(page, started));
    }

    const rowsAtTop = await rowsInDom(page);
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
    // Scroll down as someone would, pages loading as the end comes into view, past the 2,000th compute.
    const deepIndex = Math.min(2_000, count - 50);
    await scrollToRow(page, deepIndex);
    const rowsDeep = await rowsInDom(page);
    return { computes: count, coldMs, warmMs, overviewReadyMs, rowsAtTop, rowsDeep, deepIndex, scrollable };
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

/** Prints the figures; true when they are within the targets. */
export function printComputesPageFigures(figures: ComputesPageFigures): boolean {
  const cold = median(figures.coldMs);
  const warm = median(figures.warmMs);
  const worst = Math.max(...figures.coldMs, ...figures.warmMs);
  const rows = Math.max(figures.rowsAtTop, figures.rowsDeep);
  const fast = worst <= COMPUTES_PAGE_TARGET.renderedMs;
  const lean = rows <= COMPUTES_PAGE_TARGET.maxRows;
  const format = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  console.log(`\n/computes page (${figures.computes.toLocaleString('en')} computes, Chromium, real server)`);
  console.log(
    `  navigation → rendered, scrollable list: cold load median ${cold.toFixed(0)} ms (${format(figures.coldMs)}), in-app median ${warm.toFixed(0)} ms (${format(figures.warmMs)}); worst ${worst.toFixed(0)} ms (≤ ${COMPUTES_PAGE_TARGET.renderedMs}: ${fast ? 'ok' : 'OVER TARGET'})`,
  );
  console.log(
    `  (in-app: from /overview once its own requests are done — quiet for 500 ms after median ${(median(figures.overviewReadyMs) - 500).toFixed(0)} ms for this team — to the list, as a person who read it clicking Computes)`,
  );
  console.log(
    `  rows in the DOM: ${figures.rowsAtTop} at the top, ${figures.rowsDeep} scrolled down to compute ${figures.deepIndex.toLocaleString('en')} (≤ ${COMPUTES_PAGE_TARGET.maxRows}: ${lean ? 'ok' : 'OVER TARGET'}); scrollable: ${figures.scrollable ? 'yes' : 'NO'}`,
  );
  return fast && lean && figures.scrollable;
}
