import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/$id/monitoring')({
  component: ComputeMonitoringPage,
});

function ComputeMonitoringPage() {
  const { id } = Route.useParams();
  return (
    <>
      <SectionHeading title="Monitoring" documentTitle={`Monitoring · Compute ${id}`} />
      <NotYetAvailable title="Computes are not available yet">
        CPU, memory, disk and network charts appear here. Computes arrive with the compute service.
      </NotYetAvailable>
    </>
  );
}
