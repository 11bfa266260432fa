import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { css } from '../../../../../styled-system/css';
import { buttonRecipe } from '../../../../ui/button';
import { SkeletonText } from '../../../../ui/skeleton';
import { PageHeader } from '../../../-components/page';
import { TabNav } from '../../../-components/tab-nav';
import { NotInTeam } from '../../-components/not-in-team';
import { ComputeStatusBadge } from './-components/status-badge';
import { useCompute } from './-components/use-compute';

// A compute: its overview (the default child) and the power, tags, history, monitoring and destroy pages.
export const Route = createFileRoute('/_protected/_section/computes/$id')({
  component: ComputeLayout,
});

function ComputeLayout() {
  const { id } = Route.useParams();
  const { data: compute, isPending, isError, error } = useCompute(id);
  if (isPending) {
    return (
      <>
        <PageHeader title="Compute" />
        <SkeletonText lines={4} />
      </>
    );
  }
  if (isError || !compute) {
    return (
      <NotInTeam kind="compute" error={error} back={{ to: '/computes', label: 'Back to the computes' }} />
    );
  }
  return (
    <>
      <PageHeader
        title={compute.hostname}
        description={
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
            <ComputeStatusBadge status={compute.status} />
            <span className={css({ fontFamily: 'mono' })}>{compute.ipv4 ?? 'No address yet'}</span>
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
      <TabNav
        label="Compute pages"
        tabs={[
          { label: 'Overview', to: '/computes/$id', params: { id }, exact: true },
          { label: 'Power', to: '/computes/$id/power', params: { id } },
          { label: 'Tags', to: '/computes/$id/tags', params: { id } },
          { label: 'History', to: '/computes/$id/history', params: { id } },
          { label: 'Monitoring', to: '/computes/$id/monitoring', params: { id } },
          { label: 'Destroy', to: '/computes/$id/destroy', params: { id } },
        ]}
      />
      <Outlet />
    </>
  );
}
