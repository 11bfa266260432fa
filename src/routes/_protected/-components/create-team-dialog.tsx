// Creating a team: a name and the currency its prices and invoices use (RWF by default).
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import type { Currency } from '@/contract/teams';
import { type Translate, useT } from '@/i18n';
import { ApiError } from '@/services/http';
import { useCreateTeam } from '@/services/teams.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { Select } from '@/ui/select';
import { TextField } from '@/ui/text-field';
import { switchTeam } from './use-current-team';

export const currencyItems = (t: Translate) => [
  { value: 'RWF', label: t('shell.currency.rwf') },
  { value: 'USD', label: t('shell.currency.usd') },
];

export function CreateTeamDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const router = useRouter();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState<Currency>('RWF');
  const create = useCreateTeam({
    onSuccess: async (team) => {
      onOpenChange(false);
      setName('');
      showToast(router.options.context.actors, {
        tone: 'success',
        title: t('shell.createTeam.ready', { name: team.name }),
        description: t('shell.createTeam.owner'),
      });
      await switchTeam(router, team.id);
    },
  });
  const error = create.error instanceof ApiError ? create.error : null;
  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => onOpenChange(next)} size="sm">
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{t('shell.createTeam.title')}</Dialog.Title>
          <Dialog.CloseTrigger />
        </Dialog.Header>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name, currency });
          }}
        >
          <Dialog.Body>
            <div className={grid({ gap: '4' })}>
              <Dialog.Description>{t('shell.createTeam.lead')}</Dialog.Description>
              <TextField
                label={t('shell.createTeam.name')}
                name="name"
                required
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={error?.fieldErrors.name}
              />
              <Select
                label={t('shell.createTeam.currency')}
                items={currencyItems(t)}
                value={currency}
                onValueChange={(value) => setCurrency((value as Currency | null) ?? 'RWF')}
                help={t('shell.createTeam.currencyHelp')}
                error={error?.fieldErrors.currency}
              />
              {error && Object.keys(error.fieldErrors).length === 0 ? (
                <Alert tone="error">{error.message}</Alert>
              ) : null}
            </div>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="ghost">{t('ui.cancel')}</Button>
            </Dialog.Close>
            <Button type="submit" variant="solid" loading={create.isPending}>
              {t('shell.createTeam.submit')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
