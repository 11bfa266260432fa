import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { PageHeader } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/computes/terminal/$id')({
  component: TerminalPage,
});

function TerminalPage() {
  const { id } = Route.useParams();
  return (
    <>
      <PageHeader
        title={`Terminal · ${id}`}
        description="The serial console of a compute, in your browser."
      />
      <NotYetAvailable title="The terminal is not available yet">
        A console in the browser arrives with the compute service.
      </NotYetAvailable>
    </>
  );
}
