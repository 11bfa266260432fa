import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/$id/destroy')({
  component: ComputeDestroyPage,
});

function ComputeDestroyPage() {
  const { id } = Route.useParams();
  return (
    <>
      <SectionHeading title="Destroy" documentTitle={`Destroy · Compute ${id}`} />
      <NotYetAvailable title="Computes are not available yet">
        Destroying the compute, after typing its name to confirm, appears here. Computes arrive with the
        compute service.
      </NotYetAvailable>
    </>
  );
}
