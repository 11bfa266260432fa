// The check of the team-scoped layouts (_protected/_team, _protected/_section/_team): the pages below
// them always have a team in their router context. Someone in no team (they left, or were removed from,
// their last one) is sent to their teams, where they can create one or answer an invitation. A team that
// requires two-factor sign-in of someone who does not use it shows why instead (/two-factor-required).
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Team } from '@/contract/teams';

export async function requireTeam(team: Team | null, queryClient: QueryClient): Promise<{ team: Team }> {
  if (!team) throw redirect({ to: '/account-settings/teams/joined', replace: true });
  if (team.requireTwoFactor) {
    // Loaded here, not imported: this check is part of the entry chunk, and the API client behind the
    // query would otherwise ride along to every first page (the landing and sign-in pages' JS budget).
    const { twoFactorStatusQuery } = await import('@/services/two-factor.queries');
    const status = await queryClient.ensureQueryData(twoFactorStatusQuery());
    if (!status.on) throw redirect({ to: '/two-factor-required', replace: true });
  }
  return { team };
}
