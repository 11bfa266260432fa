// Backups and each compute's backup settings, as stored and as the API shows them.
import { and, desc, eq } from 'drizzle-orm';
import type { Backup, BackupStatus } from '@/contract/backups';
import { computeBackupSettings, computeBackups } from '../db/schema';
import { readColumns } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';

export type BackupRow = typeof computeBackups.$inferSelect;
export type BackupSettingsRow = typeof computeBackupSettings.$inferSelect;

export function toBackup(row: BackupRow): Backup {
  return {
    id: row.id,
    teamId: row.teamId,
    computeId: row.computeId,
    status: row.status as BackupStatus,
    kind: row.kind as Backup['kind'],
    sizeBytes: row.sizeBytes,
    virtualSizeBytes: row.virtualSizeBytes,
    message: readColumns(row),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The compute's backups, newest first. */
export async function listBackups(db: Queryable, computeId: string): Promise<BackupRow[]> {
  return db
    .select()
    .from(computeBackups)
    .where(eq(computeBackups.computeId, computeId))
    .orderBy(desc(computeBackups.createdAt), desc(computeBackups.id));
}

/** The team's backup; another team's answers undefined, like one that never was. */
export async function findBackup(
  db: Queryable,
  teamId: string,
  backupId: string,
): Promise<BackupRow | undefined> {
  const [row] = await db
    .select()
    .from(computeBackups)
    .where(and(eq(computeBackups.id, backupId), eq(computeBackups.teamId, teamId)));
  return row;
}

export async function lockBackup(db: Queryable, backupId: string): Promise<BackupRow | undefined> {
  const [row] = await db.select().from(computeBackups).where(eq(computeBackups.id, backupId)).for('update');
  return row;
}

export async function settingsOf(db: Queryable, computeId: string): Promise<BackupSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(computeBackupSettings)
    .where(eq(computeBackupSettings.computeId, computeId));
  return row;
}
