import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useT } from '@/i18n';
import { PageHeader } from '../-components/page';
import { TabNav } from '../-components/tab-nav';
import { FocusedLayout } from './-components/focused-layout';

// Account settings: the signed-in person's own details and teams, outside any one team's section.
export const Route = createFileRoute('/_protected/account-settings')({
  component: AccountSettingsLayout,
});

function AccountSettingsLayout() {
  const t = useT();
  return (
    <FocusedLayout>
      <PageHeader title={t('account.title')} description={t('account.lead')} />
      <TabNav
        label={t('account.tabs')}
        tabs={[
          { label: t('account.tab.general'), to: '/account-settings/general' },
          { label: t('account.tab.teams'), to: '/account-settings/teams' },
          { label: t('account.tab.security'), to: '/account-settings/security' },
          { label: t('account.tab.sshKeys'), to: '/account-settings/ssh-keys' },
          { label: t('account.tab.apiTokens'), to: '/account-settings/api-tokens' },
        ]}
      />
      <Outlet />
    </FocusedLayout>
  );
}
