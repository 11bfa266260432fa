// Starts one real server for the end-to-end files; each file opens its own browser against it.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { removeDataDir, type ServerProcess, startServerProcess } from '../../scripts/server-process';

let server: ServerProcess | undefined;

export async function setup(project: TestProject) {
  // The operator of this installation, for journeys where a verification decision arrives.
  const operatorToken = randomBytes(32).toString('hex');
  // Billing sweeps every 2 s instead of every minute, so a compute's first hour shows within the journey.
  server = await startServerProcess({ OPERATOR_TOKEN: operatorToken, BILLING_SWEEP_SECONDS: '2' });
  project.provide('baseUrl', server.url);
  project.provide('dnsPort', server.dnsPort);
  project.provide('operatorToken', operatorToken);
}

export async function teardown() {
  if (!server) return;
  const code = await server.stop();
  removeDataDir(server.dataDir);
  if (code !== 0) console.error(`The e2e server exited with code ${code}:\n${server.output()}`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dnsPort: number;
    operatorToken: string;
  }
}
