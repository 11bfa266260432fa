// A compute's backups (src/contract/backups.ts): the list with the settings, on/off, back up now, restore.
import {
  backupListSchema,
  backupSchema,
  backupSettingsSchema,
  type RestoreBackupRequest,
  restoreBackupResponseSchema,
} from '@/contract/backups';
import { resourceManagerClient as client, json } from './http';

const backups = (teamId: string, computeId: string) =>
  `teams/${encodeURIComponent(teamId)}/computes/${encodeURIComponent(computeId)}/backups`;

export const fetchBackups = (teamId: string, computeId: string) =>
  json(backupListSchema, () => client.get(backups(teamId, computeId)));

export const setBackupsEnabled = (teamId: string, computeId: string, enabled: boolean) =>
  json(backupSettingsSchema, () =>
    client.put(`${backups(teamId, computeId)}/settings`, { json: { enabled } }),
  );

export const backUpNow = (teamId: string, computeId: string) =>
  json(backupSchema, () => client.post(backups(teamId, computeId)));

/** A restore into a new compute sends an Idempotency-Key: a retry never makes a second compute. */
export const restoreBackup = (
  teamId: string,
  computeId: string,
  backupId: string,
  body: RestoreBackupRequest,
  idempotencyKey: string,
) =>
  json(restoreBackupResponseSchema, () =>
    client.post(`${backups(teamId, computeId)}/${encodeURIComponent(backupId)}/restore`, {
      json: body,
      headers: body.target === 'new' ? { 'Idempotency-Key': idempotencyKey } : {},
      retry: 0,
    }),
  );
