// The loaders of a zone's record pages: the zone from the team's list (by name or id), then the first
// page of its records for the filter. A zone the team doesn't have is the layout's not-found page.
import type { QueryClient } from '@tanstack/react-query';
import type { RecordFilters } from '@/services/domains.api';
import { domainsQuery, recordsQuery } from '@/services/domains.queries';
import { findDomain } from './use-domain';

export async function ensureRecords(
  queryClient: QueryClient,
  teamId: string,
  nameOrId: string,
  filters: RecordFilters,
): Promise<void> {
  const { domains } = await queryClient.ensureQueryData(domainsQuery(teamId));
  const domain = findDomain(domains, nameOrId);
  if (domain) await queryClient.ensureInfiniteQueryData(recordsQuery(teamId, domain.id, filters));
}
