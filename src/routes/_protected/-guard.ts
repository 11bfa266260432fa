// The protected area's check, loaded with the first protected page rather than with the landing page:
// a valid session (else sign in, remembering where the user was going), a verified phone, and the team
// the console shows.

import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { currentSessionQuery } from '@/services/auth.queries';
import { chooseCurrentTeam } from '@/services/current-team';
import { ApiError } from '@/services/http';
import { clearSession } from '@/services/session';
import { readStorage, writeStorage } from '@/services/storage';
import { userTeamsQuery } from '@/services/teams.queries';

export async function checkProtectedArea(href: string, queryClient: QueryClient) {
  const toSignIn = () => {
    writeStorage('intendedPath', href);
    return redirect({ to: '/auth/login', replace: true });
  };
  if (!readStorage('token')) throw toSignIn();
  try {
    const current = await queryClient.ensureQueryData(currentSessionQuery());
    if (!current.user.phoneVerified) throw redirect({ to: '/auth/verify-phone', replace: true });
    const { teams } = await queryClient.ensureQueryData(userTeamsQuery());
    return { queryClient, currentSession: current, teams, team: chooseCurrentTeam(teams) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSession();
      throw toSignIn();
    }
    throw error;
  }
}
