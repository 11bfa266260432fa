import { createFileRoute, redirect } from '@tanstack/react-router';

// /settings opens on its first tab.
export const Route = createFileRoute('/_protected/_section/_team/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/general', replace: true });
  },
});
