// Where verification documents live: a directory outside the web root (UPLOADS_DIR, by default
// DATA_DIR/uploads) that the server never serves by path. Files get random names without extension and
// owner-only, non-executable permissions; nothing a person typed reaches the file system.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const STORAGE_NAME = /^[0-9a-f]{48}$/;

export class UploadStore {
  private ready: Promise<unknown> | undefined;

  constructor(readonly dir: string) {}

  /** Stores the bytes under a new random name and answers that name. */
  async save(bytes: Uint8Array): Promise<string> {
    this.ready ??= mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.ready;
    const name = randomBytes(24).toString('hex');
    // wx: never overwrite, even in the impossible case of a repeated random name.
    await writeFile(join(this.dir, name), bytes, { mode: 0o600, flag: 'wx' });
    return name;
  }

  async read(storageName: string): Promise<Buffer> {
    return readFile(this.pathOf(storageName));
  }

  /** Best effort: a file already gone is not an error (a retried delete, a cleaned-up directory). */
  async remove(storageNames: readonly string[]): Promise<void> {
    await Promise.all(storageNames.map((name) => rm(this.pathOf(name), { force: true })));
  }

  private pathOf(storageName: string): string {
    // Names come from the database, but a path is only ever built from a name of our own shape.
    if (!STORAGE_NAME.test(storageName)) throw new Error('not a storage name');
    return join(this.dir, storageName);
  }
}
