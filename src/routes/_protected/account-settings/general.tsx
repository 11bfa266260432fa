import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../-components/not-yet';
import { SectionHeading } from '../../-components/page';

export const Route = createFileRoute('/_protected/account-settings/general')({
  component: AccountGeneralPage,
});

function AccountGeneralPage() {
  return (
    <>
      <SectionHeading title="General" documentTitle="General · Account settings" />
      <NotYetAvailable title="Account details are not available yet">
        Your name, e-mail address, phone number and sessions appear here once sign-in is available. The colour
        theme can already be chosen from the user menu.
      </NotYetAvailable>
    </>
  );
}
