import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/router';
import { NavigationProgress } from './-components/navigation-progress';
import { ToastRegion } from './-components/toast-region';
import { TooltipProvider } from './-components/tooltip-provider';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

/** The app root (SPEC §2): the routed page, the progress bar, the toast area and the tooltip provider. */
function RootLayout() {
  const { actors } = Route.useRouteContext();
  return (
    <TooltipProvider actor={actors.tooltip}>
      <NavigationProgress actor={actors.progressBar} />
      <Outlet />
      <ToastRegion actor={actors.toast} />
    </TooltipProvider>
  );
}
