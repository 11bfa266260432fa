// Volumes on the libvirt driver with real guests: a volume made in the host's pool, hot-plugged into a
// running guest (it sees a new virtio disk of the volume's size), written there, unplugged, hot-plugged into a
// second running guest that reads the same bytes back, grown while attached (the guest sees the new size),
// refused deletion while attached, then detached and deleted with its file. Prints how long an attach takes
// from the request to the disk visible in the guest.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { volumeFile } from '../../server/drivers/compute/libvirt/volumes';
import { createLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { fundTeam } from '../server/support/billing';
import { computeRequest } from '../server/support/computes';
import { createLiveAccount } from '../server/support/live-account';
import { emptyStaticDir } from '../server/support/test-app';
import { untilComputeStatus } from '../support/compute-status';
import { createTestPool, libvirtHostsJson, sshAsRoot, type TestPool } from '../support/libvirt';
import { resourceManagerApi } from '../support/resource-manager-api';
import { until as waitUntil } from '../support/until';

let pool: TestPool;
let dataDir: string;
let keyDir: string;
let server: RunningServer | undefined;
let token: string;
let teamId: string;

const api = resourceManagerApi(() => ({ url: server!.url, token }));

const until = <T>(what: string, get: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 300_000) =>
  waitUntil(what, get, done, timeoutMs);

async function runningGuest(hostname: string): Promise<{ id: string; sshPort: number }> {
  const publicKey = readFileSync(join(keyDir, 'id.pub'), 'utf8').trim();
  const made = await api(
    'POST',
    `/teams/${teamId}/computes`,
    computeRequest({
      hostname,
      operatingSystemId: 'debian-12',
      authentication: { method: 'ssh-key', publicKey },
    }),
    { 'Idempotency-Key': `volumes-${hostname}` },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.compute.id as string;
  const running = await untilComputeStatus(api, teamId, id, 'running');
  return { id, sshPort: running.body.sshPort };
}

/** Runs a command in the guest; '' when SSH is refused for a moment. */
function inGuest(port: number, command: string): string {
  try {
    return sshAsRoot(join(keyDir, 'id'), port, command);
  } catch {
    return '';
  }
}

const ONE_GIB_SECTORS = 1024 ** 3 / 512;

/** The guest's virtio disk of this many sectors (the volume: the test image's own disks are smaller). */
async function volumeDevice(port: number, sectors: number): Promise<string | undefined> {
  const listing = inGuest(port, 'for d in /sys/block/vd*; do echo "$(basename $d) $(cat $d/size)"; done');
  return listing
    .split('\n')
    .map((line) => line.split(' '))
    .find(([, size]) => size === String(sectors))?.[0];
}

beforeAll(async () => {
  pool = createTestPool();
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-volumes-data-'));
  keyDir = mkdtempSync(join(tmpdir(), 'ikirere-volumes-key-'));
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'tester@volumes',
    '-f',
    join(keyDir, 'id'),
  ]);
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    COMPUTE_DRIVER: 'libvirt',
    LIBVIRT_HOSTS: libvirtHostsJson(pool, [
      { name: 'kgl1-volumes', capacity: { vcpus: 4, memoryMb: 4096, diskGb: 100 } },
    ]),
  });
  server = await startServer(config, { logger: createLogger('silent') });
  token = (await createLiveAccount(server.url)).token;
  const teams = await fetch(`${server.url}/user/api/v1/teams`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  teamId = ((await teams.json()) as { teams: { id: string }[] }).teams[0]!.id;
  await fundTeam(server.database.db, teamId);
});

afterAll(async () => {
  await server?.close();
  pool?.remove();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(keyDir, { recursive: true, force: true });
});

describe('volumes on libvirt', () => {
  it('hot-plug into a running guest, keep their data through detach and attach to another, grow live', async () => {
    const began = Date.now();
    const [first, second] = await Promise.all([runningGuest('vol-first'), runningGuest('vol-second')]);

    const made = await api('POST', `/teams/${teamId}/volumes`, {
      name: 'shared',
      sizeGb: 1,
      locationId: 'kgl1',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const volume = made.body.volume;
    expect(existsSync(join(pool.directory, volumeFile(volume.id)))).toBe(true);

    const attachBegan = Date.now();
    const attached = await api('POST', `/teams/${teamId}/volumes/${volume.id}/attach`, {
      computeId: first.id,
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    // The guest sees a new virtio disk of 1 GiB (in 512-byte sectors): vdc here, after the disk and the seed.
    const onFirst = await until(
      'the first guest to see the volume',
      async () => volumeDevice(first.sshPort, ONE_GIB_SECTORS),
      (device) => device !== undefined,
      60_000,
    );
    const attachSeconds = (Date.now() - attachBegan) / 1000;
    console.info(`volume attach to visible in the guest: ${attachSeconds.toFixed(1)} s`);

    inGuest(first.sshPort, `printf 'volume-data-42\\n' > /dev/${onFirst} && sync`);
    const detached = await api('POST', `/teams/${teamId}/volumes/${volume.id}/detach`);
    expect(detached.status, JSON.stringify(detached.body)).toBe(200);
    expect(await volumeDevice(first.sshPort, ONE_GIB_SECTORS)).toBeUndefined();

    const again = await api('POST', `/teams/${teamId}/volumes/${volume.id}/attach`, { computeId: second.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const onSecond = await until(
      'the second guest to see the volume',
      async () => volumeDevice(second.sshPort, ONE_GIB_SECTORS),
      (device) => device !== undefined,
      60_000,
    );
    expect(inGuest(second.sshPort, `head -c 15 /dev/${onSecond}`)).toBe('volume-data-42');

    const refused = await api('DELETE', `/teams/${teamId}/volumes/${volume.id}`);
    expect(refused.status).toBe(409);
    const grown = await api('POST', `/teams/${teamId}/volumes/${volume.id}/resize`, { sizeGb: 2 });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    await until(
      'the second guest to see the grown disk',
      async () => inGuest(second.sshPort, `cat /sys/block/${onSecond}/size`),
      (text) => text === String(2 * ONE_GIB_SECTORS),
      60_000,
    );

    expect((await api('POST', `/teams/${teamId}/volumes/${volume.id}/detach`)).status).toBe(200);
    expect((await api('DELETE', `/teams/${teamId}/volumes/${volume.id}`)).status).toBe(204);
    expect(existsSync(join(pool.directory, volumeFile(volume.id)))).toBe(false);
    console.info(`libvirt volumes test: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }, 600_000);
});
