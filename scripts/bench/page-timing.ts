// Shared by the page benchmarks (computes-page, zone-page): a signed-in browser context, the time until a
// virtual table is rendered and scrollable, scrolling it down to a row, and medians.
import type { Browser, Page } from 'playwright-core';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const rowsInDom = (page: Page) => page.locator('tbody tr[data-index]').count();

/** A 1280×800 context of `baseUrl` in which `account` is already signed in. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  account: { token: string; user: unknown },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: account.token, user: account.user },
  );
  return context.newPage();
}

/**
 * Resolves once the table shows rows and the page scrolls; answers the milliseconds since `since`
 * (a performance.now() of the page; 0 is the navigation's start).
 */
export async function renderedAfter(page: Page, since: number): Promise<number> {
  const handle = await page.waitForFunction(
    (started) => {
      const rows = document.querySelectorAll('tbody tr[data-index]').length;
      const scrollable = document.documentElement.scrollHeight > window.innerHeight;
      return rows > 0 && scrollable ? performance.now() - started : false;
    },
    since,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Scrolls down as a person would, pages loading as the end comes into view, until row `index` shows. */
export async function scrollToRow(page: Page, index: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (
    !(await page.evaluate((row) => document.querySelector(`tbody tr[data-index="${row}"]`) !== null, index))
  ) {
    if (Date.now() > deadline) throw new Error(`The table never reached row ${index}`);
    // Less than the rows the table keeps in the DOM (the visible ones and the overscan), so no row is skipped
    // once the pages load faster than the wheel turns.
    await page.mouse.wheel(0, 1_000);
    await page.waitForTimeout(30);
  }
}
