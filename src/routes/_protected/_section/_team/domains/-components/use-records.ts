// The records of a zone for a filter, page by page as the table scrolls (the page's loader fetched the first).
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Domain } from '@/contract/domains';
import type { RecordFilters } from '@/services/domains.api';
import { recordsQuery } from '@/services/domains.queries';

export function useRecords(domain: Domain, filters: RecordFilters) {
  const list = useSuspenseInfiniteQuery(recordsQuery(domain.teamId, domain.id, filters));
  const records = useMemo(() => list.data.pages.flatMap((page) => page.records), [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { list, records, total: list.data.pages[0]?.total ?? 0, loadMore };
}
