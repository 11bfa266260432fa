import { createFileRoute, Link, Outlet, useMatch } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { unreachableMeaning } from '@/domain/compute-lifecycle';
import { t, useT } from '@/i18n';
import { Gone, NotInTeam } from '@/routes/_protected/-components/not-in-team';
import { PageHeader } from '@/routes/-components/page';
import { TabNav } from '@/routes/-components/tab-nav';
import { Alert } from '@/ui/alert';
import { buttonRecipe } from '@/ui/button';
import { Text } from '@/ui/text';
import { useRunningNotice } from './-components/running-notice';
import { ComputeStatusBadge } from './-components/status-badge';
import { loadCompute, useCompute } from './-components/use-compute';

// A compute: its overview (the default child) and the power, resize, tags, reverse DNS, history, monitoring,
// rebuild, volumes, networks, backups, capture image, rescue and destroy pages.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id')({
  loader: loadCompute,
  notFoundComponent: () => (
    <NotInTeam kind="compute" back={{ to: '/computes', label: t('computes.backToList') }} />
  ),
  component: ComputeLayout,
});

function ComputeLayout() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, gone } = useCompute(id);
  useRunningNotice(compute);
  // The destroy page follows its own destroy to the end (back to the list); every other page says so.
  const destroying = useMatch({
    from: '/_protected/_section/_team/computes/$id/destroy',
    shouldThrow: false,
  });
  if (gone && !destroying) {
    return (
      <Gone
        kind="compute"
        name={compute.hostname}
        back={{ to: '/computes', label: t('computes.backToList') }}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={compute.hostname}
        description={
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
            <ComputeStatusBadge status={compute.status} />
            <Text as="span" variant="mono">
              {compute.ipv4 ?? t('computes.noAddressYet')}
            </Text>
          </span>
        }
        actions={
          <Link
            to="/computes/terminal/$id"
            params={{ id }}
            className={buttonRecipe({ variant: 'outline', size: 'sm' })}
          >
            {t('computes.page.openConsole')}
          </Link>
        }
      />
      {compute.status === 'unreachable' ? (
        <Alert tone="info" title={t('computes.status.unreachable')}>
          {unreachableMeaning()}
        </Alert>
      ) : null}
      <TabNav
        label={t('computes.page.tabs')}
        tabs={[
          { label: t('computes.tab.overview'), to: '/computes/$id', params: { id }, exact: true },
          { label: t('computes.tab.power'), to: '/computes/$id/power', params: { id } },
          { label: t('computes.tab.resize'), to: '/computes/$id/resize', params: { id } },
          { label: t('computes.tab.tags'), to: '/computes/$id/tags', params: { id } },
          { label: t('computes.tab.reverseDns'), to: '/computes/$id/reverse-dns', params: { id } },
          { label: t('computes.tab.history'), to: '/computes/$id/history', params: { id } },
          { label: t('computes.tab.monitoring'), to: '/computes/$id/monitoring', params: { id } },
          { label: t('computes.tab.rebuild'), to: '/computes/$id/rebuild', params: { id } },
          { label: t('computes.tab.volumes'), to: '/computes/$id/volumes', params: { id } },
          { label: t('computes.tab.networks'), to: '/computes/$id/networks', params: { id } },
          { label: t('computes.tab.backups'), to: '/computes/$id/backups', params: { id } },
          { label: t('computes.tab.image'), to: '/computes/$id/image', params: { id } },
          { label: t('computes.tab.rescue'), to: '/computes/$id/rescue', params: { id } },
          { label: t('computes.tab.destroy'), to: '/computes/$id/destroy', params: { id } },
        ]}
      />
      <Outlet />
    </>
  );
}
