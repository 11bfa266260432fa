// Creating a team: a name and the currency its prices and invoices use (RWF by default).
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import type { Currency } from '@/contract/teams';
import { ApiError } from '@/services/http';
import { useCreateTeam } from '@/services/teams.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { Select } from '@/ui/select';
import { TextField } from '@/ui/text-field';
import { switchTeam } from './use-current-team';

export const currencyItems = [
  { value: 'RWF', label: 'Rwandan franc (RWF)' },
  { value: 'USD', label: 'US dollar (USD)' },
];

export function CreateTeamDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState<Currency>('RWF');
  const create = useCreateTeam({
    onSuccess: async (team) => {
      onOpenChange(false);
      setName('');
      showToast(router.options.context.actors, {
        tone: 'success',
        title: `${team.name} is ready`,
        description: 'You are its owner.',
      });
      await switchTeam(router, team.id);
    },
  });
  const error = create.error instanceof ApiError ? create.error : null;
  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => onOpenChange(next)} size="sm">
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>Create a team</Dialog.Title>
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
              <Dialog.Description>
                A team owns computes, domains and a balance. You can invite people to it afterwards.
              </Dialog.Description>
              <TextField
                label="Team name"
                name="name"
                required
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={error?.fieldErrors.name}
              />
              <Select
                label="Currency"
                items={currencyItems}
                value={currency}
                onValueChange={(value) => setCurrency((value as Currency | null) ?? 'RWF')}
                help="Prices, the balance and invoices use this currency."
                error={error?.fieldErrors.currency}
              />
              {error && Object.keys(error.fieldErrors).length === 0 ? (
                <Alert tone="error">{error.message}</Alert>
              ) : null}
            </div>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="ghost">Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="solid" loading={create.isPending}>
              Create team
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
