// The live connection survives the server being killed: the header says so, and it comes back on its own.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  removeDataDir,
  type ServerProcess,
  startServerProcess,
} from '../../scripts/server-process';
import { createAccount, useAccount } from './accounts';
import { launchBrowser, openPage } from './browser';

let browser: Browser;
let server: ServerProcess | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) removeDataDir(dataDir);
});

describe('live connection', () => {
  it('shows the loss when the server is killed and reconnects by itself when it is back', async () => {
    const port = await freePort();
    server = await startServerProcess({}, { port });
    dataDir = server.dataDir;
    const { page, context } = await openPage(browser, server.url);
    await useAccount(page, await createAccount(server.url));
    await page.goto('/overview');
    const indicator = page.getByRole('status').filter({ hasText: 'Live updates' });
    await indicator.filter({ hasText: 'Live updates: Live' }).waitFor();

    server.child.kill('SIGKILL');
    await server.stop();
    await indicator.filter({ hasText: /Reconnecting|Connecting/ }).waitFor();
    await page.getByRole('button', { name: 'Reconnect now' }).waitFor();

    // Same port, same data directory: the stale lock of the killed server is taken over.
    server = await startServerProcess({}, { port, dataDir });
    await indicator.filter({ hasText: 'Live updates: Live' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reconnect now' }).count()).toBe(0);
    await context.close();
    // Two server starts: on a busy machine each can take a good part of the default minute.
  }, 180_000);
});
