import { createFileRoute } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { SectionHeading } from '@/routes/-components/page';
import { limitsQuery } from '@/services/teams.queries';
import { DangerZone } from './-components/danger-zone';
import { LimitsSection } from './-components/limits-section';
import { TeamDetailsSection } from './-components/team-details-section';
import { TwoFactorRequirementSection } from './-components/two-factor-requirement-section';
import { VerificationSection } from './-components/verification-section';

// Team settings: name and currency, verification, two-factor sign-in for every member, limits, and deleting
// the team.
export const Route = createFileRoute('/_protected/_section/_team/settings/general')({
  loader: ({ context: { queryClient, team } }) => queryClient.ensureQueryData(limitsQuery(team.id)),
  component: SettingsGeneralPage,
});

function SettingsGeneralPage() {
  const t = useT();
  const team = useTeam();
  const title = t('teamSettings.tab.general');
  return (
    <>
      <SectionHeading title={title} documentTitle={t('teamSettings.documentTitle', { page: title })} />
      <div className={grid({ gap: '5' })}>
        <TeamDetailsSection key={`${team.id}-${team.name}-${team.currency}`} team={team} />
        <VerificationSection team={team} />
        <TwoFactorRequirementSection team={team} />
        <LimitsSection teamId={team.id} />
        <DangerZone team={team} />
      </div>
    </>
  );
}
