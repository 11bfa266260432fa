import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { SectionHeading } from '../../../-components/page';

export const Route = createFileRoute('/_protected/_section/settings/general')({
  component: SettingsGeneralPage,
});

function SettingsGeneralPage() {
  return (
    <>
      <SectionHeading title="General" documentTitle="General · Settings" />
      <NotYetAvailable title="General settings are not available yet">
        The team’s name, currency and verification appear here once teams are available on this server.
      </NotYetAvailable>
    </>
  );
}
