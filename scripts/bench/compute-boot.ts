// Computes from create to Running and to SSH-ready, and from a rebuild (a fresh disk, a new key) to Running
// and to SSH with the new key: on the libvirt driver (this machine's libvirtd, with the
// test guest image; plain QEMU emulation where KVM does not work, which is several times slower than KVM)
// next to the hypervisor simulator at its normal speed, the server's memory per running compute, and a resize
// of one of them (powered off, resized, powered on) to SSH-ready again.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { createAccount, type TestAccount, topUp } from '../../tests/e2e/accounts';
import { createTestPool, libvirtHostsJson, requireLibvirt, type TestPool } from '../../tests/support/libvirt';
import { removeDataDir, startServerProcess } from '../server-process';
import { median } from './page-timing';

const COMPUTES = 3;

export interface BootFigures {
  simulator: { running: number[] };
  libvirt:
    | {
        acceleration: string;
        running: number[];
        sshReady: number[];
        /** From the rebuild request to Running, and to SSH with the new key. */
        rebuildRunning: number[];
        rebuildSshReady: number[];
        /** JavaScript heap and external memory after a full collection, in MB. */
        heldBeforeMb: number;
        heldAfterMb: number;
        qemuRssMb: number[];
        /** One compute resized (powered off first) to 2 vCPUs · 4 GB: to stopped again, and to SSH-ready after powering on. */
        resize: { resized: number; sshReady: number };
      }
    | { unavailable: string };
}

