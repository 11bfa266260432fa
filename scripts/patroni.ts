// PostgreSQL made highly available the way the README's "High availability" section lays it out, on loopback
// ports from Debian's packages (tests/ha and `npm run bench`): three etcd members (Patroni's consensus
// store), two PostgreSQL nodes under Patroni with synchronous replication, and HAProxy sending connections
// to whichever node Patroni's REST API calls the primary. No systemd: every process is started here, with
// its configuration and data in one temporary directory, and stopped by stop().
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

export const PATRONI = '/usr/bin/patroni';
export const ETCD = '/usr/bin/etcd';
export const HAPROXY = '/usr/sbin/haproxy';

/** Patroni's timings: the primary's leader key lives `ttl` seconds in etcd unless renewed every `loopWait`. */
const TTL_SECONDS = 8;
const LOOP_WAIT_SECONDS = 1;
const RETRY_TIMEOUT_SECONDS = 3;

export interface PatroniNode {
  name: string;
  /** PostgreSQL's port (reach it through HAProxy instead). */
  pgPort: number;
  /** Patroni's REST API: /primary answers 200 on the primary only, /sync on the synchronous standby. */
  restPort: number;
  dataDir: string;
  /** The running Patroni, or undefined after kill() until restart(). */
  patroni: ChildProcess | undefined;
}

