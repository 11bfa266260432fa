import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useT } from '@/i18n';
import { TabNav } from '../../-components/tab-nav';

export const Route = createFileRoute('/_protected/account-settings/teams')({
  component: TeamsLayout,
});

function TeamsLayout() {
  const t = useT();
  return (
    <>
      <TabNav
        label={t('account.tab.teams')}
        tabs={[
          { label: t('account.teams.joinedTab'), to: '/account-settings/teams/joined' },
          { label: t('account.teams.pendingTab'), to: '/account-settings/teams/pending' },
        ]}
      />
      <Outlet />
    </>
  );
}
