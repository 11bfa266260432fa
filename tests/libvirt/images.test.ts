// Team images on the libvirt driver with real guests: a stopped compute's disk captured (libvirt's
// vol-create-from, read through the backing chain) into a standalone qcow2 in the server's image directory,
// the pool left without the copy; then a compute made from that image boots from it, and a file written on
// the first guest before the capture is there on the second.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
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

const untilStatus = (id: string, status: string) => untilComputeStatus(api, teamId, id, status);

function create(body: Record<string, unknown>) {
  const publicKey = readFileSync(join(keyDir, 'id.pub'), 'utf8').trim();
  return api(
    'POST',
    `/teams/${teamId}/computes`,
    computeRequest({
      operatingSystemId: 'debian-12',
      authentication: { method: 'ssh-key', publicKey },
      ...body,
    }),
    { 'Idempotency-Key': `images-${Math.random()}` },
  );
}

beforeAll(async () => {
  pool = createTestPool();
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-storage-images-'));
  keyDir = mkdtempSync(join(tmpdir(), 'ikirere-storage-key-'));
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'tester@images',
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
      { name: 'kgl1-images', capacity: { vcpus: 4, memoryMb: 4096, diskGb: 100 } },
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

describe('team images on libvirt', () => {
  it('captures a stopped guest’s disk as a standalone qcow2, and a compute made from it boots with its files', async () => {
    const began = Date.now();
    const first = await create({ hostname: 'image-source' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const source = first.body.compute;
    await untilStatus(source.id, 'running');
    // The test guest runs from its initramfs; its disk holds a FAT file system, mounted here to write on it.
    sshAsRoot(
      join(keyDir, 'id'),
      source.sshPort,
      'mkdir -p /tmp/disk && mount -t vfat /dev/vda /tmp/disk && echo captured-$((40+2)) > /tmp/disk/marker && umount /tmp/disk',
    );
    expect(
      (await api('POST', `/teams/${teamId}/computes/${source.id}/actions`, { type: 'power_off' })).status,
    ).toBe(202);
    await untilStatus(source.id, 'stopped');

    const captureBegan = Date.now();
    const capture = await api('POST', `/teams/${teamId}/images`, { computeId: source.id, name: 'golden' });
    expect(capture.status, JSON.stringify(capture.body)).toBe(202);
    // While the disk is copied the guest is not started: the hypervisor refuses, and it stays stopped.
    expect(
      (await api('POST', `/teams/${teamId}/computes/${source.id}/actions`, { type: 'power_on' })).status,
    ).toBe(202);
    await untilStatus(source.id, 'stopped');
    const image = (
      await until(
        'the image to be captured',
        () => api('GET', `/teams/${teamId}/images/${capture.body.id}`),
        (answer) => answer.body?.status !== 'creating',
      )
    ).body;
    expect(image, JSON.stringify(image)).toMatchObject({
      status: 'available',
      virtualSizeBytes: 25 * 1024 ** 3,
    });
    console.info(
      `libvirt capture of a stopped guest: ${((Date.now() - captureBegan) / 1000).toFixed(1)} s for ${(image.sizeBytes / 1024 ** 2).toFixed(0)} MiB`,
    );
    const file = join(dataDir, 'images', `${image.id}.qcow2`);
    const info = JSON.parse(
      execFileSync('qemu-img', ['info', '--output=json', '-f', 'qcow2', file], { encoding: 'utf8' }),
    );
    expect(info['backing-filename']).toBeUndefined();
    expect(readdirSync(pool.directory).filter((name) => name.startsWith('ikirere-capture-'))).toEqual([]);

    const second = await create({ hostname: 'image-copy', imageId: image.id });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const copy = second.body.compute;
    await untilStatus(copy.id, 'running');
    const seen = sshAsRoot(
      join(keyDir, 'id'),
      copy.sshPort,
      'hostname; mkdir -p /tmp/disk && mount -o ro -t vfat /dev/vda /tmp/disk && cat /tmp/disk/marker',
    )
      .trim()
      .split('\n');
    expect(seen).toEqual(['image-copy', 'captured-42']);
    // Its disk is a copy, not an overlay on the image: deleting the image leaves it whole.
    const disk = JSON.parse(
      execFileSync(
        'qemu-img',
        ['info', '--output=json', '-U', join(pool.directory, `ikirere-${copy.id}.qcow2`)],
        {
          encoding: 'utf8',
        },
      ),
    );
    expect(disk['backing-filename']).toBeUndefined();
    expect((await api('DELETE', `/teams/${teamId}/images/${image.id}`)).status).toBe(204);
    console.info(`libvirt images test: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }, 900_000);
});
