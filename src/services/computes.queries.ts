// The catalog and computes in the cache, under the spec's keys (SPEC §3): locations, operating-systems,
// computes (every list and count of a team) and compute (one compute, its history and metrics).
// Queries, mutations and the socket handler all name entries through computeKeys, and only the
// functions here know what shape each entry has.
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { Compute, ComputeStatus, MetricsRange } from '@/contract/computes';
import {
  type ComputeFilters,
  fetchCompute,
  fetchComputeHistory,
  fetchComputeMetrics,
  fetchComputes,
  fetchComputeUserData,
  fetchInstanceTypes,
  fetchLocations,
  fetchOperatingSystems,
} from './computes.api';

export const catalogKeys = {
  locations: () => ['locations'] as const,
  operatingSystems: () => ['operating-systems'] as const,
  instanceTypes: () => ['instance-types'] as const,
};

export const computeKeys = {
  /** Every list and count of the team's computes. */
  all: (teamId: string) => ['computes', teamId] as const,
  /** The paged lists (one per filter), as the computes page scrolls. */
  lists: (teamId: string) => ['computes', teamId, 'list'] as const,
  list: (teamId: string, filters: ComputeFilters) => ['computes', teamId, 'list', filters] as const,
  /** How many computes the team has (in a status), without their rows. */
  counts: (teamId: string) => ['computes', teamId, 'count'] as const,
  count: (teamId: string, status: ComputeStatus | null) => ['computes', teamId, 'count', status] as const,
  /** One compute and everything read about it (history, metrics). */
  detail: (teamId: string, id: string) => ['compute', teamId, id] as const,
  history: (teamId: string, id: string) => ['compute', teamId, id, 'history'] as const,
  userData: (teamId: string, id: string) => ['compute', teamId, id, 'user-data'] as const,
  metrics: (teamId: string, id: string, range: MetricsRange) =>
    ['compute', teamId, id, 'metrics', range] as const,
};

const catalog = { staleTime: 10 * 60_000 };

export const locationsQuery = () =>
  queryOptions({ queryKey: catalogKeys.locations(), queryFn: fetchLocations, ...catalog });
export const operatingSystemsQuery = () =>
  queryOptions({ queryKey: catalogKeys.operatingSystems(), queryFn: fetchOperatingSystems, ...catalog });
export const instanceTypesQuery = () =>
  queryOptions({ queryKey: catalogKeys.instanceTypes(), queryFn: fetchInstanceTypes, ...catalog });

/** Every page of the team's computes for these filters, as the list scrolls. */
export const computesQuery = (teamId: string, filters: ComputeFilters) =>
  infiniteQueryOptions({
    queryKey: computeKeys.list(teamId, filters),
    queryFn: ({ pageParam }) => fetchComputes(teamId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** How many computes the team has, all or in one status (the overview's figures). */
export const computeCountQuery = (teamId: string, status: ComputeStatus | null = null) =>
  queryOptions({
    queryKey: computeKeys.count(teamId, status),
    queryFn: async () => (await fetchComputes(teamId, status ? { status } : {}, undefined, 1)).total,
  });

export const computeQuery = (teamId: string, id: string) =>
  queryOptions({ queryKey: computeKeys.detail(teamId, id), queryFn: () => fetchCompute(teamId, id) });

/** The text of its user-data, read apart from the compute (which only says its kind) where it is shown. */
export const computeUserDataQuery = (teamId: string, id: string) =>
  queryOptions({
    queryKey: computeKeys.userData(teamId, id),
    queryFn: async () => (await fetchComputeUserData(teamId, id)).userData,
  });

export const computeHistoryQuery = (teamId: string, id: string) =>
  queryOptions({
    queryKey: computeKeys.history(teamId, id),
    queryFn: () => fetchComputeHistory(teamId, id),
  });

export const computeMetricsQuery = (teamId: string, id: string, range: MetricsRange) =>
  queryOptions({
    queryKey: computeKeys.metrics(teamId, id, range),
    queryFn: () => fetchComputeMetrics(teamId, id, range),
    refetchInterval: range === '1h' ? 30_000 : 5 * 60_000,
  });

type ComputePages = InfiniteData<Awaited<ReturnType<typeof fetchComputes>>, string | undefined>;

function isComputePages(data: unknown): data is ComputePages {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as ComputePages).pages) &&
    (data as ComputePages).pages.every((page) => Array.isArray(page?.computes))
  );
}

/** Replaces one compute in every cached list page of its team, or (with `next` null) drops it. */
function patchComputeLists(
  queryClient: QueryClient,
  teamId: string,
  id: string,
  next: Compute | null,
): boolean {
  let found = false;
  queryClient.setQueriesData<unknown>({ queryKey: computeKeys.lists(teamId) }, (data: unknown) => {
    if (!isComputePages(data)) return data;
    const pages = data.pages.map((page) => {
      if (!page.computes.some((compute) => compute.id === id)) return page;
      found = true;
      return next
        ? { ...page, computes: page.computes.map((compute) => (compute.id === id ? next : compute)) }
        : { ...page, computes: page.computes.filter((compute) => compute.id !== id), total: page.total - 1 };
    });
    return found ? { ...data, pages } : data;
  });
  return found;
}

/** Stores a compute as the server now describes it, unless the cache already holds a newer state. */
export function storeCompute(queryClient: QueryClient, compute: Compute): boolean {
  const key = computeKeys.detail(compute.teamId, compute.id);
  const known = queryClient.getQueryData<Compute>(key);
  // Messages can overtake an answer the console is about to store: never go back in time.
  if (known && Date.parse(known.updatedAt) > Date.parse(compute.updatedAt)) return false;
  queryClient.setQueryData(key, compute);
  // User-data changes only when a rebuild starts (kept, replaced or removed): read it again then.
  if (known && (known.userDataKind !== compute.userDataKind || compute.status === 'rebuilding')) {
    void queryClient.invalidateQueries({ queryKey: computeKeys.userData(compute.teamId, compute.id) });
  }
  return true;
}

/** Whether a list's rows depend on what a compute is (filtered or sorted by status), not only on its id. */
function isSelective(filters: ComputeFilters | undefined): boolean {
  return Boolean(
    filters?.search || filters?.status || filters?.location || filters?.tag || filters?.sort === 'status_asc',
  );
}

/**
 * A compute changed (here or elsewhere): its rows change in place at once, without refetching thousands
 * of rows for one status. Lists that filter or sort by what changed refetch to place it again, and so do
 * all of them when none held it yet (a compute made elsewhere); the counts follow.
 */
export function refreshComputeLists(queryClient: QueryClient, compute: Compute): void {
  const listed = patchComputeLists(queryClient, compute.teamId, compute.id, compute);
  void queryClient.invalidateQueries({
    queryKey: computeKeys.lists(compute.teamId),
    predicate: (query) => !listed || isSelective(query.queryKey[3] as ComputeFilters | undefined),
  });
  void queryClient.invalidateQueries({ queryKey: computeKeys.counts(compute.teamId) });
}

/**
 * A compute destroyed (here or elsewhere): an open page of it learns so from its cached entry (status
 * `destroyed`) instead of refetching into a 404, and every list drops it.
 */
export function forgetCompute(queryClient: QueryClient, teamId: string, id: string): void {
  queryClient.setQueryData<Compute>(computeKeys.detail(teamId, id), (known) =>
    known ? { ...known, status: 'destroyed' } : known,
  );
  patchComputeLists(queryClient, teamId, id, null);
  void queryClient.invalidateQueries({ queryKey: computeKeys.counts(teamId) });
}
