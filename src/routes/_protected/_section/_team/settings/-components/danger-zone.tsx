// Deleting the team: owner only, and only once it holds no computes or domains (the server checks).
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { showToast } from '@/app-actors';
import type { Team } from '@/contract/teams';
import { can, whyNot } from '@/domain/permissions';
import { type Translate, useT } from '@/i18n';
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
  const t = useT();
  const router = useRouter();
  const [typed, setTyped] = useState('');
  const remove = useDeleteTeam(team.id, {
    onSuccess: async () => {
      removeStorage('previousTeam');
      showToast(router.options.context.actors, {
        tone: 'success',
        title: t('teamSettings.delete.deleted', { team: team.name }),
      });
      await router.invalidate();
      await router.navigate({ to: '/overview' });
    },
  });
  const confirmDelete = useConfirmAction(() => remove.mutateAsync(), { onClose: () => setTyped('') });
  const mayDelete = can(team.role, 'team.delete');
  // What still holds the team: the button says so instead of opening a dialog the server would refuse.
  const computes = useQuery({ ...computeCountQuery(team.id), enabled: mayDelete }).data;
  const domains = useQuery({ ...domainsQuery(team.id), enabled: mayDelete }).data?.domains.length;
  const holding = holdingWords(t, computes ?? 0, domains ?? 0);
  return (
    <SettingsSection
      id="delete-team"
      title={t('teamSettings.delete.title')}
      description={t('teamSettings.delete.lead')}
    >
      <Text variant="muted">{holding ?? t('teamSettings.delete.onlyEmpty')}</Text>
      {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
      <div>
        <Button
          variant="danger"
          disabled={!mayDelete || holding !== null}
          onClick={() => confirmDelete.ask(true)}
        >
          {t('teamSettings.delete.button')}
        </Button>
      </div>
      {mayDelete ? null : <Text variant="hint">{whyNot('team.delete')}</Text>}
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={t('teamSettings.delete.confirmTitle', { team: team.name })}
        description={t('teamSettings.delete.confirmLead')}
        confirmLabel={t('teamSettings.delete.title')}
        danger
        confirmDisabled={typed.trim() !== team.name}
      >
        <TextField
          label={t('teamSettings.team.name')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </ConfirmDialog>
    </SettingsSection>
  );
}

/** What still holds the team, in one sentence; null when nothing does. */
function holdingWords(t: Translate, computes: number, domains: number): string | null {
  if (computes > 0 && domains > 0) return t('teamSettings.delete.holdsBoth', { computes, domains });
  if (computes > 0) return t('teamSettings.delete.holdsComputes', { computes });
  if (domains > 0) return t('teamSettings.delete.holdsDomains', { domains });
  return null;
}
