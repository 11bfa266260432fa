import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentSessionQuery } from '../services/auth.queries';
import { chooseCurrentTeam } from '../services/current-team';
import { ApiError } from '../services/http';
import { clearSession } from '../services/session';
import { readStorage, writeStorage } from '../services/storage';
import { userTeamsQuery } from '../services/teams.queries';

// The protected area: without a valid session the user is sent to sign in, and the address they wanted
// is remembered (localStorage `intendedPath`) so signing in brings them back to it. A new account that
// has not verified a phone number yet is sent to do that first.
export const Route = createFileRoute('/_protected')({
  beforeLoad: async ({ location, context }) => {
    const toSignIn = () => {
      writeStorage('intendedPath', location.href);
      return redirect({ to: '/auth/login', replace: true });
    };
    if (!readStorage('token')) throw toSignIn();
    try {
      const current = await context.queryClient.ensureQueryData(currentSessionQuery());
      if (!current.user.phoneVerified) throw redirect({ to: '/auth/verify-phone', replace: true });
      const { teams } = await context.queryClient.ensureQueryData(userTeamsQuery());
      return { currentSession: current, teams, team: chooseCurrentTeam(teams) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        clearSession();
        throw toSignIn();
      }
      throw error;
    }
  },
  component: ProtectedArea,
});

function ProtectedArea() {
  const { actors } = Route.useRouteContext();
  // The live connection is only needed, and only allowed, inside the console.
  useEffect(() => {
    actors.socket.send({ type: 'socket.connect' });
    const online = () => actors.socket.send({ type: 'socket.online' });
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      actors.socket.send({ type: 'socket.disconnect' });
    };
  }, [actors.socket]);
  return <Outlet />;
}
