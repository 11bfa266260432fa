// Starts one real server for the end-to-end files; each file opens its own browser against it.
import type { TestProject } from 'vitest/node';
import { removeDataDir, type ServerProcess, startServerProcess } from '../../scripts/server-process';

let server: ServerProcess | undefined;

export async function setup(project: TestProject) {
  server = await startServerProcess();
  project.provide('baseUrl', server.url);
  project.provide('dnsPort', server.dnsPort);
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
  }
}
