// The team's name, editable by the roles the permission matrix allows. The currency is changed in one
// place, billing, beside the balance and the alert amount it affects.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import type { Team } from '@/contract/teams';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { SettingsSection } from '@/routes/_protected/-components/settings-section';
import { ApiError } from '@/services/http';
import { useRenameTeam } from '@/services/teams.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';

export function TeamDetailsSection({ team }: { team: Team }) {
  const t = useT();
  const [name, setName] = useState(team.name);
  const mayRename = can(team.role, 'team.rename');
  const save = useRenameTeam(team.id);
  const error = save.error instanceof ApiError ? save.error : null;
  const changed = name !== team.name;

  return (
    <SettingsSection
      id="team-details"
      title={t('teamSettings.team.title')}
      description={t('teamSettings.team.lead')}
    >
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '28rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(name);
        }}
      >
        <TextField
          label={t('teamSettings.team.name')}
          name="name"
          value={name}
          disabled={!mayRename}
          onChange={(event) => {
            setName(event.target.value);
            save.reset();
          }}
          help={mayRename ? undefined : whyNot('team.rename')}
          error={error?.fieldErrors.name}
        />
        <Text variant="caption">
          {t('teamSettings.team.currency', { currency: team.currency })}{' '}
          {can(team.role, 'billing.read') ? (
            <Link to="/settings/billing" className={textRecipe({ variant: 'link' })}>
              {t('teamSettings.team.changeCurrency')}
            </Link>
          ) : null}
        </Text>
        {error && Object.keys(error.fieldErrors).length === 0 ? (
          <Alert tone="error">{error.message}</Alert>
        ) : null}
        {save.isSuccess ? <Alert tone="success">{t('teamSettings.team.saved')}</Alert> : null}
        {mayRename ? (
          <div>
            <Button type="submit" variant="solid" loading={save.isPending} disabled={!changed}>
              {t('teamSettings.team.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}
