import { createFileRoute, Outlet } from '@tanstack/react-router';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { PageHeader } from '@/routes/-components/page';
import { TabNav } from '@/routes/-components/tab-nav';
import { useTeam } from '../../-components/use-current-team';

export const Route = createFileRoute('/_protected/_section/_team/settings')({
  component: SettingsLayout,
});

function SettingsLayout() {
  const t = useT();
  const role = useTeam().role;
  return (
    <>
      <PageHeader title={t('teamSettings.title')} description={t('teamSettings.lead')} />
      <TabNav
        label={t('teamSettings.tabs')}
        tabs={[
          { label: t('teamSettings.tab.general'), to: '/settings/general' },
          { label: t('teamSettings.tab.members'), to: '/settings/members' },
          // Tabs a role may not open are left out; opening one by its address explains why.
          ...(can(role, 'billing.read')
            ? [
                { label: t('teamSettings.tab.billing'), to: '/settings/billing' },
                { label: t('teamSettings.tab.invoices'), to: '/settings/invoices' },
              ]
            : []),
          ...(can(role, 'audit.read')
            ? [{ label: t('teamSettings.tab.activity'), to: '/settings/activity' }]
            : []),
        ]}
      />
      <Outlet />
    </>
  );
}
