// The team's name and currency, each editable by the roles the permission matrix allows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from '../../../../../../../styled-system/css';
import type { Currency, Team } from '../../../../../../contract/teams';
import { can, whyNot } from '../../../../../../domain/permissions';
import { ApiError } from '../../../../../../services/http';
import { updateTeam } from '../../../../../../services/teams.api';
import { teamKeys } from '../../../../../../services/teams.queries';
import { Alert } from '../../../../../../ui/alert';
import { Button } from '../../../../../../ui/button';
import { Select } from '../../../../../../ui/select';
import { TextField } from '../../../../../../ui/text-field';
import { currencyItems } from '../../../../-components/create-team-dialog';
import { SettingsSection } from '../../../../-components/settings-section';

export function TeamDetailsSection({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(team.name);
  const [currency, setCurrency] = useState<Currency>(team.currency);
  const mayRename = can(team.role, 'team.rename');
  const mayChangeCurrency = can(team.role, 'team.changeCurrency');
  const save = useMutation({
    mutationFn: () =>
      updateTeam(team.id, {
        ...(name !== team.name ? { name } : {}),
        ...(currency !== team.currency ? { currency } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.userTeams() }),
  });
  const error = save.error instanceof ApiError ? save.error : null;
  const changed = name !== team.name || currency !== team.currency;

  return (
    <SettingsSection
      id="team-details"
      title="Team"
      description="The name your members see, and the currency of prices, the balance and invoices."
    >
      <form
        noValidate
        className={css({ display: 'grid', gap: '4', maxWidth: '28rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <TextField
          label="Team name"
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
        <Select
          label="Currency"
          items={currencyItems}
          value={currency}
          disabled={!mayChangeCurrency}
          onValueChange={(value) => {
            setCurrency((value as Currency | null) ?? team.currency);
            save.reset();
          }}
          help={
            mayChangeCurrency
              ? 'New prices and invoices use it; past invoices keep theirs.'
              : whyNot('team.changeCurrency')
          }
          error={error?.fieldErrors.currency}
        />
        {error && Object.keys(error.fieldErrors).length === 0 ? (
          <Alert tone="error">{error.message}</Alert>
        ) : null}
        {save.isSuccess ? <Alert tone="success">The team is saved.</Alert> : null}
        {mayRename || mayChangeCurrency ? (
          <div>
            <Button type="submit" variant="solid" loading={save.isPending} disabled={!changed}>
              Save team
            </Button>
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}
