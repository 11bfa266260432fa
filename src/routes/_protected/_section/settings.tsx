import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PageHeader } from '../../-components/page';
import { TabNav } from '../../-components/tab-nav';

export const Route = createFileRoute('/_protected/_section/settings')({
  component: SettingsLayout,
});

function SettingsLayout() {
  return (
    <>
      <PageHeader title="Settings" description="Your team's details, members and billing." />
      <TabNav
        label="Settings pages"
        tabs={[
          { label: 'General', to: '/settings/general' },
          { label: 'Members', to: '/settings/members' },
          { label: 'Billing', to: '/settings/billing' },
          { label: 'Invoices', to: '/settings/invoices' },
        ]}
      />
      <Outlet />
    </>
  );
}
