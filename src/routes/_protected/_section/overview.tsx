import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../-components/not-yet';
import { PageHeader } from '../../-components/page';

export const Route = createFileRoute('/_protected/_section/overview')({
  component: OverviewPage,
});

function OverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="Your team at a glance." />
      <NotYetAvailable title="Nothing to show yet">
        Balance, spending, running computes and recent activity appear here once billing and computes are
        available on this server.
      </NotYetAvailable>
    </>
  );
}
