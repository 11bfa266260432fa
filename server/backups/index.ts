// Backups of computes: the service (settings, backups, restores, the daily sweep), its routes, the files.
import type { ComputesForBackups } from '../computes/backups-port';
import type { Database } from '../db';
import type { Routes } from '../http/routes';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { BackupFiles } from './backup-files';
import { BackupService, type BackupServiceDeps } from './backup-service';
import { backupsRoutes } from './backups.routes';

export { BackupService } from './backup-service';

export function createBackupService(options: {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  computes: ComputesForBackups;
  retention: number;
  chargeDay: BackupServiceDeps['chargeDay'];
  /** Where the backups' files live (DATA_DIR/backups on a server). */
  directory: string;
}): BackupService {
  const { directory, ...deps } = options;
  return new BackupService({ ...deps, files: new BackupFiles(directory) });
}

export function backupResources(service: BackupService): Routes[] {
  return [backupsRoutes(service)];
}
