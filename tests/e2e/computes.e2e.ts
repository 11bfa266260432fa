// Computes as a new user would use them, on the real server's hypervisor simulator (sped up tenfold for the
// suite): create one with user-data (a YAML mistake refused beside the field first), watch it start
// without reloading, give its address a reverse name (one that does not resolve to it refused first, and
// our DNS server answering the PTR), power it off and on, resize it, rebuild it and rescue it while a second
// browser watches, read its history, run a command in its console, destroy it; and an unverified team
// stopped at its sixth compute.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asAccount, createAccount, newIdentity, type TestAccount, topUp, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { queryUdp } from './dns-client';
import { sshPublicKey } from './ssh-keys';

const baseUrl = inject('baseUrl');
const dnsPort = inject('dnsPort');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function teamOf(account: TestAccount): Promise<string> {
  const { teams } = await asAccount<{ teams: Array<{ id: string }> }>(baseUrl, account, 'GET', '/teams');
  return teams[0]!.id;
}

/** Creates a compute through the API, as another tab or a script of the same team would. */
async function createComputeByApi(account: TestAccount, teamId: string, hostname: string) {
  const response = await fetch(`${baseUrl}/resource-manager/api/v1/teams/${teamId}/computes`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${account.token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({
      hostname,
      locationId: 'kgl1',
      operatingSystemId: 'debian-12',
      instanceTypeId: 's-1vcpu-1gb',
      authentication: { method: 'password' },
    }),
  });
  return { status: response.status, body: (await response.json()) as { detail?: string } };
}

/** A call to the resource manager with the account's token, as a script of the team would make it. */
async function resourceManager<T>(
  account: TestAccount,
  method: string,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/resource-manager/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The text the terminal shows, row by row (xterm's DOM renderer). */
const terminalText = (page: Page) => page.locator('.xterm-rows').innerText();

async function waitForTerminal(page: Page, pattern: RegExp) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = await terminalText(page);
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`The terminal never showed ${pattern}; it shows:\n${text}`);
    await page.waitForTimeout(100);
  }
}

