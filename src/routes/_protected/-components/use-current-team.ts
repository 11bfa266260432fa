// Which team the console shows. The protected area chooses it (the one used last, else the first); the
// team-scoped layouts (_team) guarantee one to the pages below them. Both read it fresh from the
// `user-teams` query, which live updates keep true (a rename, a role change).
import { useQuery } from '@tanstack/react-query';
import { type AnyRouter, useRouteContext } from '@tanstack/react-router';
import { showToast } from '@/app-actors';
import type { Team } from '@/contract/teams';
import { t } from '@/i18n';
import { loadedQueryClient } from '@/services/query-client';
import { readStorage, writeStorage } from '@/services/storage';
import { userTeamsQuery } from '@/services/teams.queries';

function useFresh(chosen: Team | null | undefined): Team | null {
  const { data } = useQuery(userTeamsQuery());
  if (!chosen) return null;
  return data?.teams.find((team) => team.id === chosen.id) ?? chosen;
}

/** The team shown, if the user has one (the header, account settings, an invitation). */
export function useCurrentTeam(): Team | null {
  return useFresh(useRouteContext({ from: '/_protected', select: (context) => context.team }));
}

/** The team of a page inside a team-scoped layout: always there. */
export function useTeam(): Team {
  const chosen = useRouteContext({ strict: false, select: (context) => context.team });
  const team = useFresh(chosen);
  if (!team) throw new Error('useTeam() is for pages inside a team-scoped layout (_team).');
  return team;
}

/**
 * Shows another team: remembered as `previousTeam`, and the console opens on its overview. Every
 * team's data is cached under its own id, so nothing of the old team needs refetching.
 */
export async function switchTeam(router: AnyRouter, teamId: string): Promise<void> {
  if (readStorage('previousTeam') === teamId) return;
  writeStorage('previousTeam', teamId);
  await router.navigate({ to: '/overview' });
  // Already on the overview, the navigation changed nothing: the layouts choose the team again.
  await router.invalidate();
}

/**
 * The user's own membership of a team changed elsewhere (a role, a removal, the team deleted): the
 * layouts re-read the teams, and someone who lost the team they were looking at is told and moved on.
 */
export async function membershipChanged(router: AnyRouter, teamId: string): Promise<void> {
  const queryClient = loadedQueryClient();
  if (!queryClient) return;
  const before = queryClient
    .getQueryData(userTeamsQuery().queryKey)
    ?.teams.find((team) => team.id === teamId);
  const shown = readStorage('previousTeam') === teamId;
  const { teams } = await queryClient.fetchQuery(userTeamsQuery());
  await router.invalidate();
  if (!shown || teams.some((team) => team.id === teamId)) return;
  showToast(router.options.context.actors, {
    tone: 'info',
    title: before ? t('teams.left.title', { team: before.name }) : t('teams.left.titleUnnamed'),
    description: teams[0] ? t('teams.left.nowShows', { team: teams[0].name }) : t('teams.left.none'),
  });
  await router.navigate({ to: '/overview' });
}
