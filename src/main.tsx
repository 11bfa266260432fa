import '@/index.css';
import '@/ui/theme/fonts';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppActors } from '@/app-actors';
import { startI18n } from '@/i18n/preferences';
import { createAppRouter } from '@/router';
import { ApiError } from '@/services/api-error';
import { initTheme } from '@/ui/theme/theme';

initTheme();
// The language's catalog (and the zone) before the first page: no page renders in a language not chosen.
const i18nReady = startI18n();

/** Lets the browser paint and answer input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The console starts in steps, each in a task of its own, so no single task holds the page for long (a
 * phone's slower CPU turns one long start into seconds of a page that ignores taps: Lighthouse's "total
 * blocking time"): the modules, then the long-lived actors, then the router, then the first render as a
 * transition, which React slices. (Not a top-level await: with one, the bundler could no longer keep the
 * route definitions in the entry, and the first page's scripts would grow by 20 KB.)
 */
async function startConsole() {
  // The machine inspector is development-only: this branch and its import are dropped from production builds.
  const inspect = import.meta.env.DEV
    ? await import('@/inspector').then(({ installInspector }) => installInspector())
    : undefined;
  await nextTask();
  // Actors may navigate (after signing in); the router is made next and needs the actors in its context.
  let navigate = (_to: string) => {};
  const actors = createAppActors({ inspect, navigate: (to) => navigate(to) });
  await nextTask();
  const router = createAppRouter({ actors });
  navigate = (to) => void router.navigate({ to });
  // The language's catalog, fetched meanwhile (no page renders in a language not chosen).
  await i18nReady;
  const root = createRoot(document.getElementById('root')!, {
    // A page the API refused (a compute that does not exist, a page the role may not see) is shown in words
    // by its error or not-found page: not an error of the console worth the browser's log.
    onCaughtError: (error) => {
      if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) console.error(error);
    },
  });
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}

void startConsole();
