// A real virtual machine made from the console: a server on the libvirt driver (this machine's libvirtd
// and QEMU, its host's acceleration left to `auto` as in the README: KVM where it works, emulation where
// it does not) with the test guest image as Debian 12. Create it with an
// SSH key, see it run once the guest has booted, use its serial console and SSH through the loopback
// port forward, power it off and on, destroy it, and find no domain and no disk left.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, type ServerProcess, startServerProcess } from '../../scripts/server-process';
import {
  createTestPool,
  domainNames,
  domainStateOf,
  kvmOffered,
  libvirtHostsJson,
  sshAsRoot,
  type TestPool,
} from '../support/libvirt';
import { createAccount, newIdentity, topUp, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';

let browser: Browser;
let server: ServerProcess;
let pool: TestPool;
let keyDir: string;

beforeAll(async () => {
  pool = createTestPool();
  keyDir = mkdtempSync(join(tmpdir(), 'ikirere-e2e-key-'));
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'amani@laptop',
    '-f',
    join(keyDir, 'id'),
  ]);
  server = await startServerProcess({
    COMPUTE_DRIVER: 'libvirt',
    LIBVIRT_HOSTS: libvirtHostsJson(pool, [{ name: 'kgl1-a' }]),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) {
    const code = await server.stop();
    if (code !== 0) console.error(`The libvirt e2e server exited with code ${code}:\n${server.output()}`);
    removeDataDir(server.dataDir);
  }
  pool?.remove();
  rmSync(keyDir, { recursive: true, force: true });
});

const terminalText = (page: Page) => page.locator('.xterm-rows').innerText();

async function waitForTerminal(page: Page, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await terminalText(page);
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`The terminal never showed ${pattern}; it shows:\n${text}`);
    await page.waitForTimeout(200);
  }
}

function ssh(port: number, command: string): string {
  return sshAsRoot(join(keyDir, 'id'), port, command);
}

describe('a real compute on libvirt, in Chromium', () => {
  // Two guest boots under emulation on a busy machine take minutes (several each when two cores are
  // shared with other work), not the suite's usual minute.
  it('creates it with an SSH key, runs it, uses its console and SSH, powers it off and on, and destroys it without a trace', async () => {
    const account = await createAccount(server.url, newIdentity('Amani Libvirt'));
    await topUp(server.url, account);
    const { page, problems } = await openPage(browser, server.url);
    await useAccount(page, account);

    // No simulator notice on a server with real machines.
    await page.goto('/computes');
    await page.getByRole('heading', { name: 'Computes', exact: true }).waitFor();
    await page
      .getByText(/no computes/i)
      .first()
      .waitFor();
    expect(await page.getByText('hypervisor simulator', { exact: false }).count()).toBe(0);

    await page.goto('/new-compute');
    await page.getByRole('heading', { name: 'Create a compute', exact: true }).waitFor();
    await page.getByText('Debian 12 (bookworm)').click();
    await page.getByLabel('SSH public key').fill(readFileSync(join(keyDir, 'id.pub'), 'utf8').trim());
    await page.getByLabel('Hostname').fill('vm-1');
    await page.getByRole('button', { name: 'Create compute' }).click();

    // Running only once the guest has booted, pushed without a reload.
    await page.waitForURL(/\/computes\/[0-9a-f-]{36}$/);
    const computeUrl = page.url();
    const computeId = computeUrl.split('/').at(-1)!;
    await page.getByRole('heading', { name: 'vm-1', exact: true }).waitFor();
    await page.locator('[data-status="running"]').first().waitFor({ timeout: 420_000 });
    const command = await page.getByText(/^ssh -p \d+ root@127\.0\.0\.1$/).textContent();
    const port = Number(/-p (\d+)/.exec(command ?? '')?.[1]);
    // The page says how its host runs it: in emulation where libvirt offers no KVM (or KVM failed the guest).
    const acceleration = await page.getByText(/^(KVM|QEMU emulation)/).textContent();
    expect(acceleration).toMatch(kvmOffered() ? /^(KVM|QEMU emulation)/ : /^QEMU emulation/);
    expect(domainStateOf(computeId)).toBe('running');
    await expectNoAxeViolations(page);

    // The serial console shows what the guest itself printed, and its shell answers.
    await page.getByRole('link', { name: 'Open console' }).click();
    await page.waitForURL('**/computes/terminal/**');
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected$/ })
      .waitFor();
    await waitForTerminal(page, /vm-1 login: root \(automatic login\)/);
    await page.getByRole('application', { name: 'Serial console of vm-1' }).click();
    await page.keyboard.type('hostname');
    await page.keyboard.press('Enter');
    await waitForTerminal(page, /hostname\s*\n\s*vm-1\s*\n/);

    // SSH with the key, through the loopback forward the page showed.
    expect(ssh(port, 'hostname')).toBe('vm-1');

    // Power off (forced): stopped when libvirt says the domain is shut off; then on again.
    await page.goto(`${computeUrl}/power`);
    await page.getByRole('button', { name: 'Power off (forced)' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByRole('button', { name: 'Power off', exact: true }).click();
    await page.locator('[data-status="stopped"]').first().waitFor({ timeout: 60_000 });
    expect(domainStateOf(computeId)).toBe('shut off');
    await page.getByRole('button', { name: 'Power on' }).click();
    await page.locator('[data-status="running"]').first().waitFor({ timeout: 420_000 });
    expect(domainStateOf(computeId)).toBe('running');

    // Destroy: no domain and no disk left.
    await page.goto(`${computeUrl}/destroy`);
    await page.getByLabel('Type vm-1 to confirm').fill('vm-1');
    await page.getByRole('button', { name: 'Destroy this compute' }).click();
    await page.waitForURL('**/computes', { timeout: 60_000 });
    await page.getByText('vm-1 was destroyed.').waitFor({ timeout: 120_000 });
    expect(domainNames()).not.toContain(`ikirere-${computeId}`);
    expect(existsSync(join(pool.directory, `ikirere-${computeId}.qcow2`))).toBe(false);
    expect(existsSync(join(pool.directory, `ikirere-${computeId}-seed.iso`))).toBe(false);

    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
  }, 1_200_000);
});
