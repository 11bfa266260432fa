// The compute a /computes/$id page shows (its layout's loader has it in the cache), kept live by the
// socket (services/live-updates.ts). `gone` once it was destroyed, here or anywhere else.
import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Team } from '@/contract/teams';
import { orNotFound } from '@/routes/_protected/-components/not-in-team';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { computeQuery } from '@/services/computes.queries';
import { ApiError } from '@/services/http';

export function useCompute(id: string) {
  const team = useTeam();
  const { data: compute, error } = useSuspenseQuery(computeQuery(team.id, id));
  const gone = compute.status === 'destroyed' || (error instanceof ApiError && error.status === 404);
  return { team, compute, gone };
}

/** The loader of every page of one compute: its layout's and each tab's read the same entry. */
export const loadCompute = ({
  context: { queryClient, team },
  params,
}: {
  context: { queryClient: QueryClient; team: Team };
  params: { id: string };
}) => orNotFound(queryClient.ensureQueryData(computeQuery(team.id, params.id)));
