import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { tRich, useT } from '@/i18n';
import { twoFactorStatusQuery } from '@/services/two-factor.queries';
import { buttonRecipe } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { PageHeader } from '../../-components/page';
import { useCurrentTeam } from '../-components/use-current-team';

// Where a team's pages send a member who does not use two-factor sign-in when the team requires it: why,
// and the way to turn it on. Other teams stay one switch away (the team switcher); leaving is under
// Account settings → Teams.
export const Route = createFileRoute('/_protected/_section/two-factor-required')({
  component: TwoFactorRequiredPage,
});

const link = textRecipe({ variant: 'link' });

function TwoFactorRequiredPage() {
  const t = useT();
  const team = useCurrentTeam();
  const status = useQuery(twoFactorStatusQuery()).data;
  const open = !team?.requireTwoFactor || status?.on === true;
  const name = team ? <span translate="no">{team.name}</span> : null;
  return (
    <>
      <PageHeader
        title={t('twoFactorRequired.title')}
        description={
          name
            ? tRich(open ? 'twoFactorRequired.open' : 'twoFactorRequired.required', { team: name })
            : t(open ? 'twoFactorRequired.openUnnamed' : 'twoFactorRequired.requiredUnnamed')
        }
      />
      <div className={grid({ gap: '4', maxWidth: '36rem', justifyItems: 'start' })}>
        {open ? (
          <Link to="/overview" className={buttonRecipe({ variant: 'solid' })}>
            {name ? tRich('twoFactorRequired.openTeam', { team: name }) : t('twoFactorRequired.openOverview')}
          </Link>
        ) : (
          <>
            <p>{t('twoFactorRequired.closed')}</p>
            <Link to="/account-settings/security" className={buttonRecipe({ variant: 'solid' })}>
              {t('twoFactorRequired.turnOn')}
            </Link>
            <Text variant="muted">
              {tRich('twoFactorRequired.elsewhere', {
                link: (
                  <Link to="/account-settings/teams/joined" className={link}>
                    {name
                      ? tRich('twoFactorRequired.leave', { team: name })
                      : t('twoFactorRequired.leaveUnnamed')}
                  </Link>
                ),
              })}
            </Text>
          </>
        )}
      </div>
    </>
  );
}
