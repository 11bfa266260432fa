// The libvirt driver against the real libvirtd and QEMU of this machine (emulated when KVM does not
// work), through the real server: placement on the least-loaded host and a full location refused before
// anything is made; a restart of our server while a guest boots; a reboot; usage samples; a guest that
// ignores the ACPI power button, then powers itself off; a resize while it is off, seen by the guest once it
// boots again; a rebuild of the running guest with a new key (a fresh disk and seed: the new key signs in,
// name and port kept); rescue mode (the rescue system booted at the same forward, the compute's key signing
// in, its disk the second disk: a file written to it there is read after the normal boot); destroy leaving no
// domain and no disk. One guest boots for the whole file (and again after its resize, its rebuild, into
// rescue and out of it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { verify } from 'unixcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { libvirtSamples } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { sshWithPassword } from '../guests/support/guest-ssh';
import { fundTeam } from '../server/support/billing';
import { computeRequest } from '../server/support/computes';
import { openConsole } from '../server/support/console-client';
import { createLiveAccount } from '../server/support/live-account';
import { emptyStaticDir } from '../server/support/test-app';
import { untilComputeStatus } from '../support/compute-status';
import {
  createTestPool,
  domainNames,
  domainStateOf,
  libvirtHostsJson,
  sshAsRoot,
  type TestPool,
  virshSync,
} from '../support/libvirt';
import { until as waitUntil } from '../support/until';

let pool: TestPool;
let dataDir: string;
let keyDir: string;
let hostsJson: string;
let server: RunningServer | undefined;
let token: string;
let teamId: string;

function start(): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    COMPUTE_DRIVER: 'libvirt',
    LIBVIRT_HOSTS: hostsJson,
    // The guest that ignores ACPI never stops: five seconds is as good as a minute, and cheaper.
    LIBVIRT_SHUTDOWN_TIMEOUT: '5',
    // Usage is read every two seconds, so samples exist while the guest runs here.
    LIBVIRT_SAMPLE_SECONDS: '2',
  });
  return startServer(config, { logger: createLogger('silent') });
}

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server!.url}/resource-manager/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const read = (id: string) => api('GET', `/teams/${teamId}/computes/${id}`);

const until = <T>(what: string, get: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000) =>
  waitUntil(what, get, done, timeoutMs);

const untilStatus = (id: string, status: string) => untilComputeStatus(api, teamId, id, status, 180_000);

function create(body: Record<string, unknown>) {
  return api(
    'POST',
    `/teams/${teamId}/computes`,
    computeRequest({ operatingSystemId: 'debian-12', ...body }),
    {
      'Idempotency-Key': `libvirt-${Math.random()}`,
    },
  );
}

function diskFiles(): string[] {
  return readdirSync(pool.directory).filter((file) => file !== 'ikirere-test.qcow2');
}

beforeAll(async () => {
  pool = createTestPool();
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-libvirt-'));
  keyDir = mkdtempSync(join(tmpdir(), 'ikirere-libvirt-key-'));
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'tester@libvirt',
    '-f',
    join(keyDir, 'id'),
  ]);
  // Two hosts in Kigali: a smaller one (a) forced to emulation and a larger one (b) with the default
  // acceleration (auto), which takes the guest that boots; Frankfurt has none.
  hostsJson = libvirtHostsJson(pool, [
    { name: 'kgl1-a', capacity: { vcpus: 2, memoryMb: 4096, diskGb: 100 }, acceleration: 'emulated' },
    { name: 'kgl1-b', capacity: { vcpus: 4, memoryMb: 4096, diskGb: 100 }, rescue: true },
  ]);
  server = await start();
  const account = await createLiveAccount(server.url);
  token = account.token;
  const teams = await fetch(`${server.url}/user/api/v1/teams`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  teamId = ((await teams.json()) as { teams: { id: string }[] }).teams[0]!.id;
  await fundTeam(server.database.db, teamId); // computes are prepaid
});

