// Deleting the team: owner only, and only once it holds no computes or domains (the server checks).
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { showToast } from '@/app-actors';
import type { Team } from '@/contract/teams';
import { can, whyNot } from '@/domain/permissions';
import { SettingsSection } from '@/routes/_protected/-components/settings-section';
import { computeCountQuery } from '@/services/computes.queries';
import { domainsQuery } from '@/services/domains.queries';
import { removeStorage } from '@/services/storage';
import { useDeleteTeam } from '@/services/teams.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { useConfirmAction } from '@/ui/use-confirm-action';

export function DangerZone({ team }: { team: Team }) {
  const router = useRouter();
  const [typed, setTyped] = useState('');
  const remove = useDeleteTeam(team.id, {
    onSuccess: async () => {
      removeStorage('previousTeam');
      showToast(router.options.context.actors, { tone: 'success', title: `${team.name} was deleted.` });
      await router.invalidate();
      await router.navigate({ to: '/overview' });
    },
  });
  const confirmDelete = useConfirmAction(() => remove.mutateAsync(), { onClose: () => setTyped('') });
  const mayDelete = can(team.role, 'team.delete');
  // What still holds the team: the button says so instead of opening a dialog the server would refuse.
  const computes = useQuery({ ...computeCountQuery(team.id), enabled: mayDelete }).data;
  const domains = useQuery({ ...domainsQuery(team.id), enabled: mayDelete }).data?.domains.length;
  const holding = [
    computes ? `${computes} compute${computes === 1 ? '' : 's'}` : null,
    domains ? `${domains} domain${domains === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return (
    <SettingsSection
      id="delete-team"
      title="Delete the team"
      description="Deleting a team removes its members, invitations and history. It cannot be undone."
    >
      <Text variant="muted">
        {holding.length > 0
          ? `This team still has ${holding.join(' and ')}: destroy or delete them first, then it can be deleted.`
          : 'A team can only be deleted once it has no computes and no domains.'}
      </Text>
      {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
      <div>
        <Button
          variant="danger"
          disabled={!mayDelete || holding.length > 0}
          onClick={() => confirmDelete.ask(true)}
        >
          Delete this team
        </Button>
      </div>
      {mayDelete ? null : <Text variant="hint">{whyNot('team.delete')}</Text>}
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={`Delete ${team.name}?`}
        description="Its members lose access and its history is removed. Type the team's name to confirm."
        confirmLabel="Delete the team"
        danger
        confirmDisabled={typed.trim() !== team.name}
      >
        <TextField
          label="Team name"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </ConfirmDialog>
    </SettingsSection>
  );
}
