import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { PageHeader } from '../../../-components/page';

export const Route = createFileRoute('/_protected/_section/domains/')({
  component: DomainsPage,
});

function DomainsPage() {
  return (
    <>
      <PageHeader title="Domains" description="Zones hosted on our name servers." />
      <NotYetAvailable title="Domains are not available yet">
        Adding domains and editing their DNS records arrives with the DNS service.
      </NotYetAvailable>
    </>
  );
}
