// Private networks enforced on a libvirt host, with real guests: three guests on a bridge host inside a
// network namespace this test makes (its own libvirtd, bridges and taps: tests/support/netns-libvirt.ts), so
// nothing touches this machine's own network. Team A's two computes join a network (one while running, its
// card hot-plugged and picked up by the guest; one while stopped, set up from its seed at boot) and reach
// each other on their private addresses; team B's compute on a network of its own with the same block
// cannot reach them, and keeps its card and address through a rebuild; a compute that leaves is no longer
// reachable; deleting a network takes the cards and the host's network away. The three guests are shared
// by the file's tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { createTestPool, libvirtHostsJson, type TestPool, virshSync } from '../support/libvirt';
import { createNetnsLibvirt, type NetnsLibvirt, sshInNetns } from '../support/netns-libvirt';
import { until as waitUntil } from '../support/until';

// The public side: a documentation block (RFC 5737) that exists only inside the namespace.
const BLOCK = '203.0.113.0/28';
const GATEWAY = '203.0.113.1';
const CLIENT = '203.0.113.14';
// Both teams choose the same private block.
const PRIVATE = '10.20.0.0/24';
// Three guests booting at once under emulation, on a machine others use too.
const BOOT_MS = 900_000;

interface Team {
  token: string;
  teamId: string;
}
interface Guest {
  id: string;
  hostname: string;
  ipv4: string;
  team: Team;
}

let netns: NetnsLibvirt;
let pool: TestPool;
let dataDir: string;
let keyDir: string;
let server: RunningServer | undefined;
let teamA: Team;
let teamB: Team;
let a1: Guest;
let a2: Guest;
let b1: Guest;
let networkA: string;
let networkB: string;
let ownInterfacesBefore: string;
const startedAt = Date.now();

