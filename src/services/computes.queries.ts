// Query options for the catalog and computes, under the spec's cache keys (SPEC §3): locations,
// operating-systems, computes, compute.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MetricsRange } from '../contract/computes';
import {
  type ComputeFilters,
  fetchCompute,
  fetchComputeHistory,
  fetchComputeMetrics,
  fetchComputes,
  fetchInstanceTypes,
  fetchLocations,
  fetchOperatingSystems,
} from './computes.api';

const catalog = { staleTime: 10 * 60_000 };

export const locationsQuery = () =>
  queryOptions({ queryKey: ['locations'], queryFn: fetchLocations, ...catalog });
export const operatingSystemsQuery = () =>
  queryOptions({ queryKey: ['operating-systems'], queryFn: fetchOperatingSystems, ...catalog });
export const instanceTypesQuery = () =>
  queryOptions({ queryKey: ['instance-types'], queryFn: fetchInstanceTypes, ...catalog });

/** Every page of the team's computes for these filters, as the list scrolls. */
export const computesQuery = (teamId: string, filters: ComputeFilters) =>
  infiniteQueryOptions({
    queryKey: ['computes', teamId, filters],
    queryFn: ({ pageParam }) => fetchComputes(teamId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const computeQuery = (teamId: string, id: string) =>
  queryOptions({ queryKey: ['compute', teamId, id], queryFn: () => fetchCompute(teamId, id) });

export const computeHistoryQuery = (teamId: string, id: string) =>
  queryOptions({
    queryKey: ['compute', teamId, id, 'history'],
    queryFn: () => fetchComputeHistory(teamId, id),
  });

export const computeMetricsQuery = (teamId: string, id: string, range: MetricsRange) =>
  queryOptions({
    queryKey: ['compute', teamId, id, 'metrics', range],
    queryFn: () => fetchComputeMetrics(teamId, id, range),
    refetchInterval: range === '1h' ? 30_000 : 5 * 60_000,
  });
