import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TabNav } from '../../../-components/tab-nav';

export const Route = createFileRoute('/_protected/_section/settings/members')({
  component: MembersLayout,
});

function MembersLayout() {
  return (
    <>
      <TabNav
        label="Members"
        tabs={[
          { label: 'Active', to: '/settings/members/active' },
          { label: 'Pending', to: '/settings/members/pending' },
        ]}
      />
      <Outlet />
    </>
  );
}
