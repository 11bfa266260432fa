// Whether the team requires two-factor sign-in of every member: the owner's switch (only once they use it
// themselves), with who does not use it yet; everyone else sees the setting and who may change it.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Team } from '@/contract/teams';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
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
  const t = useT();
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
      title={t('teamSettings.twoFactor.title')}
      description={t('teamSettings.twoFactor.lead')}
    >
      <p>
        {team.requireTwoFactor
          ? t('teamSettings.twoFactor.required')
          : t('teamSettings.twoFactor.notRequired')}
      </p>
      {mayChange && without.length > 0 ? (
        <Text variant="muted">
          {t('teamSettings.twoFactor.without', { names: without.map((member) => member.name).join(', ') })}
        </Text>
      ) : null}
      {error ? <Alert tone="error">{error.fieldErrors.required ?? error.message}</Alert> : null}
      {error?.fieldErrors.required ? (
        <Link to="/account-settings/security" className={textRecipe({ variant: 'link' })}>
          {t('teamSettings.twoFactor.turnOnYourself')}
        </Link>
      ) : null}
      {save.isSuccess ? (
        <Alert tone="success">
          {save.data.requireTwoFactor
            ? t('teamSettings.twoFactor.nowRequired')
            : t('teamSettings.twoFactor.noLongerRequired')}
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
            {team.requireTwoFactor ? t('teamSettings.twoFactor.stop') : t('teamSettings.twoFactor.require')}
          </Button>
        </div>
      ) : (
        <Text variant="caption">{whyNot('team.requireTwoFactor')}</Text>
      )}
      <ConfirmDialog
        {...confirmRequire.dialog}
        title={t('teamSettings.twoFactor.confirmTitle')}
        description={
          without.length > 0
            ? t('teamSettings.twoFactor.confirmWithout', { count: without.length, team: team.name })
            : t('teamSettings.twoFactor.confirmEveryone', { team: team.name })
        }
        confirmLabel={t('teamSettings.twoFactor.confirm')}
      />
    </SettingsSection>
  );
}
