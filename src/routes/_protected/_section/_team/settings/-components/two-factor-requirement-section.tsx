// Whether the team requires two-factor sign-in of every member: the owner's switch (only once they use it
// themselves), with who does not use it yet; everyone else sees the setting and who may change it.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Team } from '@/contract/teams';
import { can, whyNot } from '@/domain/permissions';
import { SettingsSection } from '@/routes/_protected/-components/settings-section';
import { ApiError } from '@/services/http';
import { useSetTwoFactorRequirement } from '@/services/teams.mutations';
import { membersQuery } from '@/services/teams.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Text, textRecipe } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';

export function TwoFactorRequirementSection({ team }: { team: Team }) {
  const mayChange = can(team.role, 'team.requireTwoFactor');
  const members = useQuery({ ...membersQuery(team.id), enabled: mayChange });
  const without = (members.data?.members ?? []).filter(
    (member) => member.status === 'ACTIVE' && member.twoFactor === false,
  );
  const save = useSetTwoFactorRequirement(team.id);
  // The dialog closes at once: the progress shows on the section's own button.
  const confirmRequire = useConfirmAction(() => save.mutateAsync(true).catch(() => undefined), {
    closeAtOnce: true,
  });
  const error = save.error instanceof ApiError ? save.error : null;

  return (
    <SettingsSection
      id="two-factor-requirement"
      title="Two-factor sign-in"
      description="Require every member to finish signing in with an authenticator app or a passkey."
    >
      <p>
        {team.requireTwoFactor
          ? 'Required: members who do not use two-factor sign-in cannot reach this team until they turn it on.'
          : 'Not required: each member chooses for themselves.'}
      </p>
      {mayChange && without.length > 0 ? (
        <Text variant="muted">Not using it yet: {without.map((member) => member.name).join(', ')}.</Text>
      ) : null}
      {error ? <Alert tone="error">{error.fieldErrors.required ?? error.message}</Alert> : null}
      {error?.fieldErrors.required ? (
        <Link to="/account-settings/security" className={textRecipe({ variant: 'link' })}>
          Turn on two-factor sign-in for yourself
        </Link>
      ) : null}
      {save.isSuccess ? (
        <Alert tone="success">
          {save.data.requireTwoFactor
            ? 'Two-factor sign-in is now required of every member.'
            : 'Two-factor sign-in is no longer required.'}
        </Alert>
      ) : null}
      {mayChange ? (
        <div>
          <Button
            variant={team.requireTwoFactor ? 'outline' : 'solid'}
            loading={save.isPending}
            onClick={() => {
              save.reset();
              if (team.requireTwoFactor) save.mutate(false);
              else confirmRequire.ask(true);
            }}
          >
            {team.requireTwoFactor ? 'Stop requiring two-factor sign-in' : 'Require two-factor sign-in'}
          </Button>
        </div>
      ) : (
        <Text variant="caption">{whyNot('team.requireTwoFactor')}</Text>
      )}
      <ConfirmDialog
        {...confirmRequire.dialog}
        title="Require two-factor sign-in of every member?"
        description={
          without.length > 0
            ? `${without.length} ${without.length === 1 ? 'member does' : 'members do'} not use it yet: they cannot reach ${team.name} until they turn it on, and are told by e-mail.`
            : `Everyone in ${team.name} uses it already. Anyone who joins later must turn it on first.`
        }
        confirmLabel="Require it"
      />
    </SettingsSection>
  );
}
