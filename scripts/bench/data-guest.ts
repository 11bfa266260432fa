// The one guest the data bench measures with (scripts/bench/data.ts): a bridge host in a network namespace
// of the bench's own, as tests/libvirt/bridge-netns.test.ts makes it (its own libvirtd, bridge, the guest's
// tap and a client on the segment: tests/support/netns-libvirt.ts), so the firewall's figure is read by a
// client beside the guest and no packet touches this machine's network. The server runs as its own process
// (as `npm start` does), so the bench's client and the server do not share an event loop while bytes
// stream for the image figures.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount, topUp } from '../../tests/e2e/accounts';
import { computeRequest } from '../../tests/server/support/computes';
import { createTestPool, libvirtHostsJson, type TestPool } from '../../tests/support/libvirt';
import { createNetnsLibvirt, type NetnsLibvirt, sshInNetns } from '../../tests/support/netns-libvirt';
import { resourceManagerApi } from '../../tests/support/resource-manager-api';
import { until } from '../../tests/support/until';
import { type ServerProcess, startServerProcess } from '../server-process';

// A documentation block (RFC 5737): it exists only inside the namespace.
export const BLOCK = '203.0.113.0/28';
const GATEWAY = '203.0.113.1';
const CLIENT = '203.0.113.14';

type Api = ReturnType<typeof resourceManagerApi>;

export interface DataGuest {
  netns: NetnsLibvirt;
  /** The host's storage pool (in the namespace's libvirtd). */
  pool: TestPool;
  server: ServerProcess;
  api: Api;
  /** The server's token, for the routes the bench calls without JSON (the image's file). */
  token: string;
  teamId: string;
  compute: { id: string; hostname: string; ipv4: string; acceleration: string | null };
  keyPath: string;
  /** Runs a command as root in the guest over SSH from the namespace; its output. */
  ssh(command: string): string;
  /** Seconds from the create request to Running and to SSH. */
  boot: { running: number; sshReady: number };
  remove(): Promise<void>;
}

/** The answer's body when its status is the one expected; else throws with what the server said. */
export async function expectAnswer(
  answer: Promise<{ status: number; body: unknown }>,
  status: number,
  what: string,
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field by the bench.
): Promise<any> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what} answered ${got}: ${JSON.stringify(body)}`);
  return body;
}

export async function startDataGuest(): Promise<DataGuest> {
  const parts: { netns?: NetnsLibvirt; pool?: TestPool; server?: ServerProcess } = {};
  const keyDir = mkdtempSync(join(tmpdir(), 'ikirere-bench-data-key-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'ikirere-bench-data-'));
  const remove = async () => {
    await parts.server?.stop();
    parts.pool?.remove();
    parts.netns?.remove();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(keyDir, { recursive: true, force: true });
  };
  try {
    const netns = await createNetnsLibvirt(`${GATEWAY}/28`, `${CLIENT}/28`);
    parts.netns = netns;
    const pool = createTestPool(undefined, undefined, netns.uri);
    parts.pool = pool;
    const keyPath = join(keyDir, 'id');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'bench@data', '-f', keyPath]);
    const server = await startServerProcess(
      {
        STATIC_DIR: join(dataDir, 'no-build'),
        COMPUTE_DRIVER: 'libvirt',
        LIBVIRT_HOSTS: libvirtHostsJson(pool, [
          {
            name: 'kgl1-bench-data',
            uri: netns.uri,
            capacity: { vcpus: 4, memoryMb: 4096, diskGb: 200 },
            // The server is outside the namespace: it must not try the guest's SSH port (the packets would
            // leave by this machine's default route); the serial console's login prompt says it is up.
            network: {
              mode: 'bridge',
              bridge: netns.bridge,
              ipv4: BLOCK,
              nameservers: [GATEWAY],
              probeSsh: false,
            },
          },
        ]),
      },
      { dataDir },
    );
    parts.server = server;
    const account = await createAccount(server.url);
    await topUp(server.url, account);
    const once = resourceManagerApi(() => ({ url: server.url, token: account.token }));
    // A kept-alive connection the server closed while idle (over 5 s between calls) resets, or is found
    // closed, when reused, before the server reads the request: it is sent again on a fresh connection.
    const api: Api = (...args) =>
      once(...args).catch((error: { cause?: { code?: string } }) => {
        if (['ECONNRESET', 'UND_ERR_SOCKET'].includes(error.cause?.code ?? '')) return once(...args);
        throw error;
      });
    const teams = await fetch(`${server.url}/user/api/v1/teams`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    const teamId = ((await teams.json()) as { teams: { id: string }[] }).teams[0]!.id;
    const publicKey = readFileSync(`${keyPath}.pub`, 'utf8').trim();
    const began = performance.now();
    const created = await expectAnswer(
      api(
        'POST',
        `/teams/${teamId}/computes`,
        computeRequest({
          hostname: 'bench-data',
          operatingSystemId: 'debian-12',
          instanceTypeId: 's-1vcpu-1gb',
          authentication: { method: 'ssh-key', publicKey },
        }),
        { 'Idempotency-Key': `bench-data-${Math.random()}` },
      ),
      201,
      'create the compute',
    );
    const id = created.compute.id as string;
    const running = await until(
      'the guest to run',
      () => api('GET', `/teams/${teamId}/computes/${id}`),
      (answer) => answer.body?.status === 'running' || answer.body?.status === 'error',
      600_000,
    );
    if (running.body.status === 'error') throw new Error('the compute went into error while booting');
    const runningAt = performance.now();
    const compute = running.body as DataGuest['compute'];
    const ssh = (command: string) => sshInNetns(netns, keyPath, compute.ipv4, command);
    await until(
      'SSH into the guest',
      async () => {
        try {
          return ssh('echo up');
        } catch {
          return '';
        }
      },
      (answer) => answer === 'up',
      300_000,
      500,
    );
    const boot = {
      running: (runningAt - began) / 1000,
      sshReady: (performance.now() - began) / 1000,
    };
    return { netns, pool, server, api, token: account.token, teamId, compute, keyPath, ssh, boot, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
