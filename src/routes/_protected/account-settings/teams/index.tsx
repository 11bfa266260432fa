import { createFileRoute, redirect } from '@tanstack/react-router';

// /account-settings/teams opens on the teams the user has joined.
export const Route = createFileRoute('/_protected/account-settings/teams/')({
  beforeLoad: () => {
    throw redirect({ to: '/account-settings/teams/joined', replace: true });
  },
});
