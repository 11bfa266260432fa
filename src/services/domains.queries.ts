// Query options for domains and their records, under the spec's cache keys (SPEC §3): domains, dnsRecords.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchDomain, fetchDomains, fetchRecords, type RecordFilters } from './domains.api';

/** Every cached domain entry of a team (lists and single domains): what a change invalidates. */
export const teamDomainsKey = (teamId: string) => ['domains', teamId] as const;

export const domainsQuery = (teamId: string, search?: string) =>
  queryOptions({ queryKey: ['domains', teamId, { search }], queryFn: () => fetchDomains(teamId, search) });

export const domainQuery = (teamId: string, id: string) =>
  queryOptions({ queryKey: ['domains', teamId, id], queryFn: () => fetchDomain(teamId, id) });

/** Every page of a zone's records for these filters, as the table scrolls. */
export const recordsQuery = (teamId: string, domainId: string, filters: RecordFilters) =>
  infiniteQueryOptions({
    queryKey: ['dnsRecords', teamId, domainId, filters],
    queryFn: ({ pageParam }) => fetchRecords(teamId, domainId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