describe('computes in Chromium', () => {
  it('creates a compute, sees it run, powers it off and on, reads its history, uses its console, rebuilds, rescues and destroys it', async () => {
    const account = await createAccount(baseUrl, newIdentity('Cyuzuzo Compute'));
    await topUp(baseUrl, account);
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);

    // No computes yet: the empty state leads to creating one.
    await page.goto('/computes');
    await page.getByText('hypervisor simulator', { exact: false }).first().waitFor();
    await page
      .getByRole('link', { name: /create (a|your first) compute/i })
      .first()
      .click();
    await page.waitForURL('**/new-compute');
    await page.getByRole('heading', { name: 'Create a compute', exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // A malformed key is refused beside the field, and what was typed stays.
    const key = page.getByLabel('SSH public key');
    await key.fill('-----BEGIN OPENSSH PRIVATE KEY-----');
    await page.getByText('Paste one public key').first().waitFor();
    await key.fill(sshPublicKey('cyuzuzo@laptop'));
    await page.getByLabel('Hostname').fill('web-1');

    // User-data with a YAML mistake: its line is named beside the field as it is typed, creating is
    // refused there too, and nothing typed is lost; fixed, it goes into the request and its API call.
    const userData = page.getByLabel('User-data (optional)');
    const mistaken = '#cloud-config\nruncmd:\n  - echo hello > /root/hello\n oops: 1\n';
    await userData.fill(mistaken);
    const reason = page.getByText('Line 4: All mapping items must start at the same column.');
    await reason.waitFor();
    await page.getByRole('button', { name: 'Create compute' }).click();
    await reason.waitFor();
    expect(page.url()).toMatch(/\/new-compute$/);
    await expect(userData.inputValue()).resolves.toBe(mistaken);
    await expect(page.getByLabel('Hostname').inputValue()).resolves.toBe('web-1');
    const fixed = '#cloud-config\nruncmd:\n  - echo hello > /root/hello\n';
    await userData.fill(fixed);
    await reason.waitFor({ state: 'detached' });
    await page.getByText('Show the API call').click();
    await page.getByText(`"userData":${JSON.stringify(fixed)}`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Create compute' }).click();

    // The compute page: provisioning, then running, pushed over the socket without a reload.
    await page.waitForURL(/\/computes\/[0-9a-f-]{36}$/);
    const computeUrl = page.url();
    await page.getByRole('heading', { name: 'web-1', exact: true }).waitFor();
    await page.locator('[data-status="running"]').first().waitFor();
    expect(page.url()).toBe(computeUrl);
    // The "is being created" toast gives way to one that says it is running.
    await page.getByText('web-1 is running').waitFor();
    await expect(page.getByText('web-1 is being created').count()).resolves.toBe(0);
    const ssh = await page.getByText(/^ssh root@\d+\.\d+\.\d+\.\d+$/).textContent();
    expect(ssh).toMatch(/^ssh root@192\.0\.2\.\d+$/);
    // The user-data it was made with, folded on its overview until asked for.
    await page.getByText('Show its #cloud-config').click();
    const userDataShown = await page.locator('pre', { hasText: 'runcmd:' }).innerText();
    expect(userDataShown.trimEnd()).toBe(fixed.trimEnd());
    await expectNoAxeViolations(page);

    // Reverse DNS from its tab: a name with no A record is refused beside the field, what was typed stays;
    // once the team's zone (served by our DNS server) has the record, the name is saved and the PTR answers.
    const ipv4 = ssh!.replace('ssh root@', '');
    const teamId = await teamOf(account);
    const zone = `cyuzuzo-${Date.now().toString(36)}.rw`;
    const domain = await resourceManager<{ id: string }>(account, 'POST', `/teams/${teamId}/domains`, {
      name: zone,
    });
    await page
      .getByRole('navigation', { name: 'Compute pages' })
      .getByRole('link', { name: 'Reverse DNS' })
      .click();
    await page.waitForURL('**/reverse-dns');
    const reverseName = page.getByLabel(`Reverse name of ${ipv4}`);
    await reverseName.fill(`mail.${zone}`);
    await page.getByRole('button', { name: 'Save reverse DNS' }).click();
    await page
      .getByText(`mail.${zone} has no A record. Add one pointing at ${ipv4}, then set the reverse name.`)
      .waitFor();
    await expect(reverseName.inputValue()).resolves.toBe(`mail.${zone}`);
    await expectNoAxeViolations(page);
    await resourceManager(account, 'POST', `/teams/${teamId}/domains/${domain.id}/records`, {
      type: 'A',
      name: 'mail',
      value: ipv4,
    });
    await page.getByRole('button', { name: 'Save reverse DNS' }).click();
    await page.getByText('Saved. Our DNS server answers with these names now.').waitFor();
    const ptr = await queryUdp(dnsPort, `${ipv4.split('.').reverse().join('.')}.in-addr.arpa`, 'PTR');
    expect(ptr.answers?.map((answer) => answer.data)).toEqual([`mail.${zone}`]);
    await page
      .getByRole('navigation', { name: 'Compute pages' })
      .getByRole('link', { name: 'Overview' })
      .click();
    await page.getByText(`mail.${zone} (IPv4)`).waitFor();

    // Monitoring right after it runs: no empty charts without a word. Until the first reading each chart
    // says when it is due (the minute under way closes); should that minute have closed already, the one
    // reading shows with the note that the line starts with the second.
    await page
      .getByRole('navigation', { name: 'Compute pages' })
      .getByRole('link', { name: 'Monitoring' })
      .click();
    await page.waitForURL('**/monitoring');
    const cpu = page.getByRole('figure', { name: 'CPU' });
    const note = cpu.getByText(
      /^(Figures start within a minute of the compute starting\.|Collecting: a sample arrives every minute, and the line starts with the second\.)/,
    );
    const said = (await note.textContent())!;
    if (said.startsWith('Figures start')) {
      const [, hours, minutes] = /The first is due at about (\d\d):(\d\d)\.$/.exec(said)!;
      // Written in the account's zone, Africa/Kigali by default (UTC+2, no daylight saving).
      const due = new Date();
      due.setUTCHours(Number(hours) - 2, Number(minutes), 0, 0);
      // The end of the minute under way: within the next minute, or just past (across midnight too).
      const day = 86_400_000;
      const ahead = ((((due.getTime() - Date.now()) % day) + day + day / 2) % day) - day / 2;
      expect(ahead).toBeGreaterThan(-20_000);
      expect(ahead).toBeLessThanOrEqual(62_000);
      await expect(cpu.locator('canvas').count()).resolves.toBe(0);
      await cpu.getByText('CPU: no figures yet').waitFor();
    } else {
      await cpu.locator('canvas').first().waitFor();
    }
    await expect(page.getByText('no data').count()).resolves.toBe(0);

    // Power it off (forced, so confirmed first), then on again.
    await page.getByRole('link', { name: 'Power', exact: true }).click();
    await page.getByRole('button', { name: 'Power off (forced)' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByText('Power off web-1 now?').waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Power off', exact: true }).click();
    await page.locator('[data-status="stopped"]').first().waitFor();
    await page.getByRole('button', { name: 'Power on' }).click();
    await page.locator('[data-status="running"]').first().waitFor();

    // Resize from its Resize tab as one flow (shut down, resize, power on), its steps shown, while a second
    // browser of the same person watches the compute's page move through it live.
    const watcher = await openPage(browser, baseUrl);
    await useAccount(watcher.page, account);
    await watcher.page.goto(computeUrl);
    await watcher.page.locator('[data-status="running"]').first().waitFor();
    await page
      .getByRole('navigation', { name: 'Compute pages' })
      .getByRole('link', { name: 'Resize' })
      .click();
    await page.waitForURL('**/resize');
    await page.getByRole('heading', { name: 'Resize', exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: /^1 vCPU · 1 GB · 25 GB disk/ }).isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /^2 vCPUs · 4 GB · 80 GB disk/ }).check();
    await page.getByRole('button', { name: 'Resize…' }).click();
    const steps = page.getByRole('region', { name: 'Resize steps' });
    await expect(steps.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Power off \(a clean shutdown\)\s+To do$/),
      expect.stringMatching(/^Resize to the new plan\s+To do$/),
      expect.stringMatching(/^Power on\s+To do$/),
    ]);
    await expectNoAxeViolations(page);
    // Cancelling before it starts changes nothing; the choice stays.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await steps.waitFor({ state: 'detached' });
    expect(await page.getByRole('radio', { name: /^2 vCPUs · 4 GB · 80 GB disk/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Resize…' }).click();
    await page.getByRole('button', { name: 'Start the resize' }).click();
    await watcher.page.locator('[data-status="stopping"]').first().waitFor();
    await watcher.page.locator('[data-status="resizing"]').first().waitFor();
    await watcher.page.locator('[data-status="running"]').first().waitFor();
    await watcher.page.getByText(/2 vCPU · 4 GB: 2 vCPU, 4 GB memory, 80 GB disk/).waitFor();
    await page.getByText('The compute is resized and running again.').waitFor();
    await expect(steps.getByText('Done').count()).resolves.toBe(3);
    expect(watcher.problems).toEqual([]);
    await watcher.page.context().close();

    // History: who did what, with what result.
    await page.getByRole('link', { name: 'History', exact: true }).click();
    const history = page.getByRole('table');
    await history.getByRole('row', { name: /Power off \(forced\).*Cyuzuzo Compute.*Succeeded/ }).waitFor();
    await history
      .getByRole('row', { name: /Power on.*Cyuzuzo Compute.*Succeeded/ })
      .first()
      .waitFor();
    await history.getByRole('row', { name: /Resize.*Cyuzuzo Compute.*Succeeded/ }).waitFor();
    await history.getByRole('row', { name: /Created.*Cyuzuzo Compute.*Succeeded/ }).waitFor();
    await expectNoAxeViolations(page);

    // The serial console: an SSH-key compute logs root in; `hostname` answers with the compute's name.
    await page.getByRole('link', { name: 'Open console' }).click();
    await page.waitForURL('**/computes/terminal/**');
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected$/ })
      .waitFor();
    await waitForTerminal(page, /root@web-1/);
    await page.getByRole('application', { name: 'Serial console of web-1' }).click();
    await page.keyboard.type('hostname');
    await page.keyboard.press('Enter');
    const shown = await waitForTerminal(page, /hostname\s*\n\s*web-1\s*\n/);
    expect(shown).toContain('web-1');

    // Rebuild, reached by the compute's tabs, while a second browser on the compute's page watches its
    // status move live: reinstalled from another image with a new root password, shown once; same address.
    const rebuildWatcher = await openPage(browser, baseUrl);
    await useAccount(rebuildWatcher.page, account);
    await rebuildWatcher.page.goto(computeUrl);
    await rebuildWatcher.page.locator('[data-status="running"]').first().waitFor();
    await page.goto(computeUrl);
    await page
      .getByRole('navigation', { name: 'Compute pages' })
      .getByRole('link', { name: 'Rebuild' })
      .click();
    await page.waitForURL('**/rebuild');
    await page.getByRole('radio', { name: /^Debian 12/ }).check();
    await page.getByRole('radio', { name: /^Root password/ }).check();
    // Its user-data is kept unless replaced: replaced here by a script.
    await page.getByRole('radio', { name: /^New user-data/ }).check();
    await page.getByLabel('User-data', { exact: true }).fill('#!/bin/sh\necho rebuilt > /root/rebuilt\n');
    const rebuild = page.getByRole('button', { name: 'Rebuild from Debian 12 (bookworm)' });
    await page.getByLabel('Type web-1 to confirm').fill('web-2');
    expect(await rebuild.isDisabled()).toBe(true);
    await page.getByLabel('Type web-1 to confirm').fill('WEB-1');
    await expectNoAxeViolations(page);
    await rebuild.click();
    await rebuildWatcher.page.locator('[data-status="rebuilding"]').first().waitFor();
    await rebuildWatcher.page.locator('[data-status="running"]').first().waitFor();
    await page.getByText('Save the new root password now').waitFor();
    await expect(page.getByTestId('root-password').textContent()).resolves.toMatch(
      /^([A-HJ-NP-Za-km-z2-9]{5}-){3}[A-HJ-NP-Za-km-z2-9]{5}$/,
    );
    await page.getByText('web-1 was rebuilt from Debian 12 (bookworm) and is running').waitFor();
    await rebuildWatcher.page.getByText(ssh!.replace('ssh root@', '')).first().waitFor();
    await expectNoAxeViolations(page);
    await page
      .getByRole('navigation', { name: 'Compute pages' })
      .getByRole('link', { name: 'Overview' })
      .click();
    await page.getByText('Show its user-data script').click();
    await page.locator('pre', { hasText: 'echo rebuilt > /root/rebuilt' }).waitFor();
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await history.getByRole('row', { name: /Rebuild.*Cyuzuzo Compute.*Succeeded/ }).waitFor();

    // Rescue mode from its Rescue tab, the same second browser watching: entered (the one-time password
    // shown once, the SSH command at the compute's address), then left to boot normally.
    await page
      .getByRole('navigation', { name: 'Compute pages' })
      .getByRole('link', { name: 'Rescue' })
      .click();
    await page.waitForURL('**/rescue');
    await page.getByRole('button', { name: 'Enter rescue mode' }).click();
    await rebuildWatcher.page.locator('[data-status="entering_rescue"]').first().waitFor();
    await rebuildWatcher.page.locator('[data-status="rescue"]').first().waitFor();
    await page.getByText('Save the rescue password now').waitFor();
    await expect(page.getByTestId('rescue-password').textContent()).resolves.toMatch(
      /^([A-HJ-NP-Za-km-z2-9]{5}-){3}[A-HJ-NP-Za-km-z2-9]{5}$/,
    );
    await expect(page.getByTestId('rescue-ssh').textContent()).resolves.toBe(ssh);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Leave rescue mode' }).click();
    await rebuildWatcher.page.locator('[data-status="leaving_rescue"]').first().waitFor();
    await rebuildWatcher.page.locator('[data-status="running"]').first().waitFor();
    await page.getByText('web-1 left rescue mode and is running from its own disk.').waitFor();
    await expect(page.getByTestId('rescue-password').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await history.getByRole('row', { name: /Rescue mode entered.*Cyuzuzo Compute.*Succeeded/ }).waitFor();
    await history.getByRole('row', { name: /Rescue mode left.*Cyuzuzo Compute.*Succeeded/ }).waitFor();
    expect(rebuildWatcher.problems).toEqual([]);
    await rebuildWatcher.context.close();

    // Destroy: the button waits for the exact hostname.
    await page.goto(`${computeUrl}/destroy`);
    const destroy = page.getByRole('button', { name: 'Destroy this compute' });
    await page.getByLabel('Type web-1 to confirm').fill('web-2');
    expect(await destroy.isDisabled()).toBe(true);
    await page.getByLabel('Type web-1 to confirm').fill('web-1');
    await destroy.click();
    await page.waitForURL('**/computes');
    await page.getByText('web-1 was destroyed.').waitFor();
    // Gone from the list without a reload (it may show for a moment from before the destroy).
    await page.getByRole('link', { name: 'web-1', exact: true }).waitFor({ state: 'detached' });

    // The reverse name refused (422) and the 404 of the destroyed compute's last look are the only
    // refusals the browser saw.
    expect(problems.filter((problem) => !/status of (404|422)/.test(problem))).toEqual([]);
  });

  it('powers on, from its Power tab, a compute whose reboot failed and left it in error', async () => {
    const account = await createAccount(baseUrl, newIdentity('Ineza Error'));
    await topUp(baseUrl, account);
    const teamId = await teamOf(account);
    // The simulator fails every reboot of a compute named fail-reboot-…: the machine does not come back.
    expect((await createComputeByApi(account, teamId, 'fail-reboot-app')).status).toBe(201);
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);

    // From the list by links only: the compute, then its Power tab.
    await page.goto('/computes');
    await page.getByRole('link', { name: 'fail-reboot-app', exact: true }).first().click();
    await page.getByRole('heading', { name: 'fail-reboot-app', exact: true }).waitFor();
    await page.locator('[data-status="running"]').first().waitFor();
    await page.getByRole('link', { name: 'Power', exact: true }).click();
    await page.getByRole('button', { name: 'Reboot' }).click();
    await page.locator('[data-status="error"]').first().waitFor();

    // In error, the tab offers what the history advises: power it on again.
    await page.getByText('Its last action failed').waitFor();
    await expect(page.getByRole('button', { name: 'Reboot' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Power on' }).click();
    await page.locator('[data-status="running"]').first().waitFor();
    await page.getByRole('status').filter({ hasText: 'The compute is running.' }).waitFor();

    await page.getByRole('link', { name: 'History', exact: true }).click();
    const history = page.getByRole('table');
    await history.getByRole('row', { name: /Reboot.*Ineza Error.*Failed/ }).waitFor();
    await history.getByRole('row', { name: /Power on.*Ineza Error.*Succeeded/ }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows computes made elsewhere in the list and their status changes as they happen', async () => {
    const account = await createAccount(baseUrl, newIdentity('Lina List'));
    await topUp(baseUrl, account);
    const teamId = await teamOf(account);
    const { page } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/computes');
    await page.getByRole('heading', { name: 'Computes', exact: true }).waitFor();
    await page
      .getByText(/no computes/i)
      .first()
      .waitFor();

    const made = await createComputeByApi(account, teamId, 'db-1');
    expect(made.status).toBe(201);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'db-1', exact: true }) });
    await row.waitFor();
    await row.locator('[data-status="running"]').waitFor();
    // One way to create a compute on the page (the header's), not two side by side.
    await expect(page.getByRole('link', { name: /^(new compute|create a compute)$/i }).count()).resolves.toBe(
      1,
    );
    await expectNoAxeViolations(page);
  });

  it('shows the API call the form would send, and it works from a terminal', async () => {
    const account = await createAccount(baseUrl, newIdentity('Curl Kamanzi'));
    await topUp(baseUrl, account);
    const { page } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/new-compute');
    await page.getByLabel('SSH public key').fill(sshPublicKey('curl@laptop'));
    await page.getByLabel('Hostname').fill('from-a-terminal');
    await page.getByText('Show the API call').click();
    const command = (await page.locator('pre code').textContent())!;
    expect(command).toMatch(/^curl -X POST '.*\/resource-manager\/api\/v1\/teams\/[0-9a-f-]{36}\/computes'/);
    await expectNoAxeViolations(page);

    // Run as written, twice: one compute (the command carries its Idempotency-Key), named as typed.
    const run = () =>
      JSON.parse(
        execFileSync('sh', ['-c', `${command} --silent`], {
          encoding: 'utf8',
          env: { ...process.env, IKIRERE_TOKEN: account.token },
        }),
      ) as { compute: { id: string; hostname: string } };
    const first = run();
    expect(first.compute.hostname).toBe('from-a-terminal');
    expect(run().compute.id).toBe(first.compute.id);
    // The console, live, lists what the terminal made.
    await page.getByRole('link', { name: /Back to the console/ }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Computes', exact: true }).first().click();
    await page.getByRole('link', { name: 'from-a-terminal' }).first().waitFor();
  });

  it('stops an unverified team at its sixth compute and says why', async () => {
    const account = await createAccount(baseUrl, newIdentity('Uwase Unverified'));
    await topUp(baseUrl, account);
    const teamId = await teamOf(account);
    for (let index = 1; index <= 5; index++) {
      expect((await createComputeByApi(account, teamId, `node-${index}`)).status).toBe(201);
    }
    // The server refuses a sixth in plain words…
    const sixth = await createComputeByApi(account, teamId, 'node-6');
    expect(sixth.status).toBe(403);
    expect(sixth.body.detail).toMatch(/5 computes/);

    // …and the console says so before anyone fills the form in.
    const { page } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    await page.goto('/new-compute');
    await page.getByText('5 of 5 computes.').waitFor();
    await page.getByText(/reached the limit for unverified teams/).waitFor();
    expect(await page.getByRole('button', { name: 'Create compute' }).isDisabled()).toBe(true);
    // Plans of 8 vCPUs or more are offered, disabled, with the reason.
    await page.getByText('Needs a verified team', { exact: false }).first().waitFor();
    // Each plan's size reads on at most two lines (not four or five), and its reason on one: the cards use
    // the page's width.
    const plans = page.getByRole('group', { name: 'Plan' });
    for (const label of await plans.locator('label > span > span:first-child').all()) {
      expect((await label.boundingBox())!.height).toBeLessThan(50);
    }
    for (const reason of await plans.getByText('Needs a verified team.').all()) {
      expect((await reason.boundingBox())!.height).toBeLessThan(25);
    }
    await expectNoAxeViolations(page);

    // The team cannot be deleted while it holds computes: the page says so and offers no dialog.
    await page.goto('/settings/general');
    await page.getByText('This team still has 5 computes', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete this team' }).isDisabled()).toBe(true);
  });
});
