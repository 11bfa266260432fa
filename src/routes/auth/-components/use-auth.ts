// How the /auth pages reach the auth machine (a long-lived actor in the router context).
import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type AuthEvent, type AuthPage, authPage } from '@/machines/auth';
import type { codeEntryMachine } from '@/machines/code-entry';

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

/** The code entry the auth machine runs while a code is on its way (e-mail or SMS), if one is. */
export function useCodeEntry() {
  const actor = useAuthActor();
  return useSelector(
    actor,
    (snapshot) => snapshot.children.codeEntry as ActorRefFrom<typeof codeEntryMachine> | undefined,
  );
}
