import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../../-components/not-yet';
import { SectionHeading } from '../../../../-components/page';

export const Route = createFileRoute('/_protected/_section/settings/members/active')({
  component: ActiveMembersPage,
});

function ActiveMembersPage() {
  return (
    <>
      <SectionHeading title="Active members" documentTitle="Active members · Settings" />
      <NotYetAvailable title="Members are not available yet">
        The people in your team and their roles appear here once teams are available.
      </NotYetAvailable>
    </>
  );
}
