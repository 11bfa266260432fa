// Runs once before the server tests: migrates one database and keeps it as the snapshot every test file
// clones, so no file pays for initdb (PGlite) or migrations (PostgreSQL) again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { createScratchDatabase, postgresUrl } from '../server/support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: path of a dumpDataDir tarball of a freshly migrated database. */
    pgliteSnapshotPath: string;
    /** PostgreSQL runs: name of a migrated database to use as CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (postgresUrl) {
    const template = await createScratchDatabase(postgresUrl);
    const database = await openDatabase({ kind: 'postgres', url: template.url });
    await database.close();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteSnapshotPath', '');
    return () => template.drop();
  }

  const directory = await mkdtemp(join(tmpdir(), 'ikirere-snapshot-'));
  const database = await openDatabase({ kind: 'pglite' });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  const tarball = await database.client.dumpDataDir('none');
  await database.close();
  const path = join(directory, 'migrated.tar');
  await writeFile(path, new Uint8Array(await tarball.arrayBuffer()));
  project.provide('pgliteSnapshotPath', path);
  project.provide('postgresTemplate', '');
  return () => rm(directory, { recursive: true, force: true });
}
