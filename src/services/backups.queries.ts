// A compute's backups in the cache: one entry per compute, which the socket's backups.changed invalidates.
import { queryOptions } from '@tanstack/react-query';
import { fetchBackups } from './backups.api';

export const backupKeys = {
  list: (teamId: string, computeId: string) => ['backups', teamId, computeId] as const,
};

export const backupsQuery = (teamId: string, computeId: string) =>
  queryOptions({
    queryKey: backupKeys.list(teamId, computeId),
    queryFn: () => fetchBackups(teamId, computeId),
  });
