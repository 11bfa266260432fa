import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { SectionHeading } from '../../../-components/page';

export const Route = createFileRoute('/_protected/account-settings/teams/pending')({
  component: PendingTeamsPage,
});

function PendingTeamsPage() {
  return (
    <>
      <SectionHeading title="Invitations to you" documentTitle="Invitations to you · Account settings" />
      <NotYetAvailable title="Teams are not available yet">
        Invitations to join other teams appear here once teams are available.
      </NotYetAvailable>
    </>
  );
}
