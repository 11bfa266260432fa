import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PageHeader } from '../-components/page';
import { TabNav } from '../-components/tab-nav';
import { FocusedLayout } from './-components/focused-layout';

// Account settings: the signed-in person's own details and teams, outside any one team's section.
export const Route = createFileRoute('/_protected/account-settings')({
  component: AccountSettingsLayout,
});

function AccountSettingsLayout() {
  return (
    <FocusedLayout>
      <PageHeader title="Account settings" description="Your own details, sign-in and teams." />
      <TabNav
        label="Account settings pages"
        tabs={[
          { label: 'General', to: '/account-settings/general' },
          { label: 'Teams', to: '/account-settings/teams' },
          { label: 'Security', to: '/account-settings/security' },
          { label: 'SSH keys', to: '/account-settings/ssh-keys' },
          { label: 'API tokens', to: '/account-settings/api-tokens' },
        ]}
      />
      <Outlet />
    </FocusedLayout>
  );
}
