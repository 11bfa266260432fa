import { createFileRoute, notFound } from '@tanstack/react-router';
import { parseRecordType } from '../../../../../domain/dns/record-types';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

// The page of one DNS record type (SPEC §2, §3): /domains/$id/A, /domains/$id/MX, …
export const Route = createFileRoute('/_protected/_section/domains/$id/$type')({
  beforeLoad: ({ params }) => {
    const type = parseRecordType(params.type);
    if (!type) throw notFound();
    return { recordType: type };
  },
  component: RecordTypePage,
});

function RecordTypePage() {
  const { id } = Route.useParams();
  const { recordType } = Route.useRouteContext();
  return (
    <>
      <SectionHeading title={`${recordType} records`} documentTitle={`${recordType} records · ${id}`} />
      <NotYetAvailable title="DNS records are not available yet">
        Adding and editing {recordType} records arrives with the DNS service.
      </NotYetAvailable>
    </>
  );
}
