// A drained host's stopped compute moving to the other host: two libvirt hosts on this machine (its libvirtd
// directly, and over qemu+ssh:// through an sshd on a loopback port, as tests/fleet does), one compute booted
// on the SSH host and powered off, then `npm run ops -- hosts drain` of that host timed from the request to
// its answer (the disk and seed read over SSH, written to the other host's pool, read back and compared, the
// domain defined there), with the move's own time as the driver reports it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/main';
import { createAccount, topUp } from '../../tests/e2e/accounts';
import { computeRequest } from '../../tests/server/support/computes';
import {
  createTestPool,
  randomPortRange,
  TEST_IMAGE_VOLUME,
  type TestPool,
} from '../../tests/support/libvirt';
import { type LoopbackSshd, startLoopbackSshd } from '../../tests/support/loopback-sshd';
import { runOps } from '../ops';

export type DrainFigures = { seconds: number; reported: number; diskBytes: number } | { unavailable: string };

const OPERATOR_TOKEN = `bench-operator-${randomUUID()}`;

export async function benchHostDrain(): Promise<DrainFigures> {
  let pools: TestPool[] = [];
  let sshd: LoopbackSshd | undefined;
  let server: RunningServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'ikirere-bench-drain-'));
  try {
    pools = [createTestPool(), createTestPool()];
    sshd = await startLoopbackSshd();
    const host = (name: string, uri: string, pool: TestPool) => ({
      name,
      uri,
      location: 'kgl1',
      capacity: { vcpus: 8, memoryMb: 8192, diskGb: 200 },
      pool: pool.name,
      images: { 'debian-12': TEST_IMAGE_VOLUME },
      network: {
        mode: 'user',
        publishAddress: '127.0.0.1',
        bindAddress: '127.0.0.1',
        ports: randomPortRange(),
      },
    });
    server = await startServer(
      loadConfig({
        PORT: '0',
        DNS_PORT: '0',
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'no-build'),
        CODE_SENDS_PER_IP: '100000',
        COMPUTE_DRIVER: 'libvirt',
        OPERATOR_TOKEN,
        LIBVIRT_HOSTS: JSON.stringify([
          host('near', 'qemu:///system', pools[0]!),
          host('far', sshd.uri, pools[1]!),
        ]),
      }),
      { logger: createLogger('silent') },
    );
    const url = server.url;
    const ops = async (...args: string[]) => {
      const out: string[] = [];
      const code = await runOps([...args, '--server', url], {
        env: { OPERATOR_TOKEN, DATA_DIR: dataDir },
        cwd: dataDir,
        fetch,
        out: (text) => out.push(text),
        err: (text) => out.push(text),
      });
      if (code !== 0) throw new Error(`ops ${args.join(' ')}: ${out.join('\n')}`);
      return out.join('\n');
    };
    const account = await createAccount(url);
    await topUp(url, account);
    const headers = { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' };
    const teams = (await (await fetch(`${url}/user/api/v1/teams`, { headers })).json()) as {
      teams: { id: string }[];
    };
    const base = `${url}/resource-manager/api/v1/teams/${teams.teams[0]!.id}/computes`;
    const status = async (id: string) =>
      ((await (await fetch(`${base}/${id}`, { headers })).json()) as { status: string }).status;
    const until = async (id: string, wanted: string) => {
      for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
        const now = await status(id);
        if (now === wanted) return;
        if (now === 'error') throw new Error(`compute ${id} went into error`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`compute ${id} never became ${wanted}`);
    };
    // The compute goes to the SSH host: the other is drained while it is made.
    await ops('hosts', 'drain', 'near');
    const created = await fetch(base, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(computeRequest({ hostname: 'bench-drain', operatingSystemId: 'debian-12' })),
    });
    const { compute } = (await created.json()) as { compute: { id: string } };
    await ops('hosts', 'undrain', 'near');
    await until(compute.id, 'running');
    await fetch(`${base}/${compute.id}/actions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'power_off' }),
    });
    await until(compute.id, 'stopped');
    const diskBytes = Number(
      /Allocation:\s+([\d.]+)/.exec(
        execFileSync(
          'virsh',
          [
            '-c',
            'qemu:///system',
            'vol-info',
            '--bytes',
            '--pool',
            pools[1]!.name,
            `ikirere-${compute.id}.qcow2`,
          ],
          { encoding: 'utf8' },
        ),
      )?.[1] ?? 0,
    );
    const started = performance.now();
    const answer = await ops('hosts', 'drain', 'far');
    const seconds = (performance.now() - started) / 1000;
    const reported = /moved\s+\S+ to near in ([\d.]+) s/.exec(answer);
    if (!reported) throw new Error(`the drain moved nothing:\n${answer}`);
    return { seconds, reported: Number(reported[1]), diskBytes };
  } catch (error) {
    return { unavailable: (error as Error).message };
  } finally {
    await server?.close();
    sshd?.remove();
    for (const pool of pools) pool.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printHostDrainFigures(figures: DrainFigures): boolean {
  console.log(
    '\nA drained host’s stopped compute moving to another host (libvirt, the second host over SSH)',
  );
  if ('unavailable' in figures) {
    console.log(`  not measured: ${figures.unavailable}`);
    return false;
  }
  console.log(
    `  drain answered after ${figures.seconds.toFixed(1)} s (the move itself ${figures.reported.toFixed(1)} s: a ${(figures.diskBytes / 1024 / 1024).toFixed(1)} MB disk and its seed over SSH, read back and compared, the domain defined on the other host)`,
  );
  return true;
}

// `npx tsx scripts/bench/host-drain.ts` runs it alone; importing runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  printHostDrainFigures(await benchHostDrain());
}
