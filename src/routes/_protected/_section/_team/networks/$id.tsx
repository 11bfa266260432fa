import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import type { Network, NetworkMember } from '@/contract/networks';
import { formatDateTime } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
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
  notFoundComponent: () => <Missing title="Network not found" what="There is no such network in this team" />,
  component: NetworkPage,
});

function Missing({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={what}
        description="Someone in your team may have deleted it, here or in another window, or it belongs to another team."
        action={
          <Link to="/networks" className={buttonRecipe({ variant: 'outline' })}>
            Back to the networks
          </Link>
        }
      />
    </>
  );
}

/** Who leaves with the network, in words. */
function leavingWords(network: Network): string {
  const [only, ...others] = network.members;
  if (!only) return 'No compute is on it.';
  if (others.length === 0) return `${only.hostname} leaves it and loses its address on it.`;
  return `Its ${network.members.length} computes leave it and lose their addresses on it.`;
}

function NetworkPage() {
  const { id } = Route.useParams();
  const team = useTeam();
  const navigate = useNavigate();
  const { data, error } = useSuspenseQuery(networkQuery(team.id, id));
  const { network } = data;
  const [notice, setNotice] = useState<string | null>(null);
  const mayManage = can(team.role, 'resources.manage');
  const leave = useRemoveNetworkMember(team.id, id, {
    onSuccess: (_, member) =>
      setNotice(`${member.hostname} left ${network.name}; its address there is free again.`),
  });
  const remove = useDeleteNetwork(team.id, { onSuccess: () => void navigate({ to: '/networks' }) });
  const confirmLeave = useConfirmAction((member: NetworkMember) =>
    leave.mutateAsync({ computeId: member.computeId, hostname: member.hostname }),
  );
  const confirmDelete = useConfirmAction((target: Network) => remove.mutateAsync(target));
  if (error instanceof ApiError && error.status === 404 && !remove.isPending && !remove.isSuccess) {
    return <Missing title={network.name} what="This network was deleted" />;
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
              Delete
            </Button>
          ) : null
        }
      />
      <div className={grid({ gap: '6' })}>
        <SimulatedNetworkNotice network={network} />
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {remove.error && !confirmDelete.target ? <Alert tone="error">{remove.error.message}</Alert> : null}
        <section aria-label="Members" className={grid({ gap: '2' })}>
          <Text as="h2" variant="sectionTitle">
            Members ({membersCount(network)})
          </Text>
          {network.members.length === 0 ? (
            <Text variant="hint">No compute is on it yet: add one below.</Text>
          ) : (
            <Table.Root caption={`Computes on ${network.name}`} hideCaption>
              <Table.Head>
                <Table.Row>
                  <Table.Header>Compute</Table.Header>
                  <Table.Header>Private address</Table.Header>
                  <Table.Header>Joined</Table.Header>
                  {mayManage ? (
                    <Table.Header>
                      <VisuallyHidden>Actions</VisuallyHidden>
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
                          Remove<VisuallyHidden> {member.hostname}</VisuallyHidden>
                        </Button>
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </section>
        <section aria-label="Add a compute" className={grid({ gap: '2' })}>
          <Text as="h2" variant="sectionTitle">
            Add a compute
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
        title={`Remove ${confirmLeave.target?.hostname ?? ''} from ${network.name}?`}
        description={`It loses its address ${confirmLeave.target?.address ?? ''} on this network, and the network's other computes no longer reach it there.`}
        confirmLabel="Remove from the network"
      >
        {leave.error ? <Alert tone="error">{leave.error.message}</Alert> : null}
      </ConfirmDialog>
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={`Delete “${network.name}”?`}
        description={`${leavingWords(network)} This cannot be undone.`}
        confirmLabel="Delete the network"
        danger
      >
        {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
      </ConfirmDialog>
    </>
  );
}
