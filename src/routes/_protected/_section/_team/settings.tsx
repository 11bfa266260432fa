import { createFileRoute, Outlet } from '@tanstack/react-router';
import { can } from '@/domain/permissions';
import { PageHeader } from '@/routes/-components/page';
import { TabNav } from '@/routes/-components/tab-nav';
import { useTeam } from '../../-components/use-current-team';

export const Route = createFileRoute('/_protected/_section/_team/settings')({
  component: SettingsLayout,
});

function SettingsLayout() {
  const role = useTeam().role;
  return (
    <>
      <PageHeader title="Settings" description="Your team's details, members and billing." />
      <TabNav
        label="Settings pages"
        tabs={[
          { label: 'General', to: '/settings/general' },
          { label: 'Members', to: '/settings/members' },
          // Tabs a role may not open are left out; opening one by its address explains why.
          ...(can(role, 'billing.read')
            ? [
                { label: 'Billing', to: '/settings/billing' },
                { label: 'Invoices', to: '/settings/invoices' },
              ]
            : []),
          ...(can(role, 'audit.read') ? [{ label: 'Activity', to: '/settings/activity' }] : []),
        ]}
      />
      <Outlet />
    </>
  );
}
