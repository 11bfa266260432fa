// Independent DNS tools from Debian's packages, driven by the tests: dig asks, delv (bind9-dnsutils) validates
// answers against a trust anchor, ldns-verify-zone (ldnsutils) and kzonecheck (knot-dnssecutils) check a
// whole signed zone, kdig (knot-dnsutils) asks and transfers, and knotd (knot) runs as a secondary.
// Every one is pointed at 127.0.0.1 only; the test zones name 127.0.0.x name servers.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TsigKey } from '../../server/dns/tsig';
import { freePort } from './powerdns';

const run = promisify(execFile);

export const DNS_TOOLS_INSTALL_COMMAND =
  'sudo apt-get install -y bind9-dnsutils ldnsutils knot knot-dnsutils knot-dnssecutils nsd';

const TOOLS = {
  dig: '/usr/bin/dig',
  delv: '/usr/bin/delv',
  'ldns-verify-zone': '/usr/bin/ldns-verify-zone',
  kzonecheck: '/usr/bin/kzonecheck',
  kdig: '/usr/bin/kdig',
  knotd: '/usr/sbin/knotd',
  nsd: '/usr/sbin/nsd',
} as const;

/** The path of a tool, or an error naming the command that installs it (so the test fails, loudly). */
export function tool(name: keyof typeof TOOLS): string {
  const path = TOOLS[name];
  if (!existsSync(path)) {
    throw new Error(
      `${name} is needed for these tests and is not installed. Install it with:\n  ${DNS_TOOLS_INSTALL_COMMAND}\n(.ci/run does this on a fresh machine.)`,
    );
  }
  return path;
}

export interface ToolOutput {
  stdout: string;
  stderr: string;
  /** Both, as a person at a terminal reads them (delv writes its verdict to stderr). */
  output: string;
  code: number;
}

export async function runTool(
  name: keyof typeof TOOLS,
  args: string[],
  timeoutMs = 10_000,
): Promise<ToolOutput> {
  try {
    const { stdout, stderr } = await run(tool(name), args, { timeout: timeoutMs });
    return { stdout, stderr, output: `${stdout}${stderr}`, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number | string };
    if (typeof failed.code !== 'number') throw error;
    const [stdout, stderr] = [failed.stdout ?? '', failed.stderr ?? ''];
    return { stdout, stderr, output: `${stdout}${stderr}`, code: failed.code };
  }
}

/** A BIND trust-anchors file for one zone's DNSKEY (`257 3 13 base64…`). */
export async function trustAnchorFile(directory: string, zone: string, dnskey: string): Promise<string> {
  const [flags, protocol, algorithm, key] = dnskey.split(' ');
  const path = join(directory, `anchor-${zone}-${flags}-${key!.slice(0, 8).replace(/\W/g, '')}.conf`);
  await writeFile(
    path,
    `trust-anchors { "${zone}." static-key ${flags} ${protocol} ${algorithm} "${key}"; };\n`,
  );
  return path;
}

/** delv against our server as if it were a resolver, validating with the zone's own key as trust anchor. */
export async function delv(
  port: number,
  anchor: string,
  zone: string,
  name: string,
  type: string,
): Promise<ToolOutput> {
  return runTool('delv', ['@127.0.0.1', '-p', String(port), '-a', anchor, `+root=${zone}`, name, type]);
}

/** kdig's presentation of an AXFR (`-y` with the key, or none), comments stripped. */
export async function axfr(port: number, zone: string, key?: TsigKey): Promise<ToolOutput> {
  const args = ['@127.0.0.1', '-p', String(port), zone, 'AXFR'];
  if (key) args.push('-y', `${key.algorithm}:${key.name}:${key.secret.toString('base64')}`);
  return runTool('kdig', args);
}

export interface Secondary {
  port: number;
  /** What knotd has logged so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * knotd as a secondary of our server for `zones`: its own config and storage in a temporary directory,
 * one UDP and one TCP worker on a free loopback port, transfers and NOTIFY signed with `key`.
 */
export async function startKnotSecondary(options: {
  primaryPort: number;
  key: TsigKey;
  zones: string[];
  port?: number;
}): Promise<Secondary> {
  const knotd = tool('knotd');
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-knot-'));
  const port = options.port ?? (await freePort(true));
  const { key } = options;
  await writeFile(
    join(directory, 'knot.conf'),
    `server:
    rundir: "${directory}"
    listen: 127.0.0.1@${port}
    udp-workers: 1
    tcp-workers: 1
    background-workers: 1
database:
    storage: "${directory}"
log:
  - target: stdout
    any: info
key:
  - id: ${key.name}
    algorithm: ${key.algorithm}
    secret: ${key.secret.toString('base64')}
remote:
  - id: primary
    address: 127.0.0.1@${options.primaryPort}
    key: ${key.name}
acl:
  - id: notify-from-primary
    address: 127.0.0.1
    key: ${key.name}
    action: notify
template:
  - id: default
    storage: "${directory}"
    zonefile-sync: -1
zone:
${options.zones.map((zone) => `  - domain: ${zone}\n    master: primary\n    acl: notify-from-primary\n`).join('')}`,
  );
  return supervise(knotd, ['-c', join(directory, 'knot.conf')], directory, port);
}

/** A process we started, stopped with SIGTERM (its output kept for the test to read). */
function supervise(command: string, args: string[], directory: string, port: number): Secondary {
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => {
    running = false;
    process.off('exit', killOnExit);
  });
  return {
    port,
    output: () => output,
    stop: async () => {
      if (running) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * NLnet Labs' nsd as a secondary of our server for `zones`: its own config and state in a temporary
 * directory, one server process on a free loopback port, transfers and NOTIFY signed with `key`.
 */
export async function startNsdSecondary(options: {
  primaryPort: number;
  key: TsigKey;
  zones: string[];
  port?: number;
}): Promise<Secondary> {
  const nsd = tool('nsd');
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-nsd-'));
  const port = options.port ?? (await freePort(true));
  const { key } = options;
  await writeFile(
    join(directory, 'nsd.conf'),
    `server:
    ip-address: 127.0.0.1@${port}
    zonesdir: "${directory}"
    database: ""
    pidfile: "${join(directory, 'nsd.pid')}"
    xfrdfile: "${join(directory, 'xfrd.state')}"
    xfrdir: "${directory}"
    zonelistfile: "${join(directory, 'zone.list')}"
    username: ""
    server-count: 1
    verbosity: 2
remote-control:
    control-enable: no
key:
    name: ${key.name}
    algorithm: ${key.algorithm}
    secret: "${key.secret.toString('base64')}"
${options.zones
  .map(
    (zone) => `zone:
    name: ${zone}
    zonefile: "${zone}.zone"
    request-xfr: 127.0.0.1@${options.primaryPort} ${key.name}
    allow-notify: 127.0.0.1 ${key.name}
`,
  )
  .join('')}`,
  );
  return supervise(nsd, ['-d', '-c', join(directory, 'nsd.conf')], directory, port);
}

/** Calls `probe` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
