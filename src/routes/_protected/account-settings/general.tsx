import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { currentSessionQuery, sessionsQuery } from '@/services/auth.queries';
import { ThemeSwitcher } from '@/ui/theme-switcher';
import { SectionHeading } from '../../-components/page';
import { SettingsSection } from '../-components/settings-section';
import { EmailSection } from './-components/email-section';
import { LanguageSection } from './-components/language-section';
import { PhoneSection } from './-components/phone-section';
import { ProfileSection } from './-components/profile-section';
import { SessionsSection } from './-components/sessions-section';

// Account settings (the person, not a team): name, e-mail and phone (each change confirmed by a code),
// colour theme and sessions.
export const Route = createFileRoute('/_protected/account-settings/general')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(currentSessionQuery()),
      queryClient.ensureQueryData(sessionsQuery()),
    ]),
  component: AccountGeneralPage,
});

function AccountGeneralPage() {
  const t = useT();
  const { data: current } = useSuspenseQuery(currentSessionQuery());
  return (
    <>
      <SectionHeading
        title={t('account.tab.general')}
        documentTitle={`${t('account.tab.general')} · ${t('account.title')}`}
      />
      <div className={grid({ gap: '5' })}>
        <ProfileSection current={current} />
        <LanguageSection current={current} />
        <EmailSection current={current} />
        <PhoneSection current={current} />
        <SettingsSection id="theme" title={t('theme.label')} description={t('theme.lead')}>
          <ThemeSwitcher hideLabel label={t('theme.label')} />
        </SettingsSection>
        <SessionsSection />
      </div>
    </>
  );
}
