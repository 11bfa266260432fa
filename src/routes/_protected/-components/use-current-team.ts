// The team the console is showing, kept fresh from the `user-teams` query (renames, role changes).
import { useQuery } from '@tanstack/react-query';
import { type AnyRouter, useRouteContext } from '@tanstack/react-router';
import type { Team } from '../../../contract/teams';
import { loadedQueryClient } from '../../../services/query-client';
import { writeStorage } from '../../../services/storage';
import { userTeamsQuery } from '../../../services/teams.queries';

export function useCurrentTeam(): Team | null {
  const chosen = useRouteContext({ from: '/_protected', select: (context) => context.team });
  const { data } = useQuery(userTeamsQuery());
  if (!chosen) return null;
  return data?.teams.find((team) => team.id === chosen.id) ?? chosen;
}

/** Shows another team: remembered as `previousTeam`, every page's data refetched for it. */
export async function switchTeam(router: AnyRouter, teamId: string): Promise<void> {
  writeStorage('previousTeam', teamId);
  await loadedQueryClient()?.invalidateQueries();
  await router.invalidate();
  await router.navigate({ to: '/overview' });
}
