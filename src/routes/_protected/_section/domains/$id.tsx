import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DNS_RECORD_TYPES } from '../../../../domain/dns/record-types';
import { PageHeader } from '../../../-components/page';
import { TabNav } from '../../../-components/tab-nav';

// A domain: its record table (the default child) and one page per record type.
export const Route = createFileRoute('/_protected/_section/domains/$id')({
  component: DomainLayout,
});

function DomainLayout() {
  const { id } = Route.useParams();
  return (
    <>
      <PageHeader title={id} description="DNS records of this domain." />
      <TabNav
        label="Record types"
        tabs={[
          { label: 'All records', to: '/domains/$id', params: { id }, exact: true },
          ...DNS_RECORD_TYPES.map((type) => ({
            label: type,
            to: '/domains/$id/$type',
            params: { id, type },
          })),
        ]}
      />
      <Outlet />
    </>
  );
}
