import { createRouter } from '@tanstack/react-router';
import type { AppActors } from '@/app-actors';
import { sessionEnded } from '@/app-session';
import { NotFoundPage } from '@/routes/-components/not-found-page';
import { PagePending } from '@/routes/-components/page-pending';
import { RouteErrorPage } from '@/routes/-components/route-error-page';
import { routeTree } from '@/routeTree.gen';
import { onSessionEnded } from '@/services/session';

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
  // The page on screen, kept here: a link followed before the first page of a load has resolved comes with
  // no `fromLocation`, yet it leads to a new page.
  let shownPath = router.state.location.pathname;
  router.subscribe('onBeforeNavigate', () => progressBar.send({ type: 'progress.start' }));
  router.subscribe('onResolved', (event) => {
    progressBar.send({ type: 'progress.finish' });
    const previousPath = shownPath;
    shownPath = event.toLocation.pathname;
    // Only a new page scrolls; a change of filters or tabs in the address keeps the user's place, and the
    // first page of a load is at the top already (scrolling it 500 ms later would undo the user's scroll).
    if (previousPath === shownPath) return;
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_TO_TOP_DELAY_MS);
    focusNewPage();
  });
  onSessionEnded(() => sessionEnded(router));
  return router;
}

/** Frames to wait for a new page's heading (a page still loading shows it a little later). */
const FOCUS_FRAMES = 60;

/**
 * A page that replaced the element holding the focus leaves it on the body: keyboard and screen-reader
 * users would start again from the top of the document. The new page's heading takes it instead. Focus
 * that is still on something (a field a page focused itself, the sidebar link just used) stays.
 */
function focusNewPage(frames = FOCUS_FRAMES): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) {
      if (frames > 0) focusNewPage(frames - 1);
      return;
    }
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
