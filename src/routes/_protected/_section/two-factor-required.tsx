import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
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
  const team = useCurrentTeam();
  const status = useQuery(twoFactorStatusQuery()).data;
  const open = !team?.requireTwoFactor || status?.on === true;
  return (
    <>
      <PageHeader
        title="Two-factor sign-in required"
        description={
          open
            ? `${team?.name ?? 'Your team'} is open to you.`
            : `${team?.name ?? 'This team'} requires every member to sign in with two factors: an authenticator app or a passkey, after the e-mail code or GitHub/Google.`
        }
      />
      <div className={grid({ gap: '4', maxWidth: '36rem', justifyItems: 'start' })}>
        {open ? (
          <Link to="/overview" className={buttonRecipe({ variant: 'solid' })}>
            Open {team?.name ?? 'the overview'}
          </Link>
        ) : (
          <>
            <p>
              Until you turn it on, its computes, domains and settings are closed to you. It takes a minute,
              and then everything here opens again.
            </p>
            <Link to="/account-settings/security" className={buttonRecipe({ variant: 'solid' })}>
              Turn on two-factor sign-in
            </Link>
            <Text variant="muted">
              Or switch to another team with the team switcher above, or{' '}
              <Link to="/account-settings/teams/joined" className={link}>
                leave {team?.name ?? 'the team'}
              </Link>
              .
            </Text>
          </>
        )}
      </div>
    </>
  );
}
