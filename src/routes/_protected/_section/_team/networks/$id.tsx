import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import type { Network, NetworkMember } from '@/contract/networks';
import { formatDateTime } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
import { type Translate, useT } from '@/i18n';
import { orNotFound } from '@/routes/_protected/-components/not-in-team';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { computesQuery } from '@/services/computes.queries';
import { ApiError } from '@/services/http';
import { useDeleteNetwork, useRemoveNetworkMember } from '@/services/networks.mutations';
import { networkQuery } from '@/services/networks.queries';
import { Alert } from '@/ui/alert';
import { Button, buttonRecipe } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { AddMemberForm } from './-components/add-member-form';
import { IsolationBadge, membersCount, SimulatedNetworkNotice } from './-components/network-words';

// /networks/$id: a private network's block and members (each with its address on it), live; add a compute,
// remove one, delete the network (each removal asks first).
export const Route = createFileRoute('/_protected/_section/_team/networks/$id')({
  loader: ({ context: { queryClient, team }, params }) =>
    Promise.all([
      orNotFound(queryClient.ensureQueryData(networkQuery(team.id, params.id))),
      queryClient.ensureInfiniteQueryData(computesQuery(team.id, {})),
    ]),
  notFoundComponent: () => <Missing />,
  component: NetworkPage,
});

/** The page of a network that is not in this team, or (`deleted`, its name) was deleted while open. */
function Missing({ deleted }: { deleted?: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={deleted ?? t('networks.missing.title')} />
      <EmptyState
        title={deleted !== undefined ? t('networks.missing.deleted') : t('networks.missing.none')}
        description={t('networks.missing.text')}
        action={
          <Link to="/networks" className={buttonRecipe({ variant: 'outline' })}>
            {t('networks.missing.back')}
          </Link>
        }
      />
    </>
  );
}

/** Who leaves with the network, in words. */
function leavingWords(network: Network, t: Translate): string {
  const [only, ...others] = network.members;
  if (!only) return t('networks.leaving.none');
  if (others.length === 0) return t('networks.leaving.one', { hostname: only.hostname });
  return t('networks.leaving.many', { count: network.members.length });
}

function NetworkPage() {
  const t = useT();
  const { id } = Route.useParams();
  const team = useTeam();
  const navigate = useNavigate();
  const { data, error } = useSuspenseQuery(networkQuery(team.id, id));
  const { network } = data;
  const [notice, setNotice] = useState<string | null>(null);
  const mayManage = can(team.role, 'resources.manage');
  const leave = useRemoveNetworkMember(team.id, id, {
    onSuccess: (_, member) =>
      setNotice(t('networks.members.left', { hostname: member.hostname, network: network.name })),
  });
  const remove = useDeleteNetwork(team.id, { onSuccess: () => void navigate({ to: '/networks' }) });
  const confirmLeave = useConfirmAction((member: NetworkMember) =>
    leave.mutateAsync({ computeId: member.computeId, hostname: member.hostname }),
  );
  const confirmDelete = useConfirmAction((target: Network) => remove.mutateAsync(target));
  if (error instanceof ApiError && error.status === 404 && !remove.isPending && !remove.isSuccess) {
    return <Missing deleted={network.name} />;
  }

  return (
    <>
      <PageHeader
        title={network.name}
        description={
          <span className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
            <Text as="span" variant="mono">
              {network.ipv4Block}
            </Text>
            <IsolationBadge isolation={network.isolation} />
          </span>
        }
        actions={
          mayManage ? (
            <Button variant="outline" onClick={() => confirmDelete.ask(network)}>
              {t('networks.delete')}
            </Button>
          ) : null
        }
      />
      <div className={grid({ gap: '6' })}>
        <SimulatedNetworkNotice network={network} />
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {remove.error && !confirmDelete.target ? <Alert tone="error">{remove.error.message}</Alert> : null}
        <section aria-label={t('networks.members.label')} className={grid({ gap: '2' })}>
          <Text as="h2" variant="sectionTitle">
            {t('networks.members.title', { members: membersCount(network) })}
          </Text>
          {network.members.length === 0 ? (
            <Text variant="hint">{t('networks.members.none')}</Text>
          ) : (
            <Table.Root caption={t('networks.members.caption', { name: network.name })} hideCaption>
              <Table.Head>
                <Table.Row>
                  <Table.Header>{t('networks.members.compute')}</Table.Header>
                  <Table.Header>{t('networks.members.address')}</Table.Header>
                  <Table.Header>{t('networks.members.joinedAt')}</Table.Header>
                  {mayManage ? (
                    <Table.Header>
                      <VisuallyHidden>{t('networks.members.actions')}</VisuallyHidden>
                    </Table.Header>
                  ) : null}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {network.members.map((member) => (
                  <Table.Row key={member.computeId}>
                    <Table.Cell>
                      <Link
                        to="/computes/$id/networks"
                        params={{ id: member.computeId }}
                        className={textRecipe({ variant: 'link' })}
                      >
                        {member.hostname}
                      </Link>
                    </Table.Cell>
                    <Table.Cell mono>{member.address}</Table.Cell>
                    <Table.Cell>{formatDateTime(member.attachedAt)}</Table.Cell>
                    {mayManage ? (
                      <Table.Cell>
                        <Button size="sm" variant="ghost" onClick={() => confirmLeave.ask(member)}>
                          {t('networks.members.remove')}
                          <VisuallyHidden> {member.hostname}</VisuallyHidden>
                        </Button>
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </section>
        <section aria-label={t('networks.add.title')} className={grid({ gap: '2' })}>
          <Text as="h2" variant="sectionTitle">
            {t('networks.add.title')}
          </Text>
          {mayManage ? (
            <AddMemberForm teamId={team.id} network={network} onAdded={setNotice} />
          ) : (
            <Text variant="muted">{whyNot('resources.manage')}</Text>
          )}
        </section>
      </div>
      <ConfirmDialog
        {...confirmLeave.dialog}
        cancelLabel={t('networks.cancel')}
        title={t('networks.leaveConfirm.title', {
          hostname: confirmLeave.target?.hostname ?? '',
          network: network.name,
        })}
        description={t('networks.leaveConfirm.text', { address: confirmLeave.target?.address ?? '' })}
        confirmLabel={t('networks.leaveConfirm.confirm')}
      >
        {leave.error ? <Alert tone="error">{leave.error.message}</Alert> : null}
      </ConfirmDialog>
      <ConfirmDialog
        {...confirmDelete.dialog}
        cancelLabel={t('networks.cancel')}
        title={t('networks.deleteConfirm.title', { name: network.name })}
        description={t('networks.deleteConfirm.text', { leaving: leavingWords(network, t) })}
        confirmLabel={t('networks.deleteConfirm.confirm')}
        danger
      >
        {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
      </ConfirmDialog>
    </>
  );
}
