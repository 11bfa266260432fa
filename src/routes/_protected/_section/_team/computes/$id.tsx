import { createFileRoute, Link, Outlet, useMatch } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { UNREACHABLE_MEANING } from '@/domain/compute-lifecycle';
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
    <NotInTeam kind="compute" back={{ to: '/computes', label: 'Back to the computes' }} />
  ),
  component: ComputeLayout,
});

function ComputeLayout() {
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
        back={{ to: '/computes', label: 'Back to the computes' }}
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
              {compute.ipv4 ?? 'No address yet'}
            </Text>
          </span>
        }
        actions={
          <Link
            to="/computes/terminal/$id"
            params={{ id }}
            className={buttonRecipe({ variant: 'outline', size: 'sm' })}
          >
            Open console
          </Link>
        }
      />
      {compute.status === 'unreachable' ? (
        <Alert tone="info" title="Host unreachable">
          {UNREACHABLE_MEANING}
        </Alert>
      ) : null}
      <TabNav
        label="Compute pages"
        tabs={[
          { label: 'Overview', to: '/computes/$id', params: { id }, exact: true },
          { label: 'Power', to: '/computes/$id/power', params: { id } },
          { label: 'Resize', to: '/computes/$id/resize', params: { id } },
          { label: 'Tags', to: '/computes/$id/tags', params: { id } },
          { label: 'Reverse DNS', to: '/computes/$id/reverse-dns', params: { id } },
          { label: 'History', to: '/computes/$id/history', params: { id } },
          { label: 'Monitoring', to: '/computes/$id/monitoring', params: { id } },
          { label: 'Rebuild', to: '/computes/$id/rebuild', params: { id } },
          { label: 'Volumes', to: '/computes/$id/volumes', params: { id } },
          { label: 'Networks', to: '/computes/$id/networks', params: { id } },
          { label: 'Backups', to: '/computes/$id/backups', params: { id } },
          { label: 'Capture image', to: '/computes/$id/image', params: { id } },
          { label: 'Rescue', to: '/computes/$id/rescue', params: { id } },
          { label: 'Destroy', to: '/computes/$id/destroy', params: { id } },
        ]}
      />
      <Outlet />
    </>
  );
}
