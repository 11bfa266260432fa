import { createFileRoute, redirect } from '@tanstack/react-router';

// /settings/members opens on the active members.
export const Route = createFileRoute('/_protected/_section/_team/settings/members/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/members/active', replace: true });
  },
});
