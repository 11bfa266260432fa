import { createRouter } from '@tanstack/react-router';
import type { AppActors } from './app-actors';
import { sessionEnded } from './app-session';
import { NotFoundPage } from './routes/-components/not-found-page';
import { PagePending } from './routes/-components/page-pending';
import { RouteErrorPage } from './routes/-components/route-error-page';
import { routeTree } from './routeTree.gen';
import { onSessionEnded } from './services/session';

/**
 * What every route can reach through its context: the long-lived actors. The protected area adds the
 * query cache (`queryClient`) for its routes when it loads.
 */
export interface RouterContext {
  actors: AppActors;
}

/** The spec's "scroll to top 500 ms after each navigation" (SPEC §2, §9). */
export const SCROLL_TO_TOP_DELAY_MS = 500;

export function createAppRouter(
  context: RouterContext,
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
  const router = createRouter({
    routeTree,
    context,
    ...options,
    defaultPreload: 'intent',
    // React Query owns freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    // The router would reset the scroll at once; the spec wants it 500 ms after the navigation (below).
    scrollRestoration: () => false,
    defaultErrorComponent: RouteErrorPage,
    defaultPendingComponent: PagePending,
    defaultNotFoundComponent: NotFoundPage,
  });
  const { progressBar } = context.actors;
  let scrollTimer: ReturnType<typeof setTimeout> | undefined;
  router.subscribe('onBeforeNavigate', () => progressBar.send({ type: 'progress.start' }));
  router.subscribe('onResolved', (event) => {
    progressBar.send({ type: 'progress.finish' });
    // Only a new page scrolls; a change of filters or tabs in the address keeps the user's place.
    if (!event.pathChanged) return;
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_TO_TOP_DELAY_MS);
  });
  onSessionEnded(() => sessionEnded(router));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
