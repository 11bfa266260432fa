import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/$id/tags')({
  component: ComputeTagsPage,
});

function ComputeTagsPage() {
  const { id } = Route.useParams();
  return (
    <>
      <SectionHeading title="Tags" documentTitle={`Tags · Compute ${id}`} />
      <NotYetAvailable title="Computes are not available yet">
        Adding and removing tags appear here. Computes arrive with the compute service.
      </NotYetAvailable>
    </>
  );
}
