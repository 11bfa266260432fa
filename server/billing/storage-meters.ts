// What the volume and image services tell billing, inside their own transactions, so that what is metered
// is exactly what was made: a volume exists from its create request (once its disk is made) until it is
// deleted, at each size it was grown to; a team image from becoming available until it is deleted, at its
// file's size. Each call writes billing's own row for the thing (storage_meters); the usage sweep charges
// from it (storage-metering.ts). A failed create or capture never starts a meter.
import { and, eq, sql } from 'drizzle-orm';
import type { StorageKind } from '@/contract/billing';
import { storageAccruals, storageMeters } from '../db/schema';
import type { Queryable } from '../tenancy/team-record';

export interface StorageMeter {
  /** The thing exists from `at` at `sizeGb` (billed GB). */
  start(
    tx: Queryable,
    input: { id: string; teamId: string; kind: StorageKind; name: string; sizeGb: number; at: Date },
  ): Promise<void>;
  /** Hours starting from `at` on are charged at `sizeGb`. */
  resize(tx: Queryable, id: string, sizeGb: number, at: Date): Promise<void>;
  /** What its invoice line and usage call it from now on. */
  rename(tx: Queryable, id: string, name: string, at: Date): Promise<void>;
  /** Deleted at `at`: no hour starts after it. A thing never metered (a failed image) is no error. */
  end(tx: Queryable, id: string, at: Date): Promise<void>;
}

export const storageMeter: StorageMeter = {
  async start(tx, { id, teamId, kind, name, sizeGb, at }) {
    await tx
      .insert(storageMeters)
      .values({
        id,
        teamId,
        kind,
        name,
        startedAt: at,
        endedAt: null,
        sizes: [{ from: at.toISOString(), gb: sizeGb }],
        nextMeterAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing();
  },

  async resize(tx, id, sizeGb, at) {
    const entry = JSON.stringify([{ from: at.toISOString(), gb: sizeGb }]);
    await tx
      .update(storageMeters)
      .set({ sizes: sql`${storageMeters.sizes} || ${entry}::jsonb`, updatedAt: at })
      .where(eq(storageMeters.id, id));
  },

  async rename(tx, id, name, at) {
    await tx.update(storageMeters).set({ name, updatedAt: at }).where(eq(storageMeters.id, id));
    await tx
      .update(storageAccruals)
      .set({ name, updatedAt: at })
      .where(and(eq(storageAccruals.meterId, id), sql`${storageAccruals.postedSeq} is null`));
  },

  async end(tx, id, at) {
    await tx
      .update(storageMeters)
      .set({ endedAt: at, updatedAt: at })
      .where(and(eq(storageMeters.id, id), sql`${storageMeters.endedAt} is null`));
  },
};
