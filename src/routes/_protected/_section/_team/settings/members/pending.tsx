import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { flex } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
import { tRich, useT } from '@/i18n';
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
import { roleLabel } from '../-components/member-actions';

export const Route = createFileRoute('/_protected/_section/_team/settings/members/pending')({
  loader: ({ context: { queryClient, team } }) =>
    can(team.role, 'members.invite') && queryClient.ensureQueryData(teamInvitationsQuery(team.id)),
  component: PendingMembersPage,
});

function PendingMembersPage() {
  const t = useT();
  const team = useTeam();
  const mayManage = can(team.role, 'members.invite');
  const router = useRouter();
  const invitations = useQuery({ ...teamInvitationsQuery(team.id), enabled: mayManage });
  const toast = (title: string, tone: 'success' | 'error' = 'success') =>
    showToast(router.options.context.actors, { tone, title });
  const resend = useResendInvitation(team.id, {
    onSuccess: (invitation) => toast(t('members.pending.resent', { email: invitation.email })),
    onError: (error) => toast(error.message, 'error'),
  });
  const revoke = useRevokeInvitation(team.id, {
    onSuccess: (invitation) => toast(t('members.pending.revoked', { email: invitation.email })),
    onError: (error) => toast(error.message, 'error'),
  });

  return (
    <>
      <SectionHeading
        title={t('members.pending.title')}
        documentTitle={t('teamSettings.documentTitle', { page: t('members.pending.title') })}
      />
      {!mayManage ? (
        <EmptyState title={t('members.pending.notAllowed')} description={whyNot('members.invite')} />
      ) : invitations.isPending ? (
        <SkeletonText lines={3} />
      ) : invitations.isError ? (
        <Alert tone="error">{invitations.error.message}</Alert>
      ) : invitations.data.invitations.length === 0 ? (
        <EmptyState
          title={t('members.pending.empty')}
          description={t('members.pending.emptyLead', { button: t('members.invite.open') })}
        />
      ) : (
        <Table.Root caption={t('members.pending.caption')} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('members.column.email')}</Table.Header>
              <Table.Header>{t('members.column.role')}</Table.Header>
              <Table.Header>{t('members.column.invitedBy')}</Table.Header>
              <Table.Header>{t('members.column.expires')}</Table.Header>
              <Table.Header>
                <VisuallyHidden>{t('members.column.actions')}</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {invitations.data.invitations.map((invitation) => (
              <Table.Row key={invitation.id}>
                <Table.Cell translate="no">{invitation.email}</Table.Cell>
                <Table.Cell>
                  <Badge>{roleLabel(t, invitation.role)}</Badge>
                </Table.Cell>
                <Table.Cell translate="no">{invitation.invitedBy.name}</Table.Cell>
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
                      {t('members.pending.resend')}
                      <VisuallyHidden>
                        {' '}
                        {tRich('members.pending.resendTo', {
                          email: <span translate="no">{invitation.email}</span>,
                        })}
                      </VisuallyHidden>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={revoke.isPending && revoke.variables?.id === invitation.id}
                      onClick={() => revoke.mutate(invitation)}
                    >
                      {t('members.pending.revoke')}
                      <VisuallyHidden>
                        {' '}
                        {tRich('members.pending.revokeTo', {
                          email: <span translate="no">{invitation.email}</span>,
                        })}
                      </VisuallyHidden>
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
