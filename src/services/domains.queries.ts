// Domains and their records in the cache, under the spec's keys (SPEC §3): domains (a team's zones) and
// dnsRecords (a zone's records, one entry per filter). Queries, mutations and the socket handler all
// name entries through domainKeys.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchDomains, fetchRecords, type RecordFilters } from './domains.api';

export const domainKeys = {
  /** The team's zones (one small list: the pages search it in the browser). */
  list: (teamId: string) => ['domains', teamId] as const,
  /** Every filtered list of one zone's records. */
  records: (teamId: string, domainId: string) => ['dnsRecords', teamId, domainId] as const,
  recordList: (teamId: string, domainId: string, filters: RecordFilters) =>
    ['dnsRecords', teamId, domainId, filters] as const,
};

export const domainsQuery = (teamId: string) =>
  queryOptions({ queryKey: domainKeys.list(teamId), queryFn: () => fetchDomains(teamId) });

/** Every page of a zone's records for these filters, as the table scrolls. */
export const recordsQuery = (teamId: string, domainId: string, filters: RecordFilters) =>
  infiniteQueryOptions({
    queryKey: domainKeys.recordList(teamId, domainId, filters),
    queryFn: ({ pageParam }) => fetchRecords(teamId, domainId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