export interface PatroniDeployment {
  /** HAProxy's port: connections reach the current primary. */
  port: number;
  /** A superuser URL for database `name` through HAProxy. */
  url(name: string): string;
  nodes: PatroniNode[];
  /** The node Patroni's REST API calls the primary now, if any. */
  primary(): Promise<PatroniNode | undefined>;
  /** Resolves once one node is the primary and the other its synchronous standby, streaming. */
  waitHealthy(timeoutMs?: number): Promise<{ primary: PatroniNode; standby: PatroniNode }>;
  /** The node lost at once: SIGKILL to its Patroni, its postmaster and every process the postmaster began. */
  kill(node: PatroniNode): void;
  /** Patroni started again on the node's data directory: it rejoins as a standby (pg_rewind when needed). */
  restart(node: PatroniNode): void;
  /** What the processes wrote, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export function postgresBinDir(): string {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(a) - Number(b));
  const version = versions.at(-1);
  if (!version) throw new Error('No PostgreSQL server under /usr/lib/postgresql: apt-get install postgresql');
  return `/usr/lib/postgresql/${version}/bin`;
}

async function get(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  logs: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Direct children of `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

export async function startPatroniDeployment(): Promise<PatroniDeployment> {
  const missing = [PATRONI, ETCD, HAPROXY].filter((binary) => !existsSync(binary));
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} missing: apt-get install --no-install-recommends patroni etcd-server haproxy (.ci/run does)`,
    );
  }
  const root = mkdtempSync(join(tmpdir(), 'ikirere-patroni-'));
  const owner = postgresUser();
  if (owner) chownSync(root, owner.uid, owner.gid);
  const children: ChildProcess[] = [];
  const logFiles: string[] = [];
  const binDir = postgresBinDir();
  const scope = `ikirere-ha-${randomBytes(4).toString('hex')}`;

  const launch = (name: string, command: string, args: string[], asPostgres = false): ChildProcess => {
    const logFile = join(root, `${name}.log`);
    if (!logFiles.includes(logFile)) logFiles.push(logFile);
    const fd = openSync(logFile, 'a');
    if (owner && asPostgres) chownSync(logFile, owner.uid, owner.gid);
    const child = spawn(command, args, {
      stdio: ['ignore', fd, fd],
      cwd: root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: root },
      ...(asPostgres && owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    closeSync(fd);
    children.push(child);
    return child;
  };
  const logs = () =>
    logFiles
      .map((file) => {
        try {
          return `── ${file}\n${readFileSync(file, 'utf8').split('\n').slice(-40).join('\n')}`;
        } catch {
          return '';
        }
      })
      .join('\n');

  // ── etcd: three members ──
  const etcd: { name: string; client: number; peer: number }[] = [];
  for (let index = 1; index <= 3; index++) {
    etcd.push({ name: `etcd${index}`, client: await freePort(), peer: await freePort() });
  }
  const initialCluster = etcd.map((m) => `${m.name}=http://127.0.0.1:${m.peer}`).join(',');
  for (const member of etcd) {
    launch(member.name, ETCD, [
      `--name=${member.name}`,
      `--data-dir=${join(root, member.name)}`,
      `--listen-client-urls=http://127.0.0.1:${member.client}`,
      `--advertise-client-urls=http://127.0.0.1:${member.client}`,
      `--listen-peer-urls=http://127.0.0.1:${member.peer}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${member.peer}`,
      `--initial-cluster=${initialCluster}`,
      '--initial-cluster-state=new',
      `--initial-cluster-token=${scope}`,
      '--log-level=warn',
    ]);
  }

  // ── Patroni: two PostgreSQL nodes ──
  const nodes: PatroniNode[] = [];
  for (const name of ['pg1', 'pg2']) {
    const dir = join(root, name);
    mkdirSync(dir);
    if (owner) chownSync(dir, owner.uid, owner.gid);
    nodes.push({
      name,
      pgPort: await freePort(),
      restPort: await freePort(),
      dataDir: join(dir, 'data'),
      patroni: undefined,
    });
  }
  const configFile = (node: PatroniNode) => join(root, node.name, 'patroni.yml');
  for (const node of nodes) {
    const dir = join(root, node.name);
    // JSON is YAML: Patroni reads it as its configuration file.
    const config = {
      scope,
      namespace: '/ikirere/',
      name: node.name,
      log: { level: process.env.PATRONI_LOG_LEVEL ?? 'WARNING' },
      restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
      etcd3: { hosts: etcd.map((m) => `127.0.0.1:${m.client}`) },
      bootstrap: {
        dcs: {
          ttl: TTL_SECONDS,
          loop_wait: LOOP_WAIT_SECONDS,
          retry_timeout: RETRY_TIMEOUT_SECONDS,
          maximum_lag_on_failover: 1_048_576,
          // A commit is acknowledged once the synchronous standby has it: an acknowledged write survives
          // the loss of the primary, and only that standby may be promoted.
          synchronous_mode: true,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              wal_log_hints: 'on',
              max_wal_senders: 5,
              max_replication_slots: 5,
              max_connections: 100,
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, 'data-checksums'],
        pg_hba: [
          'local all all trust',
          'host replication all 127.0.0.1/32 trust',
          'host all all 127.0.0.1/32 trust',
        ],
      },
      postgresql: {
        listen: `127.0.0.1:${node.pgPort}`,
        connect_address: `127.0.0.1:${node.pgPort}`,
        data_dir: node.dataDir,
        bin_dir: binDir,
        pgpass: join(dir, 'pgpass'),
        authentication: {
          superuser: { username: 'postgres', password: 'postgres' },
          replication: { username: 'replicator', password: 'replicator' },
          rewind: { username: 'postgres', password: 'postgres' },
        },
        parameters: { unix_socket_directories: dir },
      },
    };
    writeFileSync(configFile(node), JSON.stringify(config, null, 2));
    if (owner) chownSync(configFile(node), owner.uid, owner.gid);
  }
  const startNode = (node: PatroniNode) => {
    node.patroni = launch(node.name, PATRONI, [configFile(node)], true);
  };

  // ── HAProxy: to the node whose Patroni answers 200 on /primary ──
  const port = await freePort();
  const haproxyConfig = join(root, 'haproxy.cfg');
  writeFileSync(
    haproxyConfig,
    `global
  maxconn 400
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen postgres
  bind 127.0.0.1:${port}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fastinter 250ms fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.pgPort} maxconn 150 check port ${node.restPort}`).join('\n')}
`,
  );

  const primary = async () => {
    for (const node of nodes) {
      if (node.patroni && (await get(`http://127.0.0.1:${node.restPort}/primary`)) === 200) return node;
    }
    return undefined;
  };
  const waitHealthy = async (timeoutMs = 90_000) =>
    until(
      'a primary and its synchronous standby',
      async () => {
        const found = await primary();
        if (!found) return undefined;
        const standby = nodes.find((node) => node !== found);
        if (!standby?.patroni) return undefined;
        if ((await get(`http://127.0.0.1:${standby.restPort}/sync`)) !== 200) return undefined;
        return { primary: found, standby };
      },
      timeoutMs,
      logs,
    );

  const deployment: PatroniDeployment = {
    port,
    url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    nodes,
    primary,
    waitHealthy,
    kill(node) {
      const postmaster = postmasterPid(node.dataDir);
      if (node.patroni?.pid) signal(node.patroni.pid, 'SIGKILL');
      if (postmaster) {
        const backends = childrenOf(postmaster);
        signal(postmaster, 'SIGKILL');
        for (const pid of backends) signal(pid, 'SIGKILL');
      }
      node.patroni = undefined;
    },
    restart(node) {
      startNode(node);
    },
    logs,
    async stop() {
      for (const node of nodes) {
        if (node.patroni) deployment.kill(node);
      }
      for (const child of children) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await Promise.all(children.map((child) => exited(child)));
      // A postmaster whose Patroni was killed before it: end it too.
      for (const node of nodes) {
        const postmaster = postmasterPid(node.dataDir);
        if (postmaster) {
          for (const pid of childrenOf(postmaster)) signal(pid, 'SIGKILL');
          signal(postmaster, 'SIGKILL');
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };

  try {
    await until(
      'etcd answering healthy',
      async () => {
        for (const member of etcd) {
          if ((await get(`http://127.0.0.1:${member.client}/health`)) !== 200) return undefined;
        }
        return true;
      },
      30_000,
      logs,
    );
    // The first node bootstraps the cluster (initdb), the second clones it (pg_basebackup) once it leads.
    startNode(nodes[0]!);
    await until('the first node leading', primary, 60_000, logs);
    startNode(nodes[1]!);
    launch('haproxy', HAPROXY, ['-db', '-f', haproxyConfig]);
    await waitHealthy();
    return deployment;
  } catch (error) {
    await deployment.stop();
    throw error;
  }
}
