// Runs the real server as its own process, the way `npm start` does, on a free port with a fresh data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const START_LIMIT_MS = 300_000;

export interface ServerProcess {
  url: string;
  port: number;
  /** The embedded DNS server's port (UDP and TCP on 127.0.0.1). */
  dnsPort: number;
  dataDir: string;
  child: ChildProcess;
  /** What the server printed, for failure messages. */
  output: () => string;
  /** SIGTERM, then waits for the process to exit; returns its exit code. */
  stop: () => Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startServerProcess(
  env: Record<string, string> = {},
  {
    dataDir = mkdtempSync(join(tmpdir(), 'ikirere-e2e-')),
    port: fixedPort,
  }: { dataDir?: string; port?: number } = {},
): Promise<ServerProcess> {
  const port = fixedPort ?? (await freePort());
  let dnsPort = await freePort();
  while (dnsPort === port) dnsPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DNS_HOST: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      // Every test browser is 127.0.0.1 and a journey may sign the same address in twice within a minute:
      // the send limits would otherwise throttle the suite (the server tests check them at their defaults).
      CODE_SENDS_PER_IP: '100000',
      CODE_TRIES_PER_IP: '100000',
      CODE_RESEND_SECONDS: '0',
      CODE_SENDS_PER_HOUR: '1000',
      // Simulated machines change state in a tenth of their usual time, so journeys wait seconds, not minutes.
      SIMULATOR_SPEED: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // A bound for a start that hangs, not a pace: it answers as soon as it is healthy, and a 2-core machine
  // busy with other work took 81-99 s to start it (migrations on a fresh PGlite, TypeScript loaded by tsx).
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within ${START_LIMIT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    dnsPort: Number(env.DNS_PORT ?? dnsPort),
    dataDir,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}