const ownInterfaces = () =>
  execFileSync('ip', ['-o', 'addr', 'show'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.replace(/\s+valid_lft.*$/, ''))
    .join('\n');

async function api(team: Team, method: string, path: string, body?: unknown, headers = {}) {
  const send = () =>
    fetch(`${server!.url}/resource-manager/api/v1/teams/${team.teamId}${path}`, {
      method,
      headers: { Authorization: `Bearer ${team.token}`, 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  // A kept-alive connection the server closed while idle resets when reused: sent again on a fresh one.
  const response = await send().catch((error: { cause?: { code?: string } }) => {
    if (error.cause?.code === 'ECONNRESET') return send();
    throw error;
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const until = <T>(what: string, get: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 240_000) =>
  waitUntil(what, get, done, timeoutMs, 1_000);

const ssh = (guest: Guest, command: string) => sshInNetns(netns, join(keyDir, 'id'), guest.ipv4, command);

/** Whether `guest` gets answers from `address` (three pings); never throws. */
const pings = (guest: Guest, address: string) =>
  ssh(guest, `ping -c 3 -w 8 ${address} >/dev/null 2>&1 && echo reached || echo unreachable`) === 'reached';

/** The compute's status, or "gone" once it answers 404. */
const statusOf = async (guest: Guest) => {
  const answer = await api(guest.team, 'GET', `/computes/${guest.id}`);
  return answer.status === 404 ? 'gone' : (answer.body?.status as string | undefined);
};

async function waitFor(guest: Guest, status: string, timeoutMs = BOOT_MS) {
  await until(
    `${guest.hostname} to be ${status}`,
    () => statusOf(guest),
    (now) => now === status,
    timeoutMs,
  );
}

/** The guest's IPv4 addresses on its card `name`, as `ip` shows them ("" when it has none). */
const addressesOn = (guest: Guest, name: string) =>
  ssh(guest, `ip -4 -o addr show dev ${name} 2>/dev/null | awk '{ print $4 }'`);

const cardsOf = (guest: Guest, inactive = false) =>
  virshSync(['domiflist', `ikirere-${guest.id}`, ...(inactive ? ['--inactive'] : [])], { uri: netns.uri });

const tapsOn = (bridge: string) =>
  netns.exec(['ip', '-o', 'link', 'show', 'master', bridge], { allowFailure: true }).match(/vnet\d+/g) ?? [];

const bridgeOf = (networkId: string) => `ikn${networkId.replace(/-/g, '').slice(0, 12)}`;

async function makeTeam(): Promise<Team> {
  const account = await createLiveAccount(server!.url);
  const teams = await fetch(`${server!.url}/user/api/v1/teams`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  const teamId = ((await teams.json()) as { teams: { id: string }[] }).teams[0]!.id;
  await fundTeam(server!.database.db, teamId);
  return { token: account.token, teamId };
}

async function makeGuest(team: Team, publicKey: string): Promise<Guest> {
  const created = await api(
    team,
    'POST',
    '/computes',
    computeRequest({
      operatingSystemId: 'debian-12',
      instanceTypeId: 's-1vcpu-1gb',
      authentication: { method: 'ssh-key', publicKey },
    }),
    { 'Idempotency-Key': `private-network-${Math.random()}` },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id, hostname, ipv4 } = created.body.compute;
  return { id, hostname, ipv4, team };
}

beforeAll(async () => {
  ownInterfacesBefore = ownInterfaces();
  netns = await createNetnsLibvirt(`${GATEWAY}/28`, `${CLIENT}/28`);
  pool = createTestPool(undefined, undefined, netns.uri);
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-private-network-'));
  keyDir = mkdtempSync(join(tmpdir(), 'ikirere-private-network-key-'));
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'tester@private',
    '-f',
    join(keyDir, 'id'),
  ]);
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    COMPUTE_DRIVER: 'libvirt',
    LIBVIRT_BOOT_TIMEOUT: String(BOOT_MS / 1000),
    LIBVIRT_HOSTS: libvirtHostsJson(pool, [
      {
        name: 'kgl1-bridge',
        uri: netns.uri,
        // KVM fails on this machine (README: Acceleration): three guests falling back to emulation at
        // once would only slow the boots; they run emulated from the start.
        acceleration: 'emulated',
        // This server is outside the namespace: the serial console's login prompt says a guest is up.
        network: {
          mode: 'bridge',
          bridge: netns.bridge,
          ipv4: BLOCK,
          nameservers: [GATEWAY],
          probeSsh: false,
        },
      },
    ]),
  });
  server = await startServer(config, { logger: createLogger('silent') });
  teamA = await makeTeam();
  teamB = await makeTeam();
  const publicKey = readFileSync(join(keyDir, 'id.pub'), 'utf8').trim();
  a1 = await makeGuest(teamA, publicKey);
  a2 = await makeGuest(teamA, publicKey);
  b1 = await makeGuest(teamB, publicKey);
  await Promise.all([a1, a2, b1].map((guest) => waitFor(guest, 'running')));
  console.info(
    `private networks: three guests running after ${Math.round((Date.now() - startedAt) / 1000)} s`,
  );
}, BOOT_MS + 300_000);

afterAll(async () => {
  // The three destroyed at once, each waited for.
  await Promise.all(
    [a1, a2, b1].filter(Boolean).map(async (guest) => {
      const gone = await api(guest.team, 'DELETE', `/computes/${guest.id}`, {
        confirmHostname: guest.hostname,
      });
      if (gone.status !== 202) return;
      await until(
        'the compute to be destroyed',
        () => statusOf(guest),
        (status) => status === 'gone',
      ).catch(() => undefined);
    }),
  );
  await server?.close();
  pool?.remove();
  netns?.remove();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(keyDir, { recursive: true, force: true });
  console.info(`private networks: the file took ${Math.round((Date.now() - startedAt) / 1000)} s`);
}, 600_000);

describe('private networks on a libvirt host', () => {
  it(
    'let two computes of a team reach each other on their private addresses: one joined running, one stopped',
    async () => {
      // a2 stops; meanwhile team A makes its network and a1 joins it while running.
      expect((await api(teamA, 'POST', `/computes/${a2.id}/actions`, { type: 'shutdown' })).status).toBe(202);
      const made = await api(teamA, 'POST', '/networks', { name: 'backend', ipv4Block: PRIVATE });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      networkA = made.body.network.id;
      expect(made.body.network.isolation).toBe('host');
      const joinedAt = Date.now();
      const first = await api(teamA, 'POST', `/networks/${networkA}/members`, { computeId: a1.id });
      const answeredAfter = Date.now() - joinedAt;
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.network.members).toEqual([
        expect.objectContaining({ computeId: a1.id, address: '10.20.0.1' }),
      ]);
      // The hot-plugged card is in the running domain and in its definition, on the network's own bridge.
      expect(cardsOf(a1)).toContain(`ikirere-net-${networkA}`);
      expect(cardsOf(a1, true)).toContain('52:54:0a:14:00:01');
      // The test image sees the new card, reads its rewritten seed again and sets the address up.
      await until(
        'a1 to set up its private card',
        async () => addressesOn(a1, 'eth1'),
        (text) => text === '10.20.0.1/24',
      );
      console.info(
        `private networks: a running guest's join answered after ${answeredAfter} ms, its address was up after ${Date.now() - joinedAt} ms`,
      );

      await waitFor(a2, 'stopped');
      const second = await api(teamA, 'POST', `/networks/${networkA}/members`, { computeId: a2.id });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(cardsOf(a2, true)).toContain('52:54:0a:14:00:02');
      expect((await api(teamA, 'POST', `/computes/${a2.id}/actions`, { type: 'power_on' })).status).toBe(202);
      await waitFor(a2, 'running');
      // Set up from its seed at boot: the address, no gateway and no name server of the private network.
      expect(addressesOn(a2, 'eth1')).toBe('10.20.0.2/24');
      expect(ssh(a2, 'ip route')).not.toMatch(/default via 10\.20/);

      expect(pings(a1, '10.20.0.2')).toBe(true);
      expect(pings(a2, '10.20.0.1')).toBe(true);
      // A TCP service of a2 answers a1 on the private address.
      ssh(a2, 'mkdir -p /tmp/www && hostname >/tmp/www/name && httpd -p 8080 -h /tmp/www');
      expect(ssh(a1, 'timeout 15 wget -q -O - http://10.20.0.2:8080/name')).toBe(a2.hostname);
      // The network's bridge holds the two members' cards and nothing of the host's: no address on it.
      expect(tapsOn(bridgeOf(networkA))).toHaveLength(2);
      expect(netns.exec(['ip', '-4', '-o', 'addr', 'show', 'dev', bridgeOf(networkA)])).toBe('');
    },
    BOOT_MS + 300_000,
  );

  it('keep another team’s compute on the same block out', async () => {
    const made = await api(teamB, 'POST', '/networks', { name: 'backend', ipv4Block: PRIVATE });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    networkB = made.body.network.id;
    const joined = await api(teamB, 'POST', `/networks/${networkB}/members`, { computeId: b1.id });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    // The same address as a1, on a network (a bridge) of its own.
    expect(joined.body.network.members[0].address).toBe('10.20.0.1');
    await until(
      'b1 to set up its private card',
      async () => addressesOn(b1, 'eth1'),
      (text) => text === '10.20.0.1/24',
    );
    expect(tapsOn(bridgeOf(networkB))).toHaveLength(1);
    expect(pings(b1, '10.20.0.2')).toBe(false);
    expect(ssh(b1, 'timeout 15 wget -q -O - http://10.20.0.2:8080/name || echo refused')).toBe('refused');
    // Team A's computes still reach each other, the same page too.
    expect(pings(a1, '10.20.0.2')).toBe(true);
    expect(ssh(a1, 'timeout 15 wget -q -O - http://10.20.0.2:8080/name')).toBe(a2.hostname);
    // Another team's network is not found for team A.
    expect((await api(teamA, 'GET', `/networks/${networkB}`)).status).toBe(404);
  });

  it(
    'keep a member on its network through a rebuild: the domain defined again with its card, the fresh seed with its address',
    async () => {
      const rebuilt = await api(teamB, 'POST', `/computes/${b1.id}/rebuild`, {
        operatingSystemId: 'debian-12',
        authentication: { method: 'ssh-key', publicKey: readFileSync(join(keyDir, 'id.pub'), 'utf8').trim() },
        confirmHostname: b1.hostname,
      });
      expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(202);
      await waitFor(b1, 'running');
      expect(cardsOf(b1, true)).toContain(`ikirere-net-${networkB}`);
      expect(addressesOn(b1, 'eth1')).toBe('10.20.0.1/24');
      expect(tapsOn(bridgeOf(networkB))).toHaveLength(1);
      expect(pings(b1, '10.20.0.2')).toBe(false);
    },
    BOOT_MS,
  );

  it('stop reaching a compute that left: its card is unplugged from the running guest', async () => {
    const left = await api(teamA, 'DELETE', `/networks/${networkA}/members/${a2.id}`);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.network.members.map((member: { computeId: string }) => member.computeId)).toEqual([
      a1.id,
    ]);
    expect(cardsOf(a2)).not.toContain(`ikirere-net-${networkA}`);
    expect(cardsOf(a2, true)).not.toContain(`ikirere-net-${networkA}`);
    await until(
      'a2 to lose its private card',
      async () => ssh(a2, 'ls /sys/class/net'),
      (names) => !names.includes('eth1'),
    );
    expect(pings(a1, '10.20.0.2')).toBe(false);
    expect(tapsOn(bridgeOf(networkA))).toHaveLength(1);
  });

  it('take the cards and the host’s networks away when the networks are deleted', async () => {
    expect((await api(teamA, 'DELETE', `/networks/${networkA}`)).status).toBe(204);
    expect((await api(teamB, 'DELETE', `/networks/${networkB}`)).status).toBe(204);
    expect(cardsOf(a1, true)).not.toContain('52:54:0a:14:00:01');
    await until(
      'a1 to lose its private card',
      async () => ssh(a1, 'ls /sys/class/net'),
      (names) => !names.includes('eth1'),
    );
    const networks = virshSync(['net-list', '--all'], { uri: netns.uri });
    expect(networks).not.toContain(networkA);
    expect(networks).not.toContain(networkB);
    expect(netns.exec(['ip', '-o', 'link', 'show'])).not.toContain(bridgeOf(networkA));
    // The public side is as it was: the guests still answer there.
    expect(ssh(a1, 'hostname')).toBe(a1.hostname);
  });

  it('leaves this machine’s own interfaces as they were', () => {
    expect(ownInterfaces()).toBe(ownInterfacesBefore);
    const own = execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' });
    expect(own).not.toContain(bridgeOf(networkA));
    expect(own).not.toContain(bridgeOf(networkB));
  });
});
