import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { flex } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { SectionHeading } from '@/routes/-components/page';
import { useResendInvitation, useRevokeInvitation } from '@/services/teams.mutations';
import { teamInvitationsQuery } from '@/services/teams.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { SkeletonText } from '@/ui/skeleton';
import * as Table from '@/ui/table';
import { VisuallyHidden } from '@/ui/visually-hidden';

export const Route = createFileRoute('/_protected/_section/_team/settings/members/pending')({
  loader: ({ context: { queryClient, team } }) =>
    can(team.role, 'members.invite') && queryClient.ensureQueryData(teamInvitationsQuery(team.id)),
  component: PendingMembersPage,
});

function PendingMembersPage() {
  const team = useTeam();
  const mayManage = can(team.role, 'members.invite');
  const router = useRouter();
  const invitations = useQuery({ ...teamInvitationsQuery(team.id), enabled: mayManage });
  const toast = (title: string, tone: 'success' | 'error' = 'success') =>
    showToast(router.options.context.actors, { tone, title });
  const resend = useResendInvitation(team.id, {
    onSuccess: (invitation) =>
      toast(`A new link was sent to ${invitation.email}; the old one no longer works.`),
    onError: (error) => toast(error.message, 'error'),
  });
  const revoke = useRevokeInvitation(team.id, {
    onSuccess: (invitation) => toast(`The invitation to ${invitation.email} was revoked.`),
    onError: (error) => toast(error.message, 'error'),
  });

  return (
    <>
      <SectionHeading title="Pending invitations" documentTitle="Pending invitations · Settings" />
      {!mayManage ? (
        <EmptyState title="Invitations are for owners and admins" description={whyNot('members.invite')} />
      ) : invitations.isPending ? (
        <SkeletonText lines={3} />
      ) : invitations.isError ? (
        <Alert tone="error">{invitations.error.message}</Alert>
      ) : invitations.data.invitations.length === 0 ? (
        <EmptyState
          title="No invitations waiting"
          description="Invite someone by e-mail with “Invite someone”; their invitation shows here until they answer."
        />
      ) : (
        <Table.Root caption="Invitations waiting for an answer" hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>E-mail</Table.Header>
              <Table.Header>Role</Table.Header>
              <Table.Header>Invited by</Table.Header>
              <Table.Header>Expires</Table.Header>
              <Table.Header>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {invitations.data.invitations.map((invitation) => (
              <Table.Row key={invitation.id}>
                <Table.Cell>{invitation.email}</Table.Cell>
                <Table.Cell>
                  <Badge>{invitation.role === 'ADMIN' ? 'Admin' : 'Member'}</Badge>
                </Table.Cell>
                <Table.Cell>{invitation.invitedBy.name}</Table.Cell>
                <Table.Cell>
                  <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
                    {formatRelative(invitation.expiresAt)}
                  </time>
                </Table.Cell>
                <Table.Cell>
                  <div className={flex({ gap: '1', justify: 'flex-end' })}>
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={resend.isPending && resend.variables?.id === invitation.id}
                      onClick={() => resend.mutate(invitation)}
                    >
                      Resend<VisuallyHidden> to {invitation.email}</VisuallyHidden>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={revoke.isPending && revoke.variables?.id === invitation.id}
                      onClick={() => revoke.mutate(invitation)}
                    >
                      Revoke
                      <VisuallyHidden> the invitation to {invitation.email}</VisuallyHidden>
                    </Button>
                  </div>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </>
  );
}
