// Moving a stopped machine to another host: its disk and seed copied over the hosts' own connections (virsh
// vol-download from the old host, vol-upload to the new one; over SSH for a qemu+ssh:// host), each copy
// read back from the new host and compared (size and SHA-256) with what left the old one, the domain then
// defined on the new host and the record moved. Only after that are the old domain and volumes removed: a
// move interrupted or failed on the way leaves the machine whole on its old host (what was copied so far is
// deleted from the new one).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { allocateAddresses } from './allocation';
import { domainName } from './domain-xml';
import type { FlowContext } from './flows/flow';
import type { HostConnection } from './host-connection';
import type { LibvirtMachineRow } from './machine-store';
import { specOf } from './machine-store';
import { diskVolume, domainXmlOf, generationOf, seedVolume } from './provisioning';
import { VirshError } from './virsh';

const run = promisify(execFile);

/** A volume copied and checked takes at most this long (a disk of a few GB over a slow link). */
const COPY_TIMEOUT_MS = 30 * 60_000;

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function volumeFormat(path: string): Promise<{ format: string; backing: string | undefined }> {
  const { stdout } = await run('qemu-img', ['info', '--output=json', '-U', path], { timeout: 60_000 });
  const info = JSON.parse(stdout) as { format: string; 'backing-filename'?: string };
  return { format: info.format, backing: info['backing-filename'] };
}

export class MoveError extends Error {}

/**
 * Copies one volume from `from` to `to` through `directory`; a qcow2 overlay is pointed at the new host's
 * copy of its base image (same image id, so the same content: only the header's path changes).
 */
async function copyVolume(
  from: HostConnection,
  to: HostConnection,
  volume: string,
  directory: string,
  baseOnTarget: string | undefined,
): Promise<void> {
  const local = join(directory, volume);
  await from.run(['vol-download', '--pool', from.config.pool, volume, local], COPY_TIMEOUT_MS);
  const { format, backing } = await volumeFormat(local);
  if (backing && baseOnTarget) {
    await run('qemu-img', ['rebase', '-u', '-F', 'qcow2', '-b', baseOnTarget, local], { timeout: 60_000 });
  }
  const sent = { size: (await stat(local)).size, hash: await sha256(local) };
  await to.deleteVolume(volume);
  await to.run(
    [
      'vol-create-as',
      to.config.pool,
      volume,
      String(sent.size),
      '--format',
      format === 'qcow2' ? 'qcow2' : 'raw',
    ],
    120_000,
  );
  await to.run(['vol-upload', '--pool', to.config.pool, volume, local], COPY_TIMEOUT_MS);
  const back = join(directory, `${volume}.check`);
  await to.run(['vol-download', '--pool', to.config.pool, volume, back], COPY_TIMEOUT_MS);
  const received = { size: (await stat(back)).size, hash: await sha256(back) };
  await rm(back, { force: true });
  if (received.size !== sent.size || received.hash !== sent.hash) {
    throw new MoveError(
      `the copy of ${volume} on ${to.name} differs from what was sent (${received.size} bytes, sha256 ${received.hash.slice(0, 12)}… against ${sent.size} bytes, ${sent.hash.slice(0, 12)}…)`,
    );
  }
}

/** Whether two hosts are one libvirtd (two names for the same machine): its host UUID in the capabilities. */
async function sameLibvirt(a: HostConnection, b: HostConnection): Promise<boolean> {
  const [first, second] = await Promise.all([a.hostUuid(), b.hostUuid()]);
  return first !== undefined && first === second;
}

/** Moves the stopped machine to `to`; answers its row there. Throws with the machine left on its old host. */
export async function moveMachine(
  context: FlowContext,
  row: LibvirtMachineRow,
  to: HostConnection,
): Promise<LibvirtMachineRow> {
  const from = context.hosts.of(row);
  const generation = generationOf(row);
  const volumes = [diskVolume(row.id, generation), seedVolume(row.id, generation)];
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-move-'));
  const base = await to.imagePath(specOf(row).image.id);
  try {
    try {
      for (const volume of volumes) {
        await copyVolume(from, to, volume, directory, volume === volumes[0] ? base : undefined);
      }
    } catch (error) {
      for (const volume of volumes) await to.deleteVolume(volume).catch(() => {});
      throw error;
    }
    // Its port (user networking) is kept when the new host's range has it free; else another.
    const taken = (await context.store.all()).filter((other) => other.id !== row.id);
    const addresses = allocateAddresses(to, taken);
    const keepPort =
      row.sshPort !== null &&
      addresses.sshPort !== null &&
      !taken.some((other) => other.host === to.name && other.sshPort === row.sshPort) &&
      inRange(to, row.sshPort);
    const moved: LibvirtMachineRow = {
      ...row,
      host: to.name,
      ...addresses,
      ...(keepPort ? { sshPort: row.sshPort } : {}),
      acceleration: to.acceleration,
    };
    const shared = await sameLibvirt(from, to);
    try {
      await to.define(await domainXmlOf(context, moved));
    } catch (error) {
      for (const volume of volumes) await to.deleteVolume(volume).catch(() => {});
      if (shared)
        await domainXmlOf(context, row)
          .then((xml) => from.define(xml))
          .catch(() => {});
      throw error;
    }
    const updated = (await context.store.update(row.id, {
      host: moved.host,
      sshPort: moved.sshPort,
      ipv4: moved.ipv4,
      ipv6: moved.ipv6,
      acceleration: moved.acceleration,
    }))!;
    // The old host's copy goes last. Two names for one libvirtd share the domain (just defined anew).
    if (!shared) {
      try {
        await from.run(['undefine', domainName(row.id)], 60_000);
      } catch (error) {
        if (!(error instanceof VirshError && error.noDomain)) throw error;
      }
    }
    for (const volume of volumes) await from.deleteVolume(volume);
    // Its console is opened again on the new host when next used.
    context.consoles.end(row.id, 'The compute moved to another host; open its console again.');
    return updated;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function inRange(host: HostConnection, port: number): boolean {
  const network = host.config.network;
  if (network.mode !== 'user') return false;
  const [first, last] = network.ports.split('-').map(Number) as [number, number];
  return port >= first && port <= last;
}
