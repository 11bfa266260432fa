// Every page on a phone (390 × 844), with real content in it (tests/e2e/seeded-team.ts): nothing scrolls
// sideways. When something does, the failure names the elements that reach past the screen's right edge.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useAccount } from './accounts';
import { type ConsolePage, launchBrowser, openPage } from './browser';
import { sidewaysScroll, tinyText } from './page-checks';
import { seedTeam } from './seeded-team';

const baseUrl = inject('baseUrl');
let browser: Browser;
let signedIn: ConsolePage;
let anonymous: ConsolePage;
let paths: string[] = [];
/** The page of a compute made with an SSH key: its fingerprint ("SHA256:" and 43 characters) is one word. */
let keyedPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const seeded = await seedTeam(baseUrl);
  const { account } = seeded;
  paths = seeded.paths;
  keyedPath = seeded.keyedPath;
  signedIn = await openPage(browser, baseUrl);
  await signedIn.page.setViewportSize({ width: 390, height: 844 });
  await useAccount(signedIn.page, account);
  anonymous = await openPage(browser, baseUrl);
  await anonymous.page.setViewportSize({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
});

describe('on a phone, 390 px wide', () => {
  it.each(['/', '/auth/login', '/auth/signup'])('%s does not scroll sideways', async (path) => {
    await anonymous.page.goto(path);
    await anonymous.page.locator('h1').first().waitFor();
    expect(await sidewaysScroll(anonymous)).toEqual([]);
  });

  it('no signed-in page scrolls sideways', async () => {
    const failures: Record<string, string[]> = {};
    for (const path of paths) {
      await signedIn.page.goto(path);
      await signedIn.page.locator('main h1').first().waitFor();
      const found = [...(await sidewaysScroll(signedIn)), ...(await tinyText(signedIn))];
      if (found.length > 0) failures[path] = found;
    }
    expect(failures).toEqual({});
    // About 40 pages, each loaded and measured: a bound for a page that never settles, not a pace (50 s on a
    // quiet machine; 120 s was too little at a load average of 20).
  }, 400_000);

  it('fits the page of a compute made with an SSH key, its fingerprint wrapped', async () => {
    await signedIn.page.goto(keyedPath);
    await signedIn.page.locator('main h1').first().waitFor();
    await signedIn.page.getByText(/^Signs in with your SSH key \(SHA256:/).waitFor();
    expect([...(await sidewaysScroll(signedIn)), ...(await tinyText(signedIn))]).toEqual([]);
  });

  it('keeps the header on the screen while live updates connect, and when they are lost', async () => {
    // The header's connection indicator says more while connecting ("Connecting…") or lost ("Reconnecting",
    // a countdown and "Reconnect now") than when live: the header wraps instead of widening the page.
    const { page } = signedIn;
    let answer: 'hold' | 'refuse' = 'hold';
    await page.route('**/socket-tickets', (route) =>
      answer === 'hold' ? undefined : route.fulfill({ status: 503, body: '' }),
    );
    try {
      await page.goto('/settings/general');
      await page.locator('main h1').first().waitFor();
      await page.getByRole('status').filter({ hasText: 'Connecting…' }).waitFor();
      // The ticket is held on purpose: the network never goes idle, so measure as is.
      expect(await sidewaysScroll(signedIn, false)).toEqual([]);

      answer = 'refuse';
      await page.goto('/settings/billing');
      await page.getByRole('button', { name: 'Reconnect now' }).waitFor();
      expect(await sidewaysScroll(signedIn)).toEqual([]);
    } finally {
      await page.unroute('**/socket-tickets');
    }
  });

  it('shows a record’s type, and the current tab of a strip that scrolls, whole', async () => {
    const { page } = signedIn;
    const compute = paths.find((path) => path.endsWith('/monitoring'))!;
    await page.goto(compute);
    const strip = page.getByRole('navigation', { name: 'Compute pages' }).getByRole('list');
    const current = strip.getByRole('link', { name: 'Monitoring' });
    await current.waitFor();
    const [box, scrolls] = await Promise.all([
      current.boundingBox(),
      strip.evaluate((list) => list.scrollWidth > list.clientWidth),
    ]);
    expect(scrolls).toBe(true);
    // The chart explains itself in the console's words: no uPlot legend saying "Time: --".
    await page
      .getByText(/^(Figures start|Collecting)/)
      .or(page.locator('canvas'))
      .first()
      .waitFor();
    expect(await page.locator('.u-legend').count()).toBe(0);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await page.goto(paths.find((path) => /^\/domains\/[^/]+$/.test(path))!);
    const badge = page.getByRole('cell', { name: 'CNAME', exact: true }).first();
    await badge.waitFor();
    const cell = await badge.boundingBox();
    const text = await badge.locator('span').first().boundingBox();
    // The badge fits its cell: not clipped to nothing as a 0 px column would.
    expect(cell!.width).toBeGreaterThan(40);
    expect(text!.x + text!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
  });
});
