import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { useT } from '@/i18n';
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
  const t = useT();
  const invitations = useSuspenseQuery(myInvitationsQuery());
  return (
    <>
      <SectionHeading
        title={t('account.invitations.title')}
        documentTitle={`${t('account.invitations.documentTitle')} · ${t('account.title')}`}
      />
      {invitations.data.invitations.length === 0 ? (
        <EmptyState
          title={t('account.invitations.noneTitle')}
          description={t('account.invitations.noneText')}
        />
      ) : null}
      {invitations.data.invitations.length > 0 ? (
        <Table.Root caption={t('account.invitations.caption')} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('account.teams.team')}</Table.Header>
              <Table.Header>{t('account.invitations.invitedBy')}</Table.Header>
              <Table.Header>{t('account.invitations.role')}</Table.Header>
              <Table.Header>{t('account.tokens.expires')}</Table.Header>
              <Table.Header>
                <VisuallyHidden>{t('account.invitations.answer')}</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {invitations.data.invitations.map((invitation) => (
              <Table.Row key={invitation.id}>
                <Table.Cell>{invitation.team.name}</Table.Cell>
                <Table.Cell>{invitation.invitedBy.name}</Table.Cell>
                <Table.Cell>{t('shell.role', { role: invitation.role })}</Table.Cell>
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
                    {t('account.invitations.open')}
                    <VisuallyHidden>
                      {' '}
                      {t('account.invitations.openHidden', { team: invitation.team.name })}
                    </VisuallyHidden>
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
