// How the /auth pages reach the auth machine (a long-lived actor in the router context).
import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { type AuthEvent, type AuthPage, authPage } from '../../../machines/auth';

export function useAuthActor() {
  return useRouteContext({ from: '__root__', select: (context) => context.actors.auth });
}

export function useAuthSnapshot() {
  const actor = useAuthActor();
  return useSelector(actor, (snapshot) => snapshot);
}

/** Tells the machine the user opened `page`, unless the machine already shows it (it sent them here). */
export function useEnterAuthPage(page: AuthPage, event: AuthEvent) {
  const actor = useAuthActor();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival at the page
  useEffect(() => {
    if (authPage(actor.getSnapshot()) !== page) actor.send(event);
  }, [actor, page]);
}
