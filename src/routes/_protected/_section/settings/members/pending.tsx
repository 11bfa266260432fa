import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/settings/members/pending')({
  component: PendingMembersPage,
});

function PendingMembersPage() {
  return (
    <>
      <SectionHeading title="Pending invitations" documentTitle="Pending invitations · Settings" />
      <NotYetAvailable title="Members are not available yet">
        Invitations waiting for an answer appear here once teams are available.
      </NotYetAvailable>
    </>
  );
}
