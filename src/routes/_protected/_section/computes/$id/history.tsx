import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/$id/history')({
  component: ComputeHistoryPage,
});

function ComputeHistoryPage() {
  const { id } = Route.useParams();
  return (
    <>
      <SectionHeading title="History" documentTitle={`History · Compute ${id}`} />
      <NotYetAvailable title="Computes are not available yet">
        Who did what to this compute, when, and with what result appears here. Computes arrive with the
        compute service.
      </NotYetAvailable>
    </>
  );
}
