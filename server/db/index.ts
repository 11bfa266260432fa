// Opens the database the server runs on: embedded PGlite (default) or PostgreSQL, both migrated from
// server/db/migrations at open, so every other module sees the same drizzle API and the same tables.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;

/** What both drivers' raw query results share, so `db.execute(sql…)` gives typed rows on either. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
interface RowsResult<Row> {
  rows: (Row extends Record<string, unknown> ? Row : Record<string, unknown>)[];
}
export type Database = PgDatabase<RowsResultHKT, Schema>;
/** The `tx` handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
export const PGLITE_SUBDIR = 'pglite';

// Any fixed number works; it only has to be the same for every server sharing one PostgreSQL database.
const MIGRATION_LOCK_KEY = 7_314_159;
const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 60_000;

interface HandleBase {
  readonly db: Database;
  /** Resolves when the database answers a trivial query; rejects when it is closed or unreachable. */
  ping(): Promise<void>;
  /** Idempotent; releases the data directory lock after PGlite has flushed. */
  close(): Promise<void>;
}

/** Runs at the start of every transaction on PostgreSQL, before its body: may refuse it by throwing. */
export type TransactionGuard = (tx: Transaction) => Promise<void>;

export type DatabaseHandle =
  | (HandleBase & { readonly kind: 'pglite'; readonly client: PGlite })
  | (HandleBase & {
      readonly kind: 'postgres';
      readonly pool: pg.Pool;
      readonly url: string;
      /**
       * Sets the check every transaction begins with (servers sharing the database: the leader's fence,
       * server/cluster/fencing.ts).
       */
      guardTransactions(guard: TransactionGuard): void;
    });

export type DatabaseOptions =
  | {
      kind: 'pglite';
      /** Holds pglite/ and the lock file; undefined keeps the database in memory (tests). */
      dataDir?: string;
      /** A tarball from PGlite's dumpDataDir to start from instead of an empty database. */
      snapshot?: Blob;
      migrate?: boolean;
    }
  | { kind: 'postgres'; url: string; migrate?: boolean; onPoolError?: (error: Error) => void };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const lock: DataDirLock | undefined = options.dataDir
    ? await acquireDataDirLock(options.dataDir)
    : undefined;
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: join(options.dataDir, PGLITE_SUBDIR) } : {}),
      ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    });
    const pgliteDb = drizzlePglite({ client, schema });
    if (options.migrate !== false) await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
    const db: Database = pgliteDb;
    const opened = client;
    let closing: Promise<void> | undefined;
    return {
      kind: 'pglite',
      client: opened,
      db,
      ping: () => ping(db),
      close: () => {
        closing ??= (async () => {
          try {
            if (!opened.closed) await opened.close();
          } finally {
            lock?.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

async function openPostgres(
  options: Extract<DatabaseOptions, { kind: 'postgres' }>,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    // Bounded waits, so a database that cannot serve (failing over, cut off) gives a quick 503, not a hang:
    // a connection is made within 5 s or given up; a statement runs at most a minute; a dead peer that sends
    // no reset (a network cut) is noticed by TCP keepalives.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
  });
  // An idle client dropped by the server would otherwise surface as an uncaught error and end the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  // So would a client checked out of the pool (a transaction between two statements) whose connection ends
  // under it: the pool listens to idle clients only. Nothing to do here: the statement it runs next fails
  // (a 503), and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  try {
    if (options.migrate !== false) await migrateWithLock(options.url);
    const db: Database = drizzlePostgres({ client: pool, schema });
    let guard: TransactionGuard | undefined;
    const begin = db.transaction.bind(db);
    db.transaction = ((body, config) =>
      begin(async (tx) => {
        if (guard) await guard(tx);
        return body(tx);
      }, config)) as Database['transaction'];
    await ping(db);
    let closing: Promise<void> | undefined;
    return {
      kind: 'postgres',
      pool,
      url: options.url,
      db,
      guardTransactions: (next) => {
        guard = next;
      },
      ping: () => ping(db),
      close: () => {
        closing ??= pool.end();
        return closing;
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseStartError(options.url, error);
  }
}

/** Names the database (never the password) and what went wrong, for the operator reading the start log. */
export class DatabaseStartError extends Error {
  constructor(url: string, cause: unknown) {
    const { hostname, port, pathname } = new URL(url);
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `Could not open the PostgreSQL database ${pathname.slice(1)} on ${hostname}:${port || 5432} (DATABASE_URL): ${reason}`,
      { cause },
    );
    this.name = 'DatabaseStartError';
  }
}

// Several servers may share one PostgreSQL database and start together; an advisory lock held on one
// dedicated connection makes them apply the migrations one after the other instead of racing.
async function migrateWithLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
