// Backups on the libvirt driver with a real guest: a running guest's disk backed up with libvirt's
// push-mode backup (virsh backup-begin) into a standalone qcow2 in the server's backup directory, the pool
// left without the job's copy; a restore onto the running guest refused with the reason; once stopped, the
// backup restored onto it (the next disk generation, the old one deleted) and a file written after the
// backup gone again when it boots; and a new compute made from the backup boots with the backed-up file.
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

const ssh = (port: number, command: string) => sshAsRoot(join(keyDir, 'id'), port, command).trim();
/** The test guest runs from its initramfs; its disk holds a FAT file system, mounted to read or write. */
const writeMarker = (port: number, text: string) =>
  ssh(
    port,
    `mkdir -p /tmp/disk && mount -t vfat /dev/vda /tmp/disk && echo ${text} > /tmp/disk/marker && umount /tmp/disk`,
  );
const readMarker = (port: number) =>
  ssh(
    port,
    'mkdir -p /tmp/disk && mount -o ro -t vfat /dev/vda /tmp/disk && cat /tmp/disk/marker; umount /tmp/disk',
  );

beforeAll(async () => {
  pool = createTestPool();
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-backups-libvirt-'));
  keyDir = mkdtempSync(join(tmpdir(), 'ikirere-backups-key-'));
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'tester@backups',
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
      { name: 'kgl1-backups', capacity: { vcpus: 4, memoryMb: 4096, diskGb: 100 } },
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
  await server?.backups.settled();
  await server?.close();
  pool?.remove();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(keyDir, { recursive: true, force: true });
});

describe('backups on libvirt', () => {
  it('backs up a running guest, restores it onto the stopped guest and into a new compute', async () => {
    const began = Date.now();
    const publicKey = readFileSync(join(keyDir, 'id.pub'), 'utf8').trim();
    const made = await api(
      'POST',
      `/teams/${teamId}/computes`,
      computeRequest({
        hostname: 'backup-source',
        operatingSystemId: 'debian-12',
        authentication: { method: 'ssh-key', publicKey },
      }),
      { 'Idempotency-Key': `backups-${Math.random()}` },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const source = made.body.compute;
    await untilStatus(source.id, 'running');
    writeMarker(source.sshPort, 'backed-up-42');

    const path = `/teams/${teamId}/computes/${source.id}/backups`;
    const backupBegan = Date.now();
    const begun = await api('POST', path);
    expect(begun.status, JSON.stringify(begun.body)).toBe(202);
    const backup = (
      await until(
        'the backup to be made',
        () => api('GET', path),
        (answer) => answer.body?.backups?.[0]?.status !== 'creating',
      )
    ).body.backups[0];
    expect(backup, JSON.stringify(backup)).toMatchObject({
      status: 'available',
      virtualSizeBytes: 25 * 1024 ** 3,
    });
    console.info(
      `libvirt backup of a running guest: ${((Date.now() - backupBegan) / 1000).toFixed(1)} s for ${(backup.sizeBytes / 1024 ** 2).toFixed(1)} MiB`,
    );
    const file = join(dataDir, 'backups', `${backup.id}.qcow2`);
    const info = JSON.parse(
      execFileSync('qemu-img', ['info', '--output=json', '-f', 'qcow2', file], { encoding: 'utf8' }),
    );
    expect(info['backing-filename']).toBeUndefined();
    expect(readdirSync(pool.directory).filter((name) => name.startsWith('ikirere-backup-'))).toEqual([]);
    // The guest kept running through it.
    expect(readMarker(source.sshPort)).toBe('backed-up-42');

    // Written after the backup: gone once the backup is restored.
    writeMarker(source.sshPort, 'after-the-backup');
    const refused = await api('POST', `${path}/${backup.id}/restore`, { target: 'this' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('a backup is restored onto a stopped compute');
    expect(
      (await api('POST', `/teams/${teamId}/computes/${source.id}/actions`, { type: 'power_off' })).status,
    ).toBe(202);
    await untilStatus(source.id, 'stopped');
    const restore = await api('POST', `${path}/${backup.id}/restore`, { target: 'this' });
    expect(restore.status, JSON.stringify(restore.body)).toBe(202);
    await until(
      'the restore to be done',
      () => api('GET', path),
      (answer) => answer.body?.settings?.restoringBackupId === null,
    );
    const history = await api('GET', `/teams/${teamId}/computes/${source.id}/history`);
    expect(history.body.events[0], JSON.stringify(history.body.events[0])).toMatchObject({
      action: 'backup',
      result: 'succeeded',
      message: expect.stringContaining('is restored'),
    });
    expect(readdirSync(pool.directory)).not.toContain(`ikirere-${source.id}.qcow2`);
    expect(
      (await api('POST', `/teams/${teamId}/computes/${source.id}/actions`, { type: 'power_on' })).status,
    ).toBe(202);
    await untilStatus(source.id, 'running');
    expect(readMarker(source.sshPort)).toBe('backed-up-42');

    const copy = await api(
      'POST',
      `${path}/${backup.id}/restore`,
      { target: 'new', hostname: 'backup-copy' },
      { 'Idempotency-Key': `backups-new-${Math.random()}` },
    );
    expect(copy.status, JSON.stringify(copy.body)).toBe(202);
    const restored = (await untilStatus(copy.body.computeId, 'running')).body;
    expect(ssh(restored.sshPort, 'hostname')).toBe('backup-copy');
    expect(readMarker(restored.sshPort)).toBe('backed-up-42');
    console.info(`libvirt backups test: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }, 900_000);
});
