import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { tRich, useT } from '@/i18n';
import { switchTeam, useTeam } from '@/routes/_protected/-components/use-current-team';
import { SectionHeading } from '@/routes/-components/page';
import { currentSessionQuery } from '@/services/auth.queries';
import { useLeaveTeam } from '@/services/teams.mutations';
import { membersQuery, userTeamsQuery } from '@/services/teams.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import * as Table from '@/ui/table';
import { Text } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { MemberActions, roleLabel } from '../-components/member-actions';

export const Route = createFileRoute('/_protected/_section/_team/settings/members/active')({
  loader: ({ context: { queryClient, team } }) => queryClient.ensureQueryData(membersQuery(team.id)),
  component: ActiveMembersPage,
});

function ActiveMembersPage() {
  const t = useT();
  const team = useTeam();
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useQuery(currentSessionQuery()).data?.user;
  const members = useSuspenseQuery(membersQuery(team.id));
  const leave = useLeaveTeam(team.id, {
    onSuccess: async () => {
      showToast(router.options.context.actors, {
        tone: 'success',
        title: t('members.active.left', { team: team.name }),
      });
      const next = (await queryClient.fetchQuery(userTeamsQuery())).teams[0];
      if (next) await switchTeam(router, next.id);
      else await router.navigate({ to: '/overview' });
    },
  });
  const confirmLeave = useConfirmAction(() => leave.mutateAsync());
  const teamName = <span translate="no">{team.name}</span>;
  const active = members.data.members.filter((member) => member.status === 'ACTIVE');
  // Told to the owner only: who uses two-factor sign-in, for deciding to require it.
  const showsTwoFactor = active.some((member) => member.twoFactor !== undefined);
  return (
    <>
      <SectionHeading
        title={t('members.active.title')}
        documentTitle={t('teamSettings.documentTitle', { page: t('members.active.title') })}
      />
      {members.error ? <Alert tone="error">{members.error.message}</Alert> : null}
      <Table.Root caption={tRich('members.active.caption', { team: teamName })} hideCaption>
        <Table.Head>
          <Table.Row>
            <Table.Header>{t('members.column.name')}</Table.Header>
            <Table.Header>{t('members.column.email')}</Table.Header>
            <Table.Header>{t('members.column.role')}</Table.Header>
            <Table.Header>{t('members.column.joined')}</Table.Header>
            {showsTwoFactor ? <Table.Header>{t('teamSettings.twoFactor.title')}</Table.Header> : null}
            <Table.Header>
              <VisuallyHidden>{t('members.column.actions')}</VisuallyHidden>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {active.map((member) => (
            <Table.Row key={member.userId}>
              <Table.Cell>
                <span translate="no">{member.name}</span>
                {member.userId === me?.id ? (
                  <Text as="span" variant="muted">
                    {' '}
                    {t('members.active.you')}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell translate="no">{member.email}</Table.Cell>
              <Table.Cell>
                <Badge tone={member.role === 'OWNER' ? 'accent' : 'neutral'}>
                  {roleLabel(t, member.role)}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <time dateTime={member.joinedAt} title={formatDateTime(member.joinedAt)}>
                  {formatRelative(member.joinedAt)}
                </time>
              </Table.Cell>
              {showsTwoFactor ? (
                <Table.Cell>
                  <Badge tone={member.twoFactor ? 'success' : 'neutral'}>
                    {member.twoFactor ? t('members.active.twoFactorOn') : t('members.active.twoFactorOff')}
                  </Badge>
                </Table.Cell>
              ) : null}
              <Table.Cell>
                <MemberActions team={team} member={member} isSelf={member.userId === me?.id} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <div className={grid({ gap: '2', marginTop: '6', justifyItems: 'start' })}>
        {team.role === 'OWNER' ? (
          <Text variant="muted">{tRich('members.active.ownerCannotLeave', { team: teamName })}</Text>
        ) : (
          <Button variant="outline" onClick={() => confirmLeave.ask(true)}>
            {tRich('members.active.leave', { team: teamName })}
          </Button>
        )}
        {leave.error ? <Alert tone="error">{leave.error.message}</Alert> : null}
      </div>
      <ConfirmDialog
        {...confirmLeave.dialog}
        title={t('members.active.leaveTitle', { team: team.name })}
        description={t('members.active.leaveLead')}
        confirmLabel={t('members.active.leaveConfirm')}
        danger
      />
    </>
  );
}
