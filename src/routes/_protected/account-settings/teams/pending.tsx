import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { SectionHeading } from '@/routes/-components/page';
import { myInvitationsQuery } from '@/services/teams.queries';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { textRecipe } from '@/ui/text';
import { VisuallyHidden } from '@/ui/visually-hidden';

export const Route = createFileRoute('/_protected/account-settings/teams/pending')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(myInvitationsQuery()),
  component: PendingTeamsPage,
});

function PendingTeamsPage() {
  const invitations = useSuspenseQuery(myInvitationsQuery());
  return (
    <>
      <SectionHeading title="Invitations to you" documentTitle="Invitations · Account settings" />
      {invitations.data.invitations.length === 0 ? (
        <EmptyState
          title="No invitations"
          description="When someone invites you to their team, the invitation shows here and in your e-mail."
        />
      ) : null}
      {invitations.data.invitations.length > 0 ? (
        <Table.Root caption="Invitations waiting for your answer" hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>Team</Table.Header>
              <Table.Header>Invited by</Table.Header>
              <Table.Header>Role</Table.Header>
              <Table.Header>Expires</Table.Header>
              <Table.Header>
                <VisuallyHidden>Answer</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {invitations.data.invitations.map((invitation) => (
              <Table.Row key={invitation.id}>
                <Table.Cell>{invitation.team.name}</Table.Cell>
                <Table.Cell>{invitation.invitedBy.name}</Table.Cell>
                <Table.Cell>{invitation.role === 'ADMIN' ? 'Admin' : 'Member'}</Table.Cell>
                <Table.Cell>
                  <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
                    {formatRelative(invitation.expiresAt)}
                  </time>
                </Table.Cell>
                <Table.Cell>
                  <Link
                    to="/invitation/$id"
                    params={{ id: invitation.id }}
                    className={textRecipe({ variant: 'link' })}
                  >
                    Open
                    <VisuallyHidden> the invitation to {invitation.team.name}</VisuallyHidden>
                  </Link>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </>
  );
}
