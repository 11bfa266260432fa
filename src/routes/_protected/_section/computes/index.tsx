import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { PageHeader } from '../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/')({
  component: ComputesPage,
});

function ComputesPage() {
  return (
    <>
      <PageHeader title="Computes" description="Virtual machines run by your team." />
      <NotYetAvailable title="Computes are not available yet">
        Creating and running virtual machines arrives with the compute service. No computes are shown because
        none can exist yet.
      </NotYetAvailable>
    </>
  );
}