afterAll(async () => {
  await server?.close();
  pool?.remove();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(keyDir, { recursive: true, force: true });
});

describe('the libvirt driver', () => {
  it('places computes on the least-loaded host of their location and refuses a full one before making anything', async () => {
    const first = await create({ instanceTypeId: 's-1vcpu-1gb' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await create({ instanceTypeId: 's-1vcpu-1gb' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const driver = server!.computes.driver as unknown as {
      store: { find(id: string): Promise<{ host: string }> };
    };
    // b is emptier for the first (a quarter used against a half); then both are half full: by name.
    expect((await driver.store.find(first.body.compute.id)).host).toBe('kgl1-b');
    expect((await driver.store.find(second.body.compute.id)).host).toBe('kgl1-a');
    // a is set to emulation; b is on auto, which is emulation too where libvirt offers no KVM.
    expect(second.body.compute.acceleration).toBe('emulated');
    expect(first.body.compute.sshPort).toEqual(expect.any(Number));
    expect(first.body.compute.ipv4).toBe('127.0.0.1');

    const domainsBefore = domainNames();
    const full = await create({ instanceTypeId: 's-2vcpu-4gb' });
    expect(full.status).toBe(422);
    expect(full.body.errors).toEqual([
      { field: 'locationId', message: expect.stringContaining('Full for now') },
    ]);
    const tooBig = await create({ instanceTypeId: 's-4vcpu-8gb' });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0].field).toBe('instanceTypeId');
    const nowhere = await create({ locationId: 'fra1' });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors[0]).toEqual({
      field: 'locationId',
      message: expect.stringContaining('No hypervisor'),
    });
    const noImage = await create({ operatingSystemId: 'ubuntu-24-04' });
    expect(noImage.status).toBe(422);
    expect(noImage.body.errors[0].field).toBe('operatingSystemId');
    // Nothing was made for the refusals: no compute, no domain.
    const list = await api('GET', `/teams/${teamId}/computes`);
    expect(list.body.total).toBe(2);
    expect(domainNames().sort()).toEqual(domainsBefore.sort());

    // Destroyed while they boot: their domains and disks go too.
    for (const compute of [first.body.compute, second.body.compute]) {
      const destroyed = await api('DELETE', `/teams/${teamId}/computes/${compute.id}`, {
        confirmHostname: compute.hostname,
      });
      expect(destroyed.status).toBe(202);
    }
    for (const compute of [first.body.compute, second.body.compute]) {
      await until(
        'destroyed',
        () => read(compute.id),
        (answer) => answer.status === 404,
      );
      expect(domainStateOf(compute.id)).toBe('absent');
    }
    expect(diskFiles()).toEqual([]);
  });

  let guest: { id: string; hostname: string; sshPort: number };

  it('carries a boot on after our server restarts in the middle of it', async () => {
    const publicKey = readFileSync(join(keyDir, 'id.pub'), 'utf8').trim();
    const created = await create({
      hostname: 'restart-guest',
      authentication: { method: 'ssh-key', publicKey },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    guest = created.body.compute;
    expect(created.body.compute.acceleration).toMatch(/^(kvm|emulated)$/);

    // The domain runs, the guest is still booting: the server stops.
    await until(
      'the domain to run',
      async () => domainStateOf(guest.id),
      (state) => state === 'running',
      // Making the disk and the seed takes seconds on an idle machine, a minute or more on a busy one.
      180_000,
    );
    expect((await read(guest.id)).body.status).toBe('provisioning');
    await server!.close();
    server = undefined;
    server = await start();

    const running = await untilStatus(guest.id, 'running');
    expect(running.body.sshPort).toBe(guest.sshPort);
    const history = await api('GET', `/teams/${teamId}/computes/${guest.id}/history`);
    expect(
      history.body.events.map(
        (event: { action: string; result: string }) => `${event.action}:${event.result}`,
      ),
    ).toEqual(['recovered:succeeded', 'create:succeeded']);

    // The guest took its name and key from the seed: SSH through the loopback forward.
    const answer = sshAsRoot(join(keyDir, 'id'), guest.sshPort, 'hostname');
    expect(answer.trim()).toBe('restart-guest');

    // An ACPI reboot: the guest shuts down, libvirt starts it again, and it is running once booted.
    expect(
      (await api('POST', `/teams/${teamId}/computes/${guest.id}/actions`, { type: 'reboot' })).status,
    ).toBe(202);
    await untilStatus(guest.id, 'running');
    const rebooted = await api('GET', `/teams/${teamId}/computes/${guest.id}/history`);
    expect(rebooted.body.events[0]).toMatchObject({ action: 'reboot', result: 'succeeded' });

    // Its usage is read from libvirt's statistics and stored for the charts.
    const samples = await until(
      'usage samples',
      () => server!.database.db.select().from(libvirtSamples).where(eq(libvirtSamples.machineId, guest.id)),
      (rows) => rows.length > 0,
      60_000,
    );
    expect(samples[0]!.cpu).toBeGreaterThan(0);
    expect(samples[0]!.memory).toBeGreaterThan(0);
    const metrics = await api('GET', `/teams/${teamId}/computes/${guest.id}/metrics?range=24h`);
    expect(metrics.status).toBe(200);
    expect(metrics.body.timestamps).toHaveLength(288);
  });

  it('reports a shutdown the guest ignores as failed, follows the guest when it powers itself off, resizes it, rebuilds it and rescues it', async () => {
    // The guest stops listening to the ACPI power button.
    const terminal = await openConsole(server!.url, token, guest.id);
    await terminal.opened;
    terminal.type('\r');
    await terminal.waitFor(/root@restart-guest/, { timeoutMs: 30_000 });
    const since = terminal.output().length;
    terminal.type('killall acpid; echo acpid-$((40+2))\r');
    await terminal.waitFor(/acpid-42/, { since, timeoutMs: 30_000 });
    terminal.ws.close();

    expect(
      (await api('POST', `/teams/${teamId}/computes/${guest.id}/actions`, { type: 'shutdown' })).status,
    ).toBe(202);
    await untilStatus(guest.id, 'running');
    const history = await api('GET', `/teams/${teamId}/computes/${guest.id}/history`);
    expect(history.body.events[0]).toMatchObject({
      action: 'shutdown',
      result: 'failed',
      message: expect.stringContaining('did not shut down within 5 s'),
    });
    expect(domainStateOf(guest.id)).toBe('running');

    // Shut down from inside: the compute shows it without anyone asking the console.
    const again = await openConsole(server!.url, token, guest.id);
    await again.opened;
    again.type('poweroff\r');
    await untilStatus(guest.id, 'stopped');
    expect(domainStateOf(guest.id)).toBe('shut off');
    const after = await api('GET', `/teams/${teamId}/computes/${guest.id}/history`);
    expect(after.body.events[0]).toMatchObject({
      action: 'changed_outside',
      result: 'succeeded',
      message: 'The operating system shut the machine down.',
    });
    again.ws.close();

    // Resized while it is off: a plan the host has no room for is refused before anything changes; 1 → 2
    // vCPUs, 1 → 4 GB and a 25 → 80 GB disk are given, and once it boots the guest sees them over SSH.
    const noRoom = await api('POST', `/teams/${teamId}/computes/${guest.id}/resize`, {
      instanceTypeId: 's-4vcpu-8gb',
    });
    expect(noRoom.status).toBe(422);
    expect(noRoom.body.errors).toEqual([
      { field: 'instanceTypeId', message: expect.stringContaining('has no room for this plan') },
    ]);
    const resized = await api('POST', `/teams/${teamId}/computes/${guest.id}/resize`, {
      instanceTypeId: 's-2vcpu-4gb',
    });
    expect(resized.status, JSON.stringify(resized.body)).toBe(202);
    expect(resized.body.status).toBe('resizing');
    await untilStatus(guest.id, 'stopped');
    const resizeHistory = await api('GET', `/teams/${teamId}/computes/${guest.id}/history`);
    expect(resizeHistory.body.events[0]).toMatchObject({ action: 'resize', result: 'succeeded' });
    expect(domainStateOf(guest.id)).toBe('shut off');
    expect(
      (await api('POST', `/teams/${teamId}/computes/${guest.id}/actions`, { type: 'power_on' })).status,
    ).toBe(202);
    await untilStatus(guest.id, 'running');
    const seen = sshAsRoot(
      join(keyDir, 'id'),
      guest.sshPort,
      'grep -c ^processor /proc/cpuinfo; grep MemTotal /proc/meminfo; cat /sys/block/vda/size',
    )
      .trim()
      .split('\n');
    expect(Number(seen[0])).toBe(2);
    const memoryKb = Number(/MemTotal:\s+(\d+) kB/.exec(seen[1]!)?.[1]);
    // The kernel keeps some memory for itself: well over 3 GB of the 4 show, far more than the 1 before.
    expect(memoryKb).toBeGreaterThan(3 * 1024 * 1024);
    expect(memoryKb).toBeLessThanOrEqual(4 * 1024 * 1024);
    // 512-byte sectors: 80 GiB.
    expect(Number(seen[2])).toBe((80 * 1024 ** 3) / 512);

    // Rebuilt while it runs, with a new key: a fresh disk from the image and a new seed, booted; the new
    // key signs in through the same forward, the old one no longer does, the name is kept.
    execFileSync('ssh-keygen', [
      '-q',
      '-t',
      'ed25519',
      '-N',
      '',
      '-C',
      'tester@rebuilt',
      '-f',
      join(keyDir, 'new'),
    ]);
    const began = Date.now();
    const rebuilt = await api('POST', `/teams/${teamId}/computes/${guest.id}/rebuild`, {
      operatingSystemId: 'debian-12',
      authentication: { method: 'ssh-key', publicKey: readFileSync(join(keyDir, 'new.pub'), 'utf8').trim() },
      confirmHostname: guest.hostname,
    });
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(202);
    expect(rebuilt.body.compute.status).toBe('rebuilding');
    const running = await untilStatus(guest.id, 'running');
    console.info(`libvirt rebuild (running) to running: ${((Date.now() - began) / 1000).toFixed(1)} s`);
    expect(running.body).toMatchObject({ id: guest.id, hostname: 'restart-guest', sshPort: guest.sshPort });
    const rebuiltHistory = await api('GET', `/teams/${teamId}/computes/${guest.id}/history`);
    expect(rebuiltHistory.body.events[0]).toMatchObject({ action: 'rebuild', result: 'succeeded' });
    expect(sshAsRoot(join(keyDir, 'new'), guest.sshPort, 'hostname').trim()).toBe('restart-guest');
    expect(() => sshAsRoot(join(keyDir, 'id'), guest.sshPort, 'true')).toThrow();
    // The old disk and seed went once the new ones existed: only the rebuilt generation is left.
    expect(diskFiles().sort()).toEqual([`ikirere-${guest.id}-r1-seed.iso`, `ikirere-${guest.id}-r1.qcow2`]);

    // Rescue mode: the rescue system boots at the same forward with the compute's disk as its second disk;
    // the compute's key signs in, and so does the one-time password (its root's shadow entry holds it). A file
    // written to the disk from there is read after leaving rescue, once the compute booted from that disk.
    const newKey = join(keyDir, 'new');
    const rescueBegan = Date.now();
    const rescued = await api('POST', `/teams/${teamId}/computes/${guest.id}/rescue`);
    expect(rescued.status, JSON.stringify(rescued.body)).toBe(202);
    expect(rescued.body.compute.status).toBe('entering_rescue');
    const password = rescued.body.rootPassword as string;
    expect((await untilStatus(guest.id, 'rescue')).body.sshPort).toBe(guest.sshPort);
    console.info(`libvirt rescue (running) to rescue: ${((Date.now() - rescueBegan) / 1000).toFixed(1)} s`);
    const xml = virshSync(['dumpxml', `ikirere-${guest.id}`]);
    expect(xml).toContain('<kernel>');
    // Its own disk is the second disk; the rescue system's seed the first.
    const ownDisk = xml.split('</disk>').find((disk) => disk.includes(`ikirere-${guest.id}-r1.qcow2`));
    expect(ownDisk).toContain("<target dev='vdb'");
    const shadow = sshAsRoot(newKey, guest.sshPort, 'head -n 1 /etc/motd; grep ^root: /etc/shadow').split(
      '\n',
    );
    expect(shadow[0]).toBe(
      "Ikirere rescue system. The compute's own disk is /dev/vdb (not mounted): check it with",
    );
    expect(verify(password, shadow[1]!.split(':')[1]!)).toBe(true);
    // And it signs in with that password, as its owner would type it after `ssh root@…`.
    const withPassword = await sshWithPassword(guest.sshPort, password, 'head -n 1 /etc/motd');
    expect(withPassword.code, withPassword.stderr).toBe(0);
    expect(withPassword.stdout.trim()).toBe(shadow[0]);
    const marker = `written-in-rescue-${Date.now()}`;
    expect(
      sshAsRoot(
        newKey,
        guest.sshPort,
        `mount -t vfat /dev/vdb /mnt && echo ${marker} > /mnt/rescued.txt && umount /mnt && echo written`,
      ).trim(),
    ).toBe('written');
    const powerInRescue = await api('POST', `/teams/${teamId}/computes/${guest.id}/actions`, {
      type: 'reboot',
    });
    expect(powerInRescue.status).toBe(409);

    const leaveBegan = Date.now();
    expect((await api('DELETE', `/teams/${teamId}/computes/${guest.id}/rescue`)).status).toBe(202);
    await untilStatus(guest.id, 'running');
    console.info(`libvirt leaving rescue to running: ${((Date.now() - leaveBegan) / 1000).toFixed(1)} s`);
    expect(virshSync(['dumpxml', `ikirere-${guest.id}`])).not.toContain('<kernel>');
    expect(
      sshAsRoot(
        newKey,
        guest.sshPort,
        'mkdir -p /tmp/disk && mount -o ro -t vfat /dev/vda /tmp/disk && cat /tmp/disk/rescued.txt',
      ).trim(),
    ).toBe(marker);
    const rescueHistory = await api('GET', `/teams/${teamId}/computes/${guest.id}/history`);
    expect(
      rescueHistory.body.events
        .slice(0, 2)
        .map((event: { action: string; result: string }) => `${event.action}:${event.result}`),
    ).toEqual(['unrescue:succeeded', 'rescue:succeeded']);
    // The rescue seed went with rescue mode.
    expect(diskFiles().sort()).toEqual([`ikirere-${guest.id}-r1-seed.iso`, `ikirere-${guest.id}-r1.qcow2`]);

    const destroyed = await api('DELETE', `/teams/${teamId}/computes/${guest.id}`, {
      confirmHostname: guest.hostname,
    });
    expect(destroyed.status).toBe(202);
    await until(
      'destroyed',
      () => read(guest.id),
      (answer) => answer.status === 404,
    );
    expect(domainNames()).not.toContain(`ikirere-${guest.id}`);
    expect(existsSync(join(pool.directory, `ikirere-${guest.id}.qcow2`))).toBe(false);
    expect(diskFiles()).toEqual([]);
  }, 1_200_000); // Five boots (after the resize, the rebuild, into rescue and out): more than the file's five minutes under load.
});
