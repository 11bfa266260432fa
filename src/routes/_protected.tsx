import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loadConsoleMessages } from '@/i18n/state';
import { liveConnection, onMembershipChanged } from '@/live-connection';
import { loadQueryClient } from '@/services/query-client';
import { readStorage, writeStorage } from '@/services/storage';
import { membershipChanged } from './_protected/-components/use-current-team';

// The protected area: without a valid session the user is sent to sign in, and the address they wanted
// is remembered (localStorage `intendedPath`) so signing in brings them back to it. A new account that
// has not verified a phone number yet is sent to do that first.
export const Route = createFileRoute('/_protected')({
  beforeLoad: async ({ location }) => {
    // Without a token there is nothing to check: go to sign-in at once, without loading the check.
    if (!readStorage('token')) {
      writeStorage('intendedPath', location.href);
      throw redirect({ to: '/auth/login', replace: true });
    }
    // The console's words in the person's language come with the check, before any of its pages renders.
    const [{ checkProtectedArea }, queryClient] = await Promise.all([
      import('./_protected/-guard'),
      loadQueryClient(),
      loadConsoleMessages(),
    ]);
    return checkProtectedArea(location.href, queryClient);
  },
  component: ProtectedArea,
});

function ProtectedArea() {
  const { queryClient } = Route.useRouteContext();
  const router = useRouter();
  useEffect(() => onMembershipChanged((teamId) => void membershipChanged(router, teamId)), [router]);
  // The live connection is only needed, and only allowed, inside the console: leaving it (signing out,
  // a session that ended) closes the socket.
  useEffect(() => {
    const socket = liveConnection();
    socket.send({ type: 'socket.connect' });
    const online = () => socket.send({ type: 'socket.online' });
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      socket.send({ type: 'socket.disconnect' });
    };
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
