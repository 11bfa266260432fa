import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { userTeamsQuery } from '@/services/teams.queries';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { CreateTeamDialog } from '../../-components/create-team-dialog';
import { switchTeam, useCurrentTeam } from '../../-components/use-current-team';

export const Route = createFileRoute('/_protected/account-settings/teams/joined')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(userTeamsQuery()),
  component: JoinedTeamsPage,
});

function JoinedTeamsPage() {
  const t = useT();
  const router = useRouter();
  const current = useCurrentTeam();
  const teams = useSuspenseQuery(userTeamsQuery());
  const [creating, setCreating] = useState(false);
  return (
    <>
      <SectionHeading
        title={t('account.teams.joinedTitle')}
        documentTitle={`${t('account.tab.teams')} · ${t('account.title')}`}
      />
      {teams.data.teams.length === 0 ? (
        <EmptyState
          title={t('account.teams.noneTitle')}
          description={t('account.teams.noneText')}
          action={
            <Button variant="solid" onClick={() => setCreating(true)}>
              {t('shell.createTeam.title')}
            </Button>
          }
        />
      ) : null}
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
      {teams.data.teams.length > 0 ? (
        <Table.Root caption={t('shell.teamSwitcher.yourTeams')} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('account.teams.team')}</Table.Header>
              <Table.Header>{t('account.teams.yourRole')}</Table.Header>
              <Table.Header numeric>{t('account.teams.members')}</Table.Header>
              <Table.Header>
                <VisuallyHidden>{t('ui.table.actions')}</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {teams.data.teams.map((team) => (
              <Table.Row key={team.id}>
                <Table.Cell>
                  {team.name}{' '}
                  {team.id === current?.id ? <Badge tone="accent">{t('account.teams.current')}</Badge> : null}
                </Table.Cell>
                <Table.Cell>{t('shell.role', { role: team.role })}</Table.Cell>
                <Table.Cell numeric>{team.memberCount}</Table.Cell>
                <Table.Cell>
                  {team.id === current?.id ? null : (
                    <Button size="sm" variant="ghost" onClick={() => void switchTeam(router, team.id)}>
                      {t('account.teams.switch')}
                      <VisuallyHidden> {team.name}</VisuallyHidden>
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </>
  );
}
