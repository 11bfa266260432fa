// What the console does with pushed messages: computes change in every cached list and detail at once,
// without a reload (and without refetching 10,000 rows for one status change).
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Compute } from '../contract/computes';
import type { ServerMessage } from '../contract/socket';

interface ComputePage {
  computes: Compute[];
  nextCursor: string | null;
  total: number;
}

type ComputePages = InfiniteData<ComputePage, string | undefined>;

/** Replaces (or, with `remove`, drops) one compute in every cached page of the team's lists. */
function patchLists(queryClient: QueryClient, teamId: string, id: string, next: Compute | null): boolean {
  let found = false;
  queryClient.setQueriesData<ComputePages>({ queryKey: ['computes', teamId] }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        if (!page.computes.some((compute) => compute.id === id)) return page;
        found = true;
        return next
          ? { ...page, computes: page.computes.map((compute) => (compute.id === id ? next : compute)) }
          : {
              ...page,
              computes: page.computes.filter((compute) => compute.id !== id),
              total: page.total - 1,
            };
      }),
    };
  });
  return found;
}

export function applyServerMessage(queryClient: QueryClient, message: ServerMessage): void {
  if (message.type === 'compute.updated') {
    const { compute } = message;
    const known = queryClient.getQueryData<Compute>(['compute', compute.teamId, compute.id]);
    // Messages can overtake an answer the console is about to store: never go back in time.
    if (known && Date.parse(known.updatedAt) > Date.parse(compute.updatedAt)) return;
    queryClient.setQueryData(['compute', compute.teamId, compute.id], compute);
    // A compute the lists don't have yet (made elsewhere) makes them refetch to place it.
    if (!patchLists(queryClient, compute.teamId, compute.id, compute)) {
      void queryClient.invalidateQueries({ queryKey: ['computes', compute.teamId] });
    }
    void queryClient.invalidateQueries({ queryKey: ['compute', compute.teamId, compute.id, 'history'] });
    void queryClient.invalidateQueries({ queryKey: ['team-limits', compute.teamId] });
    return;
  }
  if (message.type === 'compute.deleted') {
    patchLists(queryClient, message.teamId, message.computeId, null);
    queryClient.removeQueries({ queryKey: ['compute', message.teamId, message.computeId] });
    void queryClient.invalidateQueries({ queryKey: ['team-limits', message.teamId] });
    return;
  }
  if (message.type === 'domain.updated') {
    // Delegation changed (seen by the background check): the domain pages read it from the team's list.
    void queryClient.invalidateQueries({ queryKey: ['domains', message.domain.teamId] });
  }
}