interface ComputeAnswer {
  id: string;
  hostname: string;
  status: string;
  ipv4: string;
  sshPort: number;
  acceleration: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function teamOf(baseUrl: string, account: TestAccount): Promise<string> {
  const response = await fetch(`${baseUrl}/user/api/v1/teams`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  return ((await response.json()) as { teams: { id: string }[] }).teams[0]!.id;
}

async function api(baseUrl: string, account: TestAccount, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/resource-manager/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${account.token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as ComputeAnswer & {
      compute: ComputeAnswer;
      computes: ComputeAnswer[];
      total: number;
    },
  };
}

/** Creates a compute and times it to Running (seconds), polling the API as the console's socket would learn it. */
async function timeToRunning(
  server: { url: string },
  account: TestAccount,
  teamId: string,
  body: Record<string, unknown>,
): Promise<{ seconds: number; compute: ComputeAnswer; startedAt: number }> {
  const startedAt = performance.now();
  const created = await api(server.url, account, 'POST', `/teams/${teamId}/computes`, body);
  if (created.status !== 201)
    throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.compute.id;
  const seconds = await secondsToRunning(server, account, teamId, id, startedAt);
  const read = await api(server.url, account, 'GET', `/teams/${teamId}/computes/${id}`);
  return { seconds, compute: read.body, startedAt };
}

/** Polls the compute (as the console's socket would learn it) until it reads `status`; an error throws. */
async function untilStatus(
  server: { url: string },
  account: TestAccount,
  teamId: string,
  id: string,
  status: string,
): Promise<ComputeAnswer> {
  for (;;) {
    const read = await api(server.url, account, 'GET', `/teams/${teamId}/computes/${id}`);
    if (read.body.status === status) return read.body;
    if (read.body.status === 'error') throw new Error(`compute ${id} went into error`);
    await sleep(100);
  }
}

/** Seconds from `startedAt` until the compute reads Running. */
async function secondsToRunning(
  server: { url: string },
  account: TestAccount,
  teamId: string,
  id: string,
  startedAt: number,
): Promise<number> {
  await untilStatus(server, account, teamId, id, 'running');
  return (performance.now() - startedAt) / 1000;
}

/** Waits until root can sign in over SSH with this key through the compute's loopback forward. */
async function untilSsh(keyPath: string, compute: ComputeAnswer): Promise<void> {
  for (;;) {
    try {
      execFileSync(
        'ssh',
        [
          '-i',
          keyPath,
          '-p',
          String(compute.sshPort),
          '-o',
          'StrictHostKeyChecking=no',
          '-o',
          'UserKnownHostsFile=/dev/null',
          '-o',
          'BatchMode=yes',
          '-o',
          'ConnectTimeout=10',
          `root@${compute.ipv4}`,
          'true',
        ],
        { stdio: 'ignore', timeout: 30_000 },
      );
      return;
    } catch {
      await sleep(200);
    }
  }
}

/** Seconds from `startedAt` until `ssh root@…` with this key runs a command on the compute. */
async function secondsToSsh(keyPath: string, compute: ComputeAnswer, startedAt: number): Promise<number> {
  await untilSsh(keyPath, compute);
  return (performance.now() - startedAt) / 1000;
}

/**
 * The console's "power off → resize → power on" on one running compute, timed from the resize request: to
 * stopped with the new size, and to SSH-ready once powered on again (seconds).
 */
async function timeResize(
  server: { url: string },
  account: TestAccount,
  teamId: string,
  keyPath: string,
): Promise<{ resized: number; sshReady: number }> {
  const list = await api(server.url, account, 'GET', `/teams/${teamId}/computes`);
  const { id } = list.body.computes[0]!;
  await api(server.url, account, 'POST', `/teams/${teamId}/computes/${id}/actions`, { type: 'power_off' });
  await untilStatus(server, account, teamId, id, 'stopped');
  const startedAt = performance.now();
  const resized = await api(server.url, account, 'POST', `/teams/${teamId}/computes/${id}/resize`, {
    instanceTypeId: 's-2vcpu-4gb',
  });
  if (resized.status !== 202)
    throw new Error(`resize answered ${resized.status}: ${JSON.stringify(resized.body)}`);
  await untilStatus(server, account, teamId, id, 'stopped');
  const stoppedAt = performance.now();
  await api(server.url, account, 'POST', `/teams/${teamId}/computes/${id}/actions`, { type: 'power_on' });
  const compute = await untilStatus(server, account, teamId, id, 'running');
  await untilSsh(keyPath, compute);
  return { resized: (stoppedAt - startedAt) / 1000, sshReady: (performance.now() - startedAt) / 1000 };
}

/** What the server process holds after a full garbage collection (heap and external buffers), in MB. */
function heldMb(): number {
  setFlagsFromString('--expose_gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.external) / 1024 / 1024;
}

async function benchSimulator(): Promise<number[]> {
  const server = await startServerProcess({ SIMULATOR_SPEED: '1' });
  try {
    const account = await createAccount(server.url);
    await topUp(server.url, account);
    const teamId = await teamOf(server.url, account);
    const times: number[] = [];
    for (let index = 0; index < COMPUTES; index++) {
      const { seconds } = await timeToRunning(server, account, teamId, {
        hostname: `sim-${index}`,
        locationId: 'kgl1',
        operatingSystemId: 'debian-12',
        instanceTypeId: 's-1vcpu-1gb',
        authentication: { method: 'password' },
      });
      times.push(seconds);
    }
    return times;
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

async function benchLibvirt(): Promise<BootFigures['libvirt']> {
  try {
    requireLibvirt();
  } catch (error) {
    return { unavailable: (error as Error).message.split('\n')[0]! };
  }
  let pool: TestPool | undefined;
  // In this process, so that what the server holds can be read after a full garbage collection.
  let server: RunningServer | undefined;
  const keyDir = mkdtempSync(join(tmpdir(), 'ikirere-bench-key-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'ikirere-bench-libvirt-'));
  try {
    pool = createTestPool();
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(keyDir, 'id')]);
    server = await startServer(
      loadConfig({
        PORT: '0',
        DNS_PORT: '0',
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'no-build'),
        CODE_SENDS_PER_IP: '100000',
        COMPUTE_DRIVER: 'libvirt',
        LIBVIRT_HOSTS: libvirtHostsJson(pool, [
          { name: 'bench', capacity: { vcpus: 16, memoryMb: 32_768, diskGb: 1000 } },
        ]),
      }),
      { logger: createLogger('silent') },
    );
    const account = await createAccount(server.url);
    await topUp(server.url, account);
    const teamId = await teamOf(server.url, account);
    await sleep(2_000);
    const heldBeforeMb = heldMb();
    const publicKey = readFileSync(join(keyDir, 'id.pub'), 'utf8').trim();
    const running: number[] = [];
    const sshReady: number[] = [];
    let acceleration = 'unknown';
    // One at a time: on two cores, guests booting together would measure each other.
    for (let index = 0; index < COMPUTES; index++) {
      const { seconds, compute, startedAt } = await timeToRunning(server, account, teamId, {
        hostname: `bench-${index}`,
        locationId: 'kgl1',
        operatingSystemId: 'debian-12',
        instanceTypeId: 's-1vcpu-1gb',
        authentication: { method: 'ssh-key', publicKey },
      });
      running.push(seconds);
      acceleration = compute.acceleration;
      sshReady.push(await secondsToSsh(join(keyDir, 'id'), compute, startedAt));
    }
    // Each rebuilt in turn with a new key: to Running, then to SSH with that key.
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(keyDir, 'rebuilt')]);
    const rebuiltKey = readFileSync(join(keyDir, 'rebuilt.pub'), 'utf8').trim();
    const rebuildRunning: number[] = [];
    const rebuildSshReady: number[] = [];
    const booted = await api(server.url, account, 'GET', `/teams/${teamId}/computes`);
    for (const compute of booted.body.computes) {
      const startedAt = performance.now();
      const rebuilt = await api(
        server.url,
        account,
        'POST',
        `/teams/${teamId}/computes/${compute.id}/rebuild`,
        {
          operatingSystemId: 'debian-12',
          authentication: { method: 'ssh-key', publicKey: rebuiltKey },
          confirmHostname: compute.hostname,
        },
      );
      if (rebuilt.status !== 202)
        throw new Error(`rebuild answered ${rebuilt.status}: ${JSON.stringify(rebuilt.body)}`);
      rebuildRunning.push(await secondsToRunning(server, account, teamId, compute.id, startedAt));
      rebuildSshReady.push(await secondsToSsh(join(keyDir, 'rebuilt'), compute, startedAt));
    }
    await sleep(3_000);
    const heldAfterMb = heldMb();
    const qemuRssMb = execFileSync('ps', ['-C', 'qemu-system-x86_64', '-o', 'rss=,args='], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((line) => line.includes(pool!.name))
      .map((line) => Number(line.trim().split(/\s+/)[0]) / 1024);
    // After the rebuilds, root signs in with the rebuilt key.
    const resize = await timeResize(server, account, teamId, join(keyDir, 'rebuilt'));
    const list = await api(server.url, account, 'GET', `/teams/${teamId}/computes`);
    for (const compute of list.body.computes) {
      await api(server.url, account, 'DELETE', `/teams/${teamId}/computes/${compute.id}`, {
        confirmHostname: compute.hostname,
      });
    }
    for (let tries = 0; tries < 300; tries++) {
      const left = await api(server.url, account, 'GET', `/teams/${teamId}/computes`);
      if (left.body.total === 0) break;
      await sleep(200);
    }
    return {
      acceleration,
      running,
      sshReady,
      rebuildRunning,
      rebuildSshReady,
      heldBeforeMb,
      heldAfterMb,
      qemuRssMb,
      resize,
    };
  } finally {
    await server?.close();
    removeDataDir(dataDir);
    pool?.remove();
    rmSync(keyDir, { recursive: true, force: true });
  }
}

export async function benchComputeBoot(): Promise<BootFigures> {
  return { simulator: { running: await benchSimulator() }, libvirt: await benchLibvirt() };
}

export function printComputeBootFigures(figures: BootFigures): boolean {
  const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  console.log(
    `\nComputes from create to Running and to SSH-ready (${COMPUTES} each, one at a time, 1 vCPU · 1 GB)`,
  );
  console.log(
    `  simulator (SIMULATOR_SPEED=1): Running after ${median(figures.simulator.running).toFixed(1)} s median (${list(figures.simulator.running)} s); SSH-ready: never (nothing is reachable on a simulated machine)`,
  );
  const libvirt = figures.libvirt;
  if ('unavailable' in libvirt) {
    console.log(`  libvirt: not measured: ${libvirt.unavailable}`);
    return false;
  }
  console.log(
    `  libvirt (${libvirt.acceleration === 'kvm' ? 'KVM' : 'plain QEMU emulation, no KVM: a KVM host boots several times faster'}, test image): Running after ${median(libvirt.running).toFixed(1)} s median (${list(libvirt.running)} s), SSH-ready after ${median(libvirt.sshReady).toFixed(1)} s median (${list(libvirt.sshReady)} s)`,
  );
  console.log(
    `  libvirt rebuild (a fresh disk from the image, a new seed and key; each compute once): Running after ${median(libvirt.rebuildRunning).toFixed(1)} s median (${list(libvirt.rebuildRunning)} s), SSH with the new key after ${median(libvirt.rebuildSshReady).toFixed(1)} s median (${list(libvirt.rebuildSshReady)} s)`,
  );
  const perCompute = ((libvirt.heldAfterMb - libvirt.heldBeforeMb) / COMPUTES) * 1024;
  console.log(
    `  server memory (heap and buffers after a full collection): ${libvirt.heldBeforeMb.toFixed(1)} MB before, ${libvirt.heldAfterMb.toFixed(1)} MB with ${COMPUTES} running computes: ${perCompute.toFixed(0)} KB per running compute; no helper process per compute at rest (QEMU itself holds ${list(libvirt.qemuRssMb)} MB per guest)`,
  );
  console.log(
    `  resize of a stopped compute to 2 vCPUs · 4 GB (80 GB disk), libvirt: stopped with its new size after ${libvirt.resize.resized.toFixed(1)} s, SSH-ready after powering on ${libvirt.resize.sshReady.toFixed(1)} s from the resize request`,
  );
  return true;
}

// `npx tsx scripts/bench/compute-boot.ts` runs it alone; importing runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  printComputeBootFigures(await benchComputeBoot());
}
