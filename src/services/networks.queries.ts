// The team's private networks in the cache: the list (which the compute's Networks tab reads too, since
// every network names its members) and each network; the socket's network messages invalidate them here.
import { queryOptions } from '@tanstack/react-query';
import { fetchNetwork, fetchNetworks } from './networks.api';

export const networkKeys = {
  /** The list and every network of the team. */
  all: (teamId: string) => ['networks', teamId] as const,
  list: (teamId: string) => ['networks', teamId, 'list'] as const,
  detail: (teamId: string, id: string) => ['networks', teamId, 'detail', id] as const,
};

export const networksQuery = (teamId: string) =>
  queryOptions({ queryKey: networkKeys.list(teamId), queryFn: () => fetchNetworks(teamId) });

export const networkQuery = (teamId: string, id: string) =>
  queryOptions({ queryKey: networkKeys.detail(teamId, id), queryFn: () => fetchNetwork(teamId, id) });
