import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TabNav } from '../../-components/tab-nav';

export const Route = createFileRoute('/_protected/account-settings/teams')({
  component: TeamsLayout,
});

function TeamsLayout() {
  return (
    <>
      <TabNav
        label="Teams"
        tabs={[
          { label: 'Joined', to: '/account-settings/teams/joined' },
          { label: 'Pending', to: '/account-settings/teams/pending' },
        ]}
      />
      <Outlet />
    </>
  );
}
