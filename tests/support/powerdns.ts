// A throwaway PowerDNS Authoritative Server (Debian's pdns_server with the SQLite backend) for the adapter's
// tests: its own temporary directory, database, DNS port and API port, stopped and removed afterwards.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const POWERDNS_INSTALL_COMMAND = 'sudo apt-get install -y pdns-server pdns-backend-sqlite3 sqlite3';

const PDNS_SERVER_PATHS = ['/usr/sbin/pdns_server', '/usr/local/sbin/pdns_server'];
const SQLITE3_PATHS = ['/usr/bin/sqlite3', '/usr/local/bin/sqlite3'];
// Where Debian's pdns-backend-sqlite3 puts the schema (`dpkg -L pdns-backend-sqlite3`).
const SCHEMA_PATHS = [
  '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql',
  '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql',
];

export interface PowerDns {
  /** The API's base URL (http://127.0.0.1:<port>), what POWERDNS_URL would say. */
  url: string;
  apiKey: string;
  serverId: 'localhost';
  /** Where it answers DNS, UDP and TCP. */
  host: string;
  dnsPort: number;
  /** Calls the API directly (for arranging what the adapter must leave alone). */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** What pdns_server has written to stdout and stderr so far (its log). */
  output(): string;
  stop(): Promise<void>;
}

function firstExisting(paths: string[]): string | undefined {
  return paths.find((path) => existsSync(path));
}

/** Throws the one command that installs what is missing, so a machine without PowerDNS fails, loudly. */
function requireInstalled(): { pdnsServer: string; sqlite3: string; schema: string } {
  const pdnsServer = firstExisting(PDNS_SERVER_PATHS);
  const sqlite3 = firstExisting(SQLITE3_PATHS);
  const schema = firstExisting(SCHEMA_PATHS);
  if (!pdnsServer || !sqlite3 || !schema) {
    const missing = [!pdnsServer && 'pdns_server', !schema && 'its SQLite schema', !sqlite3 && 'sqlite3']
      .filter(Boolean)
      .join(', ');
    throw new Error(
      `PowerDNS is needed for these tests and ${missing} is not installed. Install it with:\n  ${POWERDNS_INSTALL_COMMAND}\n(.ci/run does this on a fresh machine.)`,
    );
  }
  return { pdnsServer, sqlite3, schema };
}

/** A port free on 127.0.0.1 for TCP and, when `udp`, for UDP too (DNS listens on both). */
export async function freePort(udp: boolean): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (!udp) return port;
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
  throw new Error('no free port found on 127.0.0.1');
}

/**
 * Starts pdns_server in the foreground (no guardian, no daemon, no syslog) and resolves once its API
 * answers; rejects with its own output when it exits or does not answer within 15 s.
 */
export async function startPowerDns(): Promise<PowerDns> {
  const { pdnsServer, sqlite3, schema } = requireInstalled();
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-pdns-'));
  const database = join(directory, 'pdns.sqlite3');
  execFileSync(sqlite3, [database], { input: await readFile(schema) });

  const apiKey = randomBytes(18).toString('base64url');
  const dnsPort = await freePort(true);
  const apiPort = await freePort(false);
  const settings = {
    launch: 'gsqlite3',
    'gsqlite3-database': database,
    // Signing keys live in the backend's tables, which the SQL backends only use when told to.
    'gsqlite3-dnssec': 'yes',
    'local-address': '127.0.0.1',
    'local-port': dnsPort,
    webserver: 'yes',
    'webserver-address': '127.0.0.1',
    'webserver-port': apiPort,
    'webserver-allow-from': '127.0.0.0/8',
    api: 'yes',
    'api-key': apiKey,
    'socket-dir': directory,
    // No look-ups of its own on the internet (the security status poll), and few threads on a shared CPU.
    'security-poll-suffix': '',
    'receiver-threads': 1,
    'distributor-threads': 1,
    loglevel: 4,
  };
  await writeFile(
    join(directory, 'pdns.conf'),
    `${Object.entries(settings)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
  );

  const child: ChildProcess = spawn(
    pdnsServer,
    [`--config-dir=${directory}`, '--daemon=no', '--guardian=no', '--disable-syslog', '--write-pid=no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  // A test run that ends without calling stop() (a crash, an interrupted run) takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => {
    running = false;
    process.off('exit', killOnExit);
  });

  const url = `http://127.0.0.1:${apiPort}`;
  const api: PowerDns['api'] = async (method, path, body) => {
    const response = await fetch(`${url}/api/v1/servers/localhost${path}`, {
      method,
      headers: { 'X-API-Key': apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    const text = await response.text();
    let parsed: unknown = text || undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Some answers (404 on an unknown URL) are plain text.
    }
    return { status: response.status, body: parsed };
  };

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(directory, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`pdns_server exited before its API answered:\n${output}`);
    }
    const ready = await api('GET', '').then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`pdns_server's API did not answer within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, apiKey, serverId: 'localhost', host: '127.0.0.1', dnsPort, api, output: () => output, stop };
}
