// One database per test file, cloned from the migrated snapshot made in tests/setup/server-global.ts:
// PGlite in memory by default, a scratch PostgreSQL database when DATABASE_URL is set.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db';
import { createScratchDatabase, postgresUrl } from './postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL runs: the scratch database, for code that connects by URL (startServer). */
  url: string | undefined;
  dispose(): Promise<void>;
}

export const databaseKind: DatabaseHandle['kind'] = postgresUrl ? 'postgres' : 'pglite';

export async function openTestDatabase(): Promise<TestDatabase> {
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, inject('postgresTemplate'));
    const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
    return {
      handle,
      url: scratch.url,
      dispose: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const snapshot = new Blob([await readFile(inject('pgliteSnapshotPath'))]);
  const handle = await openDatabase({ kind: 'pglite', snapshot });
  return { handle, url: undefined, dispose: () => handle.close() };
}
