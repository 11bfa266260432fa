// Servers starting together on one empty PostgreSQL database: the migrations run once, and both read the
// same installation.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { ensureInstanceSettings } from '../../server/db/instance-settings';
import { createScratchDatabase } from '../server/support/postgres';
import { ALL_TABLES, appliedMigrations, journal, tables } from '../server/support/schema-tables';
import { requirePostgres } from './support';

describe('PostgreSQL from DATABASE_URL', () => {
  it('migrates an empty database once, even when two servers start together, and keeps the instance', async () => {
    const scratch = await createScratchDatabase(requirePostgres());
    try {
      const [a, b] = await Promise.all([
        openDatabase({ kind: 'postgres', url: scratch.url }),
        openDatabase({ kind: 'postgres', url: scratch.url }),
      ]);
      const [fromA, fromB] = await Promise.all([ensureInstanceSettings(a.db), ensureInstanceSettings(b.db)]);
      expect(fromA).toEqual(fromB);
      expect(await tables(a)).toEqual(ALL_TABLES);
      await Promise.all([a.close(), b.close()]);

      const restarted = await openDatabase({ kind: 'postgres', url: scratch.url });
      try {
        expect(await appliedMigrations(restarted)).toBe(journal.entries.length);
        expect(await ensureInstanceSettings(restarted.db)).toEqual(fromA);
      } finally {
        await restarted.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});
