// A fleet of two libvirt hosts through the real server: kgl1-a is this machine's libvirtd (qemu:///system)
// and kgl1-b the same libvirtd reached the way a host elsewhere is, over SSH (qemu+ssh:// through an sshd
// this test starts on a 127.0.0.1 port with keys it makes), each with its own storage pool so they hold
// different disks. Both receive computes (placement spreads them); `npm run ops -- hosts` shows the hosts
// and which host each compute is on; stopping the sshd makes kgl1-b unreachable: its compute shows "host
// unreachable" while kgl1-a's keeps working and new computes go to kgl1-a, and starting it again brings the
// compute back running. Draining kgl1-b moves its stopped compute to kgl1-a (disk copied over SSH and
// checked), which boots there; a move cut half-way leaves the compute whole on its old host; new computes
// go to the host not drained. Two guests boot (side by side), and one again after its move.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../scripts/ops';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { unreachableMeaning } from '../../src/domain/compute-lifecycle';
import { fundTeam } from '../server/support/billing';
import { computeRequest } from '../server/support/computes';
import { createLiveAccount } from '../server/support/live-account';
import { emptyStaticDir } from '../server/support/test-app';
import {
  createTestPool,
  domainStateOf,
  randomPortRange,
  TEST_IMAGE_VOLUME,
  type TestPool,
} from '../support/libvirt';
import { type LoopbackSshd, startLoopbackSshd } from '../support/loopback-sshd';
import { until as waitUntil } from '../support/until';

const CUT_UPLOAD_VIRSH = fileURLToPath(new URL('./support/cut-upload-virsh.sh', import.meta.url));
const OPERATOR_TOKEN = `fleet-operator-${'x'.repeat(32)}`;

let poolA: TestPool;
let poolB: TestPool;
let sshd: LoopbackSshd;
let dataDir: string;
let server: RunningServer | undefined;
let token: string;
let teamId: string;
const computes: Record<'a' | 'b', { id: string; hostname: string }> = {} as never;

