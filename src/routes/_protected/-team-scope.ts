// The check of the team-scoped layouts (_protected/_team, _protected/_section/_team): the pages below
// them always have a team in their router context. Someone in no team (they left, or were removed from,
// their last one) is sent to their teams, where they can create one or answer an invitation. A team that
// requires two-factor sign-in of someone who does not use it shows why instead (/two-factor-required).
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Team } from '@/contract/teams';
import { twoFactorStatusQuery } from '@/services/two-factor.queries';

export async function requireTeam(team: Team | null, queryClient: QueryClient): Promise<{ team: Team }> {
  if (!team) throw redirect({ to: '/account-settings/teams/joined', replace: true });
  if (team.requireTwoFactor) {
    const status = await queryClient.ensureQueryData(twoFactorStatusQuery());
    if (!status.on) throw redirect({ to: '/two-factor-required', replace: true });
  }
  return { team };
}
