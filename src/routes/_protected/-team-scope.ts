// The check of the team-scoped layouts (_protected/_team, _protected/_section/_team): the pages below
// them always have a team in their router context. Someone in no team (they left, or were removed from,
// their last one) is sent to their teams, where they can create one or answer an invitation.
import { redirect } from '@tanstack/react-router';
import type { Team } from '../../contract/teams';

export function requireTeam(team: Team | null): { team: Team } {
  if (!team) throw redirect({ to: '/account-settings/teams/joined', replace: true });
  return { team };
}
