import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { PageHeader } from '../../../-components/page';

export const Route = createFileRoute('/_protected/_section/invitation/$id')({
  component: InvitationPage,
});

function InvitationPage() {
  return (
    <>
      <PageHeader title="Invitation" description="An invitation to join a team." />
      <NotYetAvailable title="Invitations are not available yet">
        Accepting or declining an invitation to a team arrives with the teams service.
      </NotYetAvailable>
    </>
  );
}
