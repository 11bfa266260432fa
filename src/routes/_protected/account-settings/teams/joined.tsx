import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
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

const roleLabel = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' } as const;

function JoinedTeamsPage() {
  const router = useRouter();
  const current = useCurrentTeam();
  const teams = useSuspenseQuery(userTeamsQuery());
  const [creating, setCreating] = useState(false);
  return (
    <>
      <SectionHeading title="Teams you belong to" documentTitle="Teams · Account settings" />
      {teams.data.teams.length === 0 ? (
        <EmptyState
          title="You are not in any team"
          description="Computes and domains belong to a team: create one, or accept an invitation (under Pending)."
          action={
            <Button variant="solid" onClick={() => setCreating(true)}>
              Create a team
            </Button>
          }
        />
      ) : null}
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
      {teams.data.teams.length > 0 ? (
        <Table.Root caption="Your teams" hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>Team</Table.Header>
              <Table.Header>Your role</Table.Header>
              <Table.Header numeric>Members</Table.Header>
              <Table.Header>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {teams.data.teams.map((team) => (
              <Table.Row key={team.id}>
                <Table.Cell>
                  {team.name} {team.id === current?.id ? <Badge tone="accent">Current</Badge> : null}
                </Table.Cell>
                <Table.Cell>{roleLabel[team.role]}</Table.Cell>
                <Table.Cell numeric>{team.memberCount}</Table.Cell>
                <Table.Cell>
                  {team.id === current?.id ? null : (
                    <Button size="sm" variant="ghost" onClick={() => void switchTeam(router, team.id)}>
                      Switch to<VisuallyHidden> {team.name}</VisuallyHidden>
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
