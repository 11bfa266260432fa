// The server's settings, read from environment variables once at start and checked before anything opens.
import { isAbsolute, resolve } from 'node:path';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path; holds the embedded database (pglite/) and the lock file. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  logLevel: LogLevel;
  /** Absolute path of the built console (the output of `npm run build`). */
  staticDir: string;
}

export interface ConfigVariable {
  name: string;
  /** What applies when the variable is unset or empty; undefined when unset means "off". */
  default: string | undefined;
  description: string;
}

/** Every variable the server reads; the README's table is checked against this list. */
export const configVariables: readonly ConfigVariable[] = [
  {
    name: 'PORT',
    default: '3000',
    description: 'TCP port serving the console, the API and the WebSocket (0 picks a free port).',
  },
  {
    name: 'HOST',
    default: '127.0.0.1',
    description: 'Address to listen on; use 0.0.0.0 to accept connections from other machines.',
  },
  {
    name: 'DATA_DIR',
    default: './.data',
    description: 'Directory for the embedded database and the lock that keeps a second server out.',
  },
  {
    name: 'DATABASE_URL',
    default: undefined,
    description:
      'PostgreSQL connection string (postgres://…); when unset, the embedded PGlite in DATA_DIR is used.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: `Log verbosity: ${LOG_LEVELS.join(', ')}. Logs are JSON lines on stdout.`,
  },
  {
    name: 'STATIC_DIR',
    default: './dist',
    description: 'Directory of the built console that the server serves (`npm run build` writes it).',
  },
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads and checks the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  // An empty value counts as unset, so `PORT= npm start` behaves like leaving it out.
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const path = (name: string, fallback: string) => {
    const value = read(name) ?? fallback;
    return isAbsolute(value) ? value : resolve(cwd, value);
  };

  const portText = read('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}").`);
  }

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/ikirere.',
    );
  }

  const logLevelText = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  const logLevel = LOG_LEVELS.find((level) => level === logLevelText);
  if (logLevel === undefined) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevelText}").`);
  }

  if (problems.length > 0 || logLevel === undefined) throw new ConfigError(problems);
  return {
    port,
    host: read('HOST') ?? '127.0.0.1',
    dataDir: path('DATA_DIR', './.data'),
    databaseUrl,
    logLevel,
    staticDir: path('STATIC_DIR', './dist'),
  };
}

function isPostgresUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}
