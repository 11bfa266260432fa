import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { SectionHeading } from '../../../-components/page';

export const Route = createFileRoute('/_protected/account-settings/teams/joined')({
  component: JoinedTeamsPage,
});

function JoinedTeamsPage() {
  return (
    <>
      <SectionHeading title="Teams you belong to" documentTitle="Teams you belong to · Account settings" />
      <NotYetAvailable title="Teams are not available yet">
        The teams you are a member of appear here once teams are available.
      </NotYetAvailable>
    </>
  );
}
