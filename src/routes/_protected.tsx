import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { readStorage, writeStorage } from '../services/storage';

// The protected area: without a session the user is sent to sign in, and the address they wanted
// is remembered (localStorage `intendedPath`) so signing in brings them back to it.
export const Route = createFileRoute('/_protected')({
  beforeLoad: ({ location }) => {
    if (readStorage('token')) return;
    writeStorage('intendedPath', location.href);
    throw redirect({ to: '/auth/login', replace: true });
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
