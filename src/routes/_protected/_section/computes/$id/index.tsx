import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/$id/')({
  component: ComputeOverviewPage,
});

function ComputeOverviewPage() {
  const { id } = Route.useParams();
  return (
    <>
      <SectionHeading title="Overview" documentTitle={`Overview · Compute ${id}`} />
      <NotYetAvailable title="Computes are not available yet">
        Address, specifications, location, image and how to connect over SSH appear here. Computes arrive with
        the compute service.
      </NotYetAvailable>
    </>
  );
}
