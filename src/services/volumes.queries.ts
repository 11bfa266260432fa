// The team's volumes in the cache: the list (all, or one compute's), each volume with its history, and
// the storage prices; the socket's volume messages invalidate them through these keys.
import { queryOptions } from '@tanstack/react-query';
import { fetchStoragePrices, fetchVolume, fetchVolumes } from './volumes.api';

export const volumeKeys = {
  /** Every list and volume of the team. */
  all: (teamId: string) => ['volumes', teamId] as const,
  lists: (teamId: string) => ['volumes', teamId, 'list'] as const,
  list: (teamId: string, computeId: string | null) => ['volumes', teamId, 'list', computeId] as const,
  detail: (teamId: string, id: string) => ['volumes', teamId, 'detail', id] as const,
  storagePrices: () => ['storage-prices'] as const,
};

export const volumesQuery = (teamId: string, computeId: string | null = null) =>
  queryOptions({
    queryKey: volumeKeys.list(teamId, computeId),
    queryFn: () => fetchVolumes(teamId, computeId ?? undefined),
  });

export const volumeQuery = (teamId: string, id: string) =>
  queryOptions({ queryKey: volumeKeys.detail(teamId, id), queryFn: () => fetchVolume(teamId, id) });

export const storagePricesQuery = () =>
  queryOptions({ queryKey: volumeKeys.storagePrices(), queryFn: fetchStoragePrices, staleTime: 10 * 60_000 });
