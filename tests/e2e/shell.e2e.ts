import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, useAccount } from './accounts';
import { type ConsolePage, expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { chunkOf } from './built-chunks';

const baseUrl = inject('baseUrl');
/** The sign-up page's code, held back or failed to see a navigation that waits or fails. */
const SIGN_UP_PAGE = 'src/routes/auth/signup.tsx?tsr-split=component';
let browser: Browser;
let current: ConsolePage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await current?.context.close();
});

async function open() {
  current = await openPage(browser, baseUrl);
  return current.page;
}

describe('the console shell in Chromium', () => {
  it('renders the landing page styled, with bundled fonts and nothing fetched from elsewhere', async () => {
    const page = await open();
    await page.goto('/');
    // The page's heading, not index.html's first paint of it (which React replaces).
    const heading = page.locator('#main h1');
    await expect(heading.textContent()).resolves.toContain('computes, domains and bills');
    await page.evaluate(() => document.fonts.ready);
    const styles = await heading.evaluate((el) => {
      const style = getComputedStyle(el);
      return { font: style.fontFamily, weight: style.fontWeight };
    });
    expect(styles.font).toMatch(/^"?Sora"?/);
    expect(styles.weight).toBe('600');
    const fontsLoaded = await page.evaluate(() =>
      [...document.fonts]
        .filter((font) => font.status === 'loaded')
        .map((font) => font.family.replaceAll('"', '')),
    );
    expect(fontsLoaded).toEqual(expect.arrayContaining(['Sora', 'Inter']));
    const signUp = page.getByRole('link', { name: 'Create an account' });
    const background = await signUp.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(93, 84, 245)');
    await expectNoAxeViolations(page);
    expect(current.problems).toEqual([]);
  });

  it('paints the landing and sign-in pages from index.html alone, as the console then renders them', async () => {
    const firstPaint = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    // The console's scripts never arrive: what shows is index.html's first paint.
    await firstPaint.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const rendered = await open();
    const shell = await firstPaint.newPage();
    const visibleText = (page: typeof shell, selector: string) =>
      page
        .locator(selector)
        .evaluateAll((nodes) =>
          nodes
            .filter((node) => (node as HTMLElement).offsetParent !== null)
            .map((node) => node.textContent!.replace(/\s+/g, ' ').trim()),
        );
    try {
      for (const path of ['/', '/auth/login']) {
        await shell.goto(path);
        const painted = await visibleText(shell, 'h1, h1 + p');
        expect(painted).toHaveLength(2);
        await expectNoAxeViolations(shell);
        await rendered.goto(path);
        await rendered.locator('#main h1 + p').waitFor(); // the page's, not the first paint's
        expect(await visibleText(rendered, '#main h1, #main h1 + p')).toEqual(painted);
      }
      // Any other address shows a neutral frame: its page is not known before the scripts run.
      await shell.goto('/computes');
      await expect(visibleText(shell, 'h1, p')).resolves.toEqual(['Loading the console…']);
      await expectNoAxeViolations(shell);
      await expect(shell.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        390,
      );
    } finally {
      await firstPaint.close();
    }
  });

  it('serves the API reference for people, readable on a phone and offline', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    try {
      const page = await context.newPage();
      await page.goto('/api/docs');
      await page.getByRole('heading', { name: 'Ikirere console API', level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Computes' }).click();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        390,
      );
      await expectNoAxeViolations(page);
      expect(requested.every((url) => url.startsWith(baseUrl))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows the not-found page for an unknown address', async () => {
    const page = await open();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Ikirere');
    await expectNoAxeViolations(page);
  });

  it('sends a visitor without a session to sign in and remembers where they were going', async () => {
    const page = await open();
    await page.goto('/computes/c-42/power?from=mail');
    await page.waitForURL('**/auth/login');
    await page.locator('#main').getByRole('heading', { name: 'Sign in to your console' }).waitFor();
    const intended = await page.evaluate(() => localStorage.getItem('intendedPath'));
    expect(JSON.parse(intended ?? 'null')).toBe('/computes/c-42/power?from=mail');
    await expectNoAxeViolations(page);
  });

  it('shows the progress bar during a navigation and hides it when the page is ready', async () => {
    const page = await open();
    await page.goto('/');
    const bar = page.getByRole('progressbar', { includeHidden: true });
    await page.waitForFunction(
      () => document.querySelector('[role=progressbar]')?.getAttribute('data-visible') === 'false',
    );
    // Hold the sign-up page's code back so the navigation takes a while (the sign-in page's is preloaded).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(chunkOf(SIGN_UP_PAGE), async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Create an account' }).first().click();
    await page.waitForFunction(
      () => document.querySelector('[role=progressbar]')?.getAttribute('data-visible') === 'true',
    );
    await page.waitForTimeout(400);
    const during = await bar.evaluate((el) => ({
      width: parseFloat((el as HTMLElement).style.width),
      state: el.getAttribute('data-state'),
    }));
    expect(during.state).toBe('running');
    expect(during.width).toBeGreaterThan(0);
    expect(during.width).toBeLessThan(100);
    const colour = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).toBe('rgb(107, 99, 255)');
    const height = await bar.evaluate((el) => getComputedStyle(el).height);
    expect(height).toBe('2px');
    release();
    await page.waitForURL('**/auth/signup');
    await page.waitForFunction(
      () => document.querySelector('[role=progressbar]')?.getAttribute('data-visible') === 'false',
    );
  });

  it('shows an error page, a toast and a failed bar when a page fails to load, and recovers on retry', async () => {
    const page = await open();
    await page.goto('/');
    await page.waitForFunction(
      () => document.querySelector('[role=progressbar]')?.getAttribute('data-visible') === 'false',
    );
    const failing = chunkOf(SIGN_UP_PAGE);
    await page.route(failing, (route) => route.abort('internetdisconnected'));
    // The failed bar shows for 300 ms before it hides: record its states as they happen rather than
    // hoping to look at the right moment on a busy machine.
    // (The landing page's link may load the next page in full, so the recorder goes into this document
    // and every next one.)
    const recordBarStates = () => {
      const seen: Array<{ state?: string; colour: string }> = [];
      (window as unknown as { barStates: typeof seen }).barStates = seen;
      new MutationObserver((changes) => {
        for (const { target } of changes) {
          const el = target as HTMLElement;
          if (el.getAttribute('role') !== 'progressbar') continue;
          seen.push({ state: el.dataset.state, colour: getComputedStyle(el).backgroundColor });
        }
      }).observe(document, { attributes: true, attributeFilter: ['data-state'], subtree: true });
    };
    await page.addInitScript(recordBarStates);
    await page.evaluate(recordBarStates);
    await page.getByRole('link', { name: 'Create an account' }).first().click();
    await page.getByRole('heading', { name: "This page couldn't load" }).waitFor();
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    await toasts.getByText("This page couldn't load").waitFor();
    const states = await page.evaluate(
      () => (window as unknown as { barStates: Array<{ state?: string; colour: string }> }).barStates,
    );
    expect(states).toContainEqual({ state: 'failed', colour: 'rgb(210, 23, 23)' });
    await expectNoAxeViolations(page);
    await page.unroute(failing);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Create your Ikirere account' }).waitFor();
  });

  it('F8 moves focus to the toast', async () => {
    const page = await open();
    await useAccount(page, await createAccount(baseUrl));
    await page.goto('/overview');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/login');
    const toast = page.getByText('You are signed out.');
    await toast.waitFor();
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused).toContain('You are signed out.');
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(next).toBe('Dismiss notification');
    await page.keyboard.press('Enter');
    await toast.waitFor({ state: 'detached' });
  });

  it('scrolls a new page to the top 500 ms after navigating', async () => {
    const page = await open();
    await useAccount(page, await createAccount(baseUrl));
    await page.setViewportSize({ width: 1000, height: 300 });
    await page.goto('/overview');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 1500);
    });
    // When the view reached the top, measured from the click (timed in the page: a busy machine must not
    // make the test look too late).
    const clickedAt = await page.evaluate(() => {
      const w = window as unknown as { toppedAt?: number };
      window.addEventListener('scroll', () => {
        if (window.scrollY === 0) w.toppedAt ??= performance.now();
      });
      return performance.now();
    });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Domains' }).click();
    await page.waitForURL('**/domains');
    await page.waitForFunction(() => window.scrollY === 0);
    const toppedAt = await page.evaluate(() => (window as unknown as { toppedAt?: number }).toppedAt ?? 0);
    expect(toppedAt - clickedAt).toBeGreaterThanOrEqual(450);
  });

  it('keeps keyboard focus on the page after a navigation, never on the body', async () => {
    const page = await open();
    await useAccount(page, await createAccount(baseUrl));
    await page.goto('/overview');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element === document.body || !element
          ? 'body'
          : `${element.tagName} ${element.textContent?.trim()}`;
      });
    // A link that goes away with the page it was on (the overview's "Go to the domains").
    await page.getByRole('link', { name: 'Go to the domains' }).click();
    await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await focused()).toBe('H1 Domains');
    // Keyboard: Tab from there goes on into the page, not back to the top of the document.
    await page.keyboard.press('Tab');
    expect(await focused()).not.toBe('body');
  });

  it('shows the live connection in the header', async () => {
    const page = await open();
    await useAccount(page, await createAccount(baseUrl));
    await page.goto('/overview');
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  });

  it('remembers the dark theme across a reload, without a flash of the light one', async () => {
    const page = await open();
    await useAccount(page, await createAccount(baseUrl));
    await page.goto('/overview');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: /^Dark/ }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
