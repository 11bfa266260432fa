import { createFileRoute, redirect } from '@tanstack/react-router';

// /account-settings opens on its first tab.
export const Route = createFileRoute('/_protected/account-settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/account-settings/general', replace: true });
  },
});
