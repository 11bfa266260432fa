// Backups turned on or off, made now, restored: the compute's list follows (the socket also tells the other
// open consoles), and so does its history.
import type { QueryClient } from '@tanstack/react-query';
import type { RestoreBackupRequest } from '@/contract/backups';
import { backUpNow, restoreBackup, setBackupsEnabled } from './backups.api';
import { backupKeys } from './backups.queries';
import { computeKeys } from './computes.queries';
import { useWrite } from './mutation';

const refresh = (teamId: string, computeId: string) => (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: backupKeys.list(teamId, computeId) }),
    queryClient.invalidateQueries({ queryKey: computeKeys.history(teamId, computeId) }),
  ]);

export const useSetBackupsEnabled = (teamId: string, computeId: string) =>
  useWrite((enabled: boolean) => setBackupsEnabled(teamId, computeId, enabled), refresh(teamId, computeId));

export const useBackUpNow = (teamId: string, computeId: string) =>
  useWrite(() => backUpNow(teamId, computeId), refresh(teamId, computeId));

export const useRestoreBackup = (teamId: string, computeId: string) =>
  useWrite(
    (input: { backupId: string; body: RestoreBackupRequest; idempotencyKey: string }) =>
      restoreBackup(teamId, computeId, input.backupId, input.body, input.idempotencyKey),
    refresh(teamId, computeId),
  );
