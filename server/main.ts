// Entry point (`tsx server/main.ts`): reads the environment, starts the server and stops it on SIGTERM or
// SIGINT within 10 s. Importing this file only exposes startServer for scripts and end-to-end tests.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { DatabaseStartError } from './db';
import { DataDirLockedError } from './db/data-dir-lock';
import { createLogger } from './logger';
import { PortInUseError, startServer } from './start-server';

export { type RunningServer, startServer } from './start-server';

/** The hard limit on a shutdown; a hung database or client must not keep the process alive. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);

  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  let stopping = false;
  const stop = (server: NonNullable<typeof running>) => {
    setTimeout(() => {
      logger.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  const shutdown = (signal: NodeJS.Signals) => {
    // One stop, however many signals ask for it: `npm start` passes the signal on to this process too, so a
    // signal to the whole process group (what a service manager sends) arrives here twice.
    if (stopping) {
      logger.info({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    logger.info(
      { signal },
      running ? 'stop requested' : 'stop requested during start-up; stopping once started',
    );
    if (running) stop(running);
  };
  // Listening before the start: a signal during start-up waits for it, then stops as gracefully as any other.
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('SIGHUP', shutdown);

  try {
    running = await startServer(config, { logger });
  } catch (error) {
    const known =
      error instanceof DataDirLockedError ||
      error instanceof PortInUseError ||
      error instanceof DatabaseStartError;
    logger.fatal({ err: known ? undefined : error }, known ? error.message : 'the server could not start');
    if (known) process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }

  // Logs are JSON for machines; a person starting the console wants the address in plain words.
  process.stderr.write(`\n  Ikirere console: ${running.url}\n  Stop with Ctrl-C.\n\n`);
  if (stopping) stop(running);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
