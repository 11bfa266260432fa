import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { flex, grid, panel } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import { formatDateTimeWithZone } from '@/domain/helpers/time';
import { useT } from '@/i18n';
import { PageHeader } from '@/routes/-components/page';
import { useAcceptInvitation, useDeclineInvitation } from '@/services/teams.mutations';
import { invitationQuery } from '@/services/teams.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { SkeletonText } from '@/ui/skeleton';
import { Text, textRecipe } from '@/ui/text';
import { switchTeam } from '../../-components/use-current-team';

// An invitation to join a team: who invites, to which team, with which role, until when; accept or decline.
export const Route = createFileRoute('/_protected/_section/invitation/$id')({
  // An invitation that cannot be opened (answered, expired, for someone else) says why on the page.
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(invitationQuery(params.id)).catch(() => {}),
  component: InvitationPage,
});

function InvitationPage() {
  const t = useT();
  const { id } = Route.useParams();
  const router = useRouter();
  const invitation = useQuery(invitationQuery(id));
  const accept = useAcceptInvitation(id, {
    onSuccess: async () => {
      const team = invitation.data!.team;
      showToast(router.options.context.actors, {
        tone: 'success',
        title: t('invitation.welcome', { team: team.name }),
      });
      await switchTeam(router, team.id);
    },
  });
  const decline = useDeclineInvitation(id);
  const failure = accept.error ?? decline.error;

  return (
    <>
      <PageHeader title={t('invitation.title')} />
      {invitation.isPending ? <SkeletonText lines={3} /> : null}
      {invitation.isError ? (
        <EmptyState
          title={invitation.error.message}
          description={t('invitation.unreadable')}
          action={
            <Link to="/account-settings/teams/pending" className={textRecipe({ variant: 'link' })}>
              {t('invitation.yours')}
            </Link>
          }
        />
      ) : null}
      {invitation.data ? (
        <section
          aria-labelledby="invitation-title"
          className={panel({ gap: '4', padding: '6', maxWidth: '34rem' })}
        >
          <Text as="h2" variant="sectionTitle" id="invitation-title">
            {t('invitation.join', { team: invitation.data.team.name })}
          </Text>
          <dl className={grid({ gap: '2 4', gridTemplateColumns: 'auto 1fr' })}>
            <Text as="dt" variant="muted">
              {t('members.column.invitedBy')}
            </Text>
            <dd>
              {invitation.data.invitedBy.name} ({invitation.data.invitedBy.email})
            </dd>
            <Text as="dt" variant="muted">
              {t('members.column.role')}
            </Text>
            <dd>{invitation.data.role === 'ADMIN' ? t('invitation.asAdmin') : t('invitation.asMember')}</dd>
            <Text as="dt" variant="muted">
              {t('members.column.expires')}
            </Text>
            <dd>
              <time dateTime={invitation.data.expiresAt}>
                {formatDateTimeWithZone(invitation.data.expiresAt)}
              </time>
            </dd>
          </dl>
          {invitation.data.status === 'PENDING' ? (
            <div className={flex({ gap: '2' })}>
              <Button
                variant="solid"
                loading={accept.isPending}
                disabled={decline.isPending}
                onClick={() => accept.mutate()}
              >
                {t('invitation.accept')}
              </Button>
              <Button
                variant="outline"
                loading={decline.isPending}
                disabled={accept.isPending}
                onClick={() => decline.mutate()}
              >
                {t('invitation.decline')}
              </Button>
            </div>
          ) : null}
          {invitation.data.status === 'ACCEPTED' ? (
            <Alert tone="success">{t('invitation.accepted')}</Alert>
          ) : null}
          {invitation.data.status === 'DECLINED' ? (
            <Alert tone="info">{t('invitation.declined', { name: invitation.data.invitedBy.name })}</Alert>
          ) : null}
          {invitation.data.status === 'REVOKED' ? (
            <Alert tone="info">{t('invitation.revoked', { name: invitation.data.invitedBy.name })}</Alert>
          ) : null}
          {invitation.data.status === 'EXPIRED' ? (
            <Alert tone="info">{t('invitation.expired', { name: invitation.data.invitedBy.name })}</Alert>
          ) : null}
          {failure ? <Alert tone="error">{failure.message}</Alert> : null}
        </section>
      ) : null}
    </>
  );
}
