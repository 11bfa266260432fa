import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../-components/not-yet';
import { PageHeader } from '../-components/page';
import { FocusedLayout } from './-components/focused-layout';

export const Route = createFileRoute('/_protected/new-compute')({
  component: NewComputePage,
});

function NewComputePage() {
  return (
    <FocusedLayout>
      <PageHeader title="Create a compute" description="Choose a location, an image and a plan." />
      <NotYetAvailable title="Creating computes is not available yet">
        Choosing a location, image and plan, and creating the compute, arrive with the compute service.
      </NotYetAvailable>
    </FocusedLayout>
  );
}
