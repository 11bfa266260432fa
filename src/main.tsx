import '@/index.css';
import '@/ui/theme/fonts';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppActors } from '@/app-actors';
import { createAppRouter } from '@/router';
import { initTheme } from '@/ui/theme/theme';

initTheme();

// The machine inspector is development-only: this branch and its import are dropped from production builds.
const inspect = import.meta.env.DEV
  ? await import('@/inspector').then(({ installInspector }) => installInspector())
  : undefined;
// Actors may navigate (after signing in); the router is made next and needs the actors in its context.
let navigate = (_to: string) => {};
const actors = createAppActors({ inspect, navigate: (to) => navigate(to) });
const router = createAppRouter({ actors });
navigate = (to) => void router.navigate({ to });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
