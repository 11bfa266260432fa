// The machine inspector of development builds, in Chromium: a development build of the console (built here
// into dist-dev) served by its own real server. Open the panel, show a toast through the console, watch
// the toast machine's highlighted state change and the event arrive in the log; step back to before it.
import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, type ServerProcess, startServerProcess } from '../../scripts/server-process';
import { createAccount, newIdentity, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'development', '--outDir', 'dist-dev', '--logLevel', 'warn'],
    { env: { ...process.env, NODE_ENV: 'development' }, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`The development build failed:\n${build.stdout}\n${build.stderr}`);
  server = await startServerProcess({ STATIC_DIR: 'dist-dev' });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  if (server) {
    await server.stop();
    removeDataDir(server.dataDir);
  }
});

const state = (page: Page) => page.getByTestId('inspector-state');

describe('the machine inspector (development builds)', () => {
  it('follows the toast machine as a toast shows, and steps back to before it', async () => {
    const account = await createAccount(server.url, newIdentity('Ines Inspector'));
    const { page, problems } = await openPage(browser, server.url);
    await useAccount(page, account);

    await page.goto('/computes?inspect=1');
    await page.locator('#main').getByRole('heading', { level: 1 }).waitFor(); // the page's, not the first paint's
    const panel = page.getByRole('complementary', { name: 'Machine inspector' });
    await panel.waitFor();
    await panel.getByLabel('Actor').selectOption({ label: 'toast' });
    await expect(state(page).textContent()).resolves.toBe('empty');
    await panel.locator('[data-state="toast.empty"][data-active="true"]').waitFor();
    await expectNoAxeViolations(page);

    // A toast, shown the way a person makes one: creating a team.
    await page.getByRole('button', { name: /^Team: / }).click();
    await page.getByRole('menuitem', { name: 'Create a team…' }).click();
    await page.getByLabel('Team name').fill('Inspected Ltd');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByText('Inspected Ltd is ready', { exact: true }).waitFor();

    await panel.locator('[data-state="toast.visible.timing"][data-active="true"]').waitFor();
    await expect(state(page).textContent()).resolves.toBe('visible.timing');
    const log = panel.getByRole('list', { name: 'Event log' });
    const shown = log.getByRole('button', { name: /toast\.show → visible\.timing/ });
    await shown.waitFor();
    expect(await shown.locator('time').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
    await panel.locator('[data-transition="toast:toast.show#0"][data-taken="true"]').waitFor();
    await expect(panel.getByTestId('inspector-context').textContent()).resolves.toContain(
      '"title": "Inspected Ltd is ready"',
    );

    // Back in time: the state and context before the toast.
    await log.getByRole('button', { name: /xstate\.init → empty/ }).click();
    await expect(state(page).textContent()).resolves.toBe('empty');
    await panel.getByText(/\(as it was after xstate\.init at/).waitFor();
    await panel.locator('[data-state="toast.empty"][data-active="true"]').waitFor();
    await expect(panel.getByTestId('inspector-context').textContent()).resolves.toContain('"toast": null');
    await panel.getByRole('button', { name: 'Step forward' }).click();
    await expect(state(page).textContent()).resolves.not.toBe('empty');
    await panel.getByRole('button', { name: 'Step back' }).click();
    await expect(state(page).textContent()).resolves.toBe('empty');
    await panel.getByRole('button', { name: 'Back to now' }).click();
    await panel.getByText('(now)').waitFor();

    // The hotkey closes and opens it; other machines are listed too.
    await page.keyboard.press('Alt+Shift+KeyI');
    await panel.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+Shift+KeyI');
    await panel.waitFor();
    const actors = await panel.getByLabel('Actor').locator('option').allTextContents();
    expect(actors).toEqual(expect.arrayContaining(['auth', 'toast', 'progressBar', 'socket']));
    expect(problems).toEqual([]);
  });
});
