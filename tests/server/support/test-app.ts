// The app as the server builds it, on a per-file test database, with logs captured instead of printed.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { type App, type AppDeps, createApp } from '../../../server/app';
import type { DatabaseHandle } from '../../../server/db';
import { createLogger } from '../../../server/logger';

export interface LogCapture {
  lines: Record<string, unknown>[];
  stream: Writable;
}

export function captureLogs(): LogCapture {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

export interface TestApp {
  app: App;
  logs: LogCapture;
  staticDir: string;
}

/** A build directory that does not exist: what a fresh clone has before `npm run build`. */
export function emptyStaticDir(): string {
  return join(tmpdir(), `ikirere-no-build-${randomUUID()}`);
}

export function buildTestApp(database: DatabaseHandle, overrides: Partial<AppDeps> = {}): TestApp {
  const logs = captureLogs();
  const staticDir = overrides.staticDir ?? emptyStaticDir();
  const app = createApp({
    database,
    logger: createLogger('info', logs.stream),
    verifyResponses: true,
    ...overrides,
    staticDir,
  });
  return { app, logs, staticDir };
}
