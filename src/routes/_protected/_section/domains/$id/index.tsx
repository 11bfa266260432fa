import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/domains/$id/')({
  component: DomainRecordsPage,
});

function DomainRecordsPage() {
  const { id } = Route.useParams();
  return (
    <>
      <SectionHeading title="DNS records" documentTitle={`DNS records · ${id}`} />
      <NotYetAvailable title="Domains are not available yet">
        The table of this domain’s DNS records appears here once the DNS service is available.
      </NotYetAvailable>
    </>
  );
}
