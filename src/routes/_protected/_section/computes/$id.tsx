import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PageHeader } from '../../../-components/page';
import { TabNav } from '../../../-components/tab-nav';

// A compute: its overview (the default child) and the power, tags, history, monitoring and destroy pages.
export const Route = createFileRoute('/_protected/_section/computes/$id')({
  component: ComputeLayout,
});

function ComputeLayout() {
  const { id } = Route.useParams();
  return (
    <>
      <PageHeader title={`Compute ${id}`} />
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