function hostsJson(): string {
  const host = (name: string, uri: string, pool: TestPool) => ({
    name,
    uri,
    location: 'kgl1',
    capacity: { vcpus: 4, memoryMb: 4096, diskGb: 100 },
    pool: pool.name,
    images: { 'debian-12': TEST_IMAGE_VOLUME },
    network: {
      mode: 'user',
      publishAddress: '127.0.0.1',
      bindAddress: '127.0.0.1',
      ports: randomPortRange(),
    },
  });
  return JSON.stringify([host('kgl1-a', 'qemu:///system', poolA), host('kgl1-b', sshd.uri, poolB)]);
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
const act = (id: string, type: string) => api('POST', `/teams/${teamId}/computes/${id}/actions`, { type });
const history = async (id: string) =>
  (await api('GET', `/teams/${teamId}/computes/${id}/history`)).body.events as {
    action: string;
    message: string | null;
  }[];

const until = <T>(what: string, get: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 150_000) =>
  waitUntil(what, get, done, timeoutMs, 200);

const untilStatus = (id: string, status: string) =>
  until(
    `compute ${id} to be ${status}`,
    () => read(id),
    (answer) => answer.body?.status === status,
  );

async function create() {
  const answer = await api(
    'POST',
    `/teams/${teamId}/computes`,
    computeRequest({ operatingSystemId: 'debian-12', instanceTypeId: 's-1vcpu-1gb' }),
    {
      'Idempotency-Key': `fleet-${Math.random()}`,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.compute as { id: string; hostname: string };
}

async function destroy(compute: { id: string; hostname: string }) {
  const answer = await api('DELETE', `/teams/${teamId}/computes/${compute.id}`, {
    confirmHostname: compute.hostname,
  });
  expect(answer.status).toBe(202);
  await until(
    'destroyed',
    () => read(compute.id),
    (found) => found.status === 404,
  );
}

/** `npm run ops -- …` against the test's server: exit code and what it printed. */
async function ops(...args: string[]) {
  const out: string[] = [];
  const code = await runOps([...args, '--server', server!.url], {
    env: { OPERATOR_TOKEN, DATA_DIR: dataDir },
    cwd: dataDir,
    fetch,
    out: (text) => out.push(text),
    err: (text) => out.push(text),
  });
  return { code, text: out.join('\n') };
}

/** The block `npm run ops -- hosts` prints for one host: its line, then its computes. */
function hostBlock(text: string, host: string): string {
  const start = text.indexOf(`\n${host} (`);
  const end = text.indexOf('\n\n', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

const disks = (pool: TestPool) => readdirSync(pool.directory).filter((file) => file !== TEST_IMAGE_VOLUME);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  poolA = createTestPool();
  poolB = createTestPool();
  sshd = await startLoopbackSshd();
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-fleet-'));
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    COMPUTE_DRIVER: 'libvirt',
    LIBVIRT_HOSTS: hostsJson(),
    // Probed every 2 s (each probe of the SSH host is an SSH login): noticed within seconds, cheaply.
    LIBVIRT_HOST_CHECK_SECONDS: '2',
    OPERATOR_TOKEN,
  });
  server = await startServer(config, { logger: createLogger('silent') });
  const account = await createLiveAccount(server.url);
  token = account.token;
  const teams = await fetch(`${server.url}/user/api/v1/teams`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  teamId = ((await teams.json()) as { teams: { id: string }[] }).teams[0]!.id;
  await fundTeam(server.database.db, teamId);
});

afterAll(async () => {
  delete process.env.IKIRERE_VIRSH;
  delete process.env.FLEET_CUT_UPLOAD;
  await server?.close();
  sshd?.remove();
  poolA?.remove();
  poolB?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a fleet of two libvirt hosts, one over SSH', () => {
  it('places computes on both hosts and shows the operator which host each is on', async () => {
    // Both hosts empty: the first goes to a (by name), the second to b, now the emptier.
    computes.a = await create();
    computes.b = await create();
    await Promise.all([untilStatus(computes.a.id, 'running'), untilStatus(computes.b.id, 'running')]);
    expect(disks(poolA).some((file) => file.includes(computes.a.id))).toBe(true);
    expect(disks(poolB).some((file) => file.includes(computes.b.id))).toBe(true);
    expect(disks(poolB).some((file) => file.includes(computes.a.id))).toBe(false);

    const listed = await ops('hosts');
    expect(listed.code).toBe(0);
    expect(listed.text).toMatch(/kgl1-a\s+kgl1\s+reachable/);
    expect(listed.text).toMatch(/kgl1-b\s+kgl1\s+reachable/);
    expect(hostBlock(listed.text, 'kgl1-a')).toContain(`${computes.a.hostname}  running`);
    expect(hostBlock(listed.text, 'kgl1-b')).toContain('qemu+ssh://root@127.0.0.1');
    expect(hostBlock(listed.text, 'kgl1-b')).toContain(`${computes.b.hostname}  running`);
    // The team never sees hosts.
    expect(JSON.stringify((await read(computes.b.id)).body)).not.toContain('kgl1-b');
  });

  it('shows the computes of a host that stops answering as "host unreachable", keeps the others working, and brings them back', async () => {
    sshd.stop();
    const started = Date.now();
    await untilStatus(computes.b.id, 'unreachable');
    const noticedSeconds = (Date.now() - started) / 1000;
    const events = await history(computes.b.id);
    expect(events[0]).toMatchObject({ action: 'changed_outside', message: unreachableMeaning() });
    const refused = await act(computes.b.id, 'reboot');
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('cannot be reached');

    // The other host's compute is untouched and takes actions.
    expect((await read(computes.a.id)).body.status).toBe('running');
    expect((await act(computes.a.id, 'power_off')).status).toBe(202);
    await untilStatus(computes.a.id, 'stopped');
    // A new compute goes to the host that answers.
    const meanwhile = await create();
    const listed = await ops('hosts');
    expect(listed.text).toMatch(/kgl1-b\s+kgl1\s+UNREACHABLE/);
    expect(hostBlock(listed.text, 'kgl1-b')).toContain(`${computes.b.hostname}  unreachable`);
    expect(hostBlock(listed.text, 'kgl1-a')).toContain(meanwhile.hostname);
    await destroy(meanwhile);

    await sshd.start();
    await untilStatus(computes.b.id, 'running');
    expect((await history(computes.b.id))[0]).toMatchObject({
      action: 'changed_outside',
      message: 'Its host answers again: the compute is running.',
    });
    console.log(
      `fleet: a host's compute showed "host unreachable" ${noticedSeconds.toFixed(1)} s after its sshd stopped`,
    );
  });

  it('drains a host: its stopped compute moves (disk copied over SSH and checked) and boots there, new computes go elsewhere', async () => {
    expect((await act(computes.b.id, 'power_off')).status).toBe(202);
    await untilStatus(computes.b.id, 'stopped');
    const drained = await ops('hosts', 'drain', 'kgl1-b');
    expect(drained.code, drained.text).toBe(0);
    const moved = new RegExp(`moved\\s+${computes.b.id} to kgl1-a in ([\\d.]+) s`).exec(drained.text);
    expect(moved, drained.text).not.toBeNull();
    console.log(
      `fleet: a drained host's stopped compute moved in ${moved![1]} s (disk and seed over SSH, checked)`,
    );
    expect(disks(poolB).filter((file) => file.includes(computes.b.id))).toEqual([]);
    expect(disks(poolA).filter((file) => file.includes(computes.b.id)).length).toBe(2);
    const listed = await ops('hosts');
    expect(listed.text).toMatch(/kgl1-b\s+kgl1\s+reachable\s+\S+\s+[\d/]+\s+[\d/]+ MB\s+[\d/]+ GB\s+drained/);
    expect(hostBlock(listed.text, 'kgl1-a')).toContain(`${computes.b.hostname}  stopped`);
    expect((await history(computes.b.id))[0]?.message).toContain(
      'moved this stopped compute to another hypervisor host',
    );

    // New computes go to the host not drained, though the drained one is emptier.
    const fresh = await create();
    expect(hostBlock((await ops('hosts')).text, 'kgl1-a')).toContain(fresh.hostname);
    await destroy(fresh);

    // It boots from the moved disk.
    expect((await act(computes.b.id, 'power_on')).status).toBe(202);
    await untilStatus(computes.b.id, 'running');
  });

  it('leaves a compute whole on its old host when its move is cut half-way, and moves it when tried again', async () => {
    expect((await ops('hosts', 'undrain', 'kgl1-b')).code).toBe(0);
    const disk = join(poolA.directory, `ikirere-${computes.a.id}.qcow2`);
    const before = sha256(disk);
    const marker = join(dataDir, 'cut-upload');
    writeFileSync(marker, '');
    process.env.IKIRERE_VIRSH = CUT_UPLOAD_VIRSH;
    process.env.FLEET_CUT_UPLOAD = marker;
    try {
      const cut = await ops('hosts', 'drain', 'kgl1-a');
      expect(cut.code).toBe(1);
      expect(cut.text).toContain(
        `stayed  ${computes.a.id}: the move to kgl1-b failed, the compute stays whole on kgl1-a`,
      );
      expect(cut.text).toContain('Broken pipe');
    } finally {
      rmSync(marker);
    }
    expect(disks(poolB).filter((file) => file.includes(computes.a.id))).toEqual([]);
    expect(sha256(disk)).toBe(before);
    expect(domainStateOf(computes.a.id)).toBe('shut off');
    expect(hostBlock((await ops('hosts')).text, 'kgl1-a')).toContain(`${computes.a.hostname}  stopped`);

    const again = await ops('hosts', 'drain', 'kgl1-a');
    expect(again.text).toContain(`moved   ${computes.a.id} to kgl1-b`);
    expect(existsSync(disk)).toBe(false);
    expect(disks(poolB).filter((file) => file.includes(computes.a.id)).length).toBe(2);
    // With b drained too, its stopped compute has nowhere to go, and a new compute no place in the location.
    const nowhere = await ops('hosts', 'drain', 'kgl1-b');
    expect(nowhere.text).toContain(`stayed  ${computes.a.id}: no other host can take it`);
    const refused = await api(
      'POST',
      `/teams/${teamId}/computes`,
      computeRequest({ operatingSystemId: 'debian-12' }),
      {
        'Idempotency-Key': `fleet-${Math.random()}`,
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toEqual({
      field: 'locationId',
      message: expect.stringContaining('maintenance'),
    });
    await ops('hosts', 'undrain', 'kgl1-a');
    await ops('hosts', 'undrain', 'kgl1-b');
    await Promise.all(Object.values(computes).map(destroy));
    expect(disks(poolA)).toEqual([]);
    expect(disks(poolB)).toEqual([]);
  });
});
