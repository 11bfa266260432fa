import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/$id/power')({
  component: ComputePowerPage,
});

function ComputePowerPage() {
  const { id } = Route.useParams();
  return (
    <>
      <SectionHeading title="Power" documentTitle={`Power · Compute ${id}`} />
      <NotYetAvailable title="Computes are not available yet">
        Powering the compute on and off and rebooting it appear here. Computes arrive with the compute
        service.
      </NotYetAvailable>
    </>
  );
}
