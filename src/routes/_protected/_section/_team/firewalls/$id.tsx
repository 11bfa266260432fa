import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import type { Firewall } from '@/contract/firewalls';
import { formatDateTime } from '@/domain/helpers/time';
import { can } from '@/domain/permissions';
import { orNotFound } from '@/routes/_protected/-components/not-in-team';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { computesQuery } from '@/services/computes.queries';
import { useDeleteFirewall, useUpdateFirewall } from '@/services/firewalls.mutations';
import { firewallQuery } from '@/services/firewalls.queries';
import { ApiError } from '@/services/http';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button, buttonRecipe } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { FirewallForm } from './-components/firewall-form';
import { EnforcementBadge, ruleSummary } from './-components/firewall-view';

// /firewalls/$id: a firewall's rules, the computes and tags it applies to and its history, live; Edit opens
// the form in place; Delete asks first.
export const Route = createFileRoute('/_protected/_section/_team/firewalls/$id')({
  loader: ({ context: { queryClient, team }, params }) =>
    Promise.all([
      orNotFound(queryClient.ensureQueryData(firewallQuery(team.id, params.id))),
      queryClient.ensureInfiniteQueryData(computesQuery(team.id, {})),
    ]),
  notFoundComponent: () => (
    <Missing title="Firewall not found" what="There is no such firewall in this team" />
  ),
  component: FirewallPage,
});

function Missing({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={what}
        description="Someone in your team may have deleted it, here or in another window."
        action={
          <Link to="/firewalls" className={buttonRecipe({ variant: 'outline' })}>
            Back to the firewalls
          </Link>
        }
      />
    </>
  );
}

function FirewallPage() {
  const { id } = Route.useParams();
  const team = useTeam();
  const navigate = useNavigate();
  const { data, error } = useSuspenseQuery(firewallQuery(team.id, id));
  const { firewall, history } = data;
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const mayManage = can(team.role, 'resources.manage');
  const update = useUpdateFirewall(team.id, id);
  const remove = useDeleteFirewall(team.id, {
    onSuccess: () => void navigate({ to: '/firewalls' }),
  });
  const confirmDelete = useConfirmAction((target: Firewall) => remove.mutateAsync(target));
  if (error instanceof ApiError && error.status === 404 && !remove.isPending && !remove.isSuccess) {
    return <Missing title={firewall.name} what="This firewall was deleted" />;
  }

  return (
    <>
      <PageHeader
        title={firewall.name}
        description={<EnforcementBadge enforcement={firewall.enforcement} />}
        actions={
          mayManage && !editing ? (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="outline" onClick={() => confirmDelete.ask(firewall)}>
                Delete
              </Button>
            </>
          ) : null
        }
      />
      <div className={grid({ gap: '6' })}>
        {notice && !editing ? <Alert tone="success">{notice}</Alert> : null}
        {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
        {editing ? (
          <FirewallForm
            teamId={team.id}
            firewall={firewall}
            submitLabel="Save the firewall"
            save={(request) => update.mutateAsync(request)}
            onSaved={(saved) => {
              setEditing(false);
              setNotice(`“${saved.name}” is saved and applied.`);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <section aria-label="Inbound rules" className={grid({ gap: '2' })}>
              <Text as="h2" variant="sectionTitle">
                Inbound rules
              </Text>
              {firewall.rules.length === 0 ? (
                <Text variant="hint">None: the computes under it accept no inbound traffic.</Text>
              ) : (
                <Table.Root caption={`Inbound rules of ${firewall.name}`} hideCaption>
                  <Table.Head>
                    <Table.Row>
                      <Table.Header>Protocol</Table.Header>
                      <Table.Header>Ports</Table.Header>
                      <Table.Header>Sources</Table.Header>
                    </Table.Row>
                  </Table.Head>
                  <Table.Body>
                    {firewall.rules.map((rule, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no identity but its place
                      <Table.Row key={index} aria-label={ruleSummary(rule)}>
                        <Table.Cell>{rule.protocol.toUpperCase()}</Table.Cell>
                        <Table.Cell mono>{rule.ports ?? '—'}</Table.Cell>
                        <Table.Cell mono>{rule.sources.join(', ')}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </section>
            <section aria-label="Applies to" className={grid({ gap: '2' })}>
              <Text as="h2" variant="sectionTitle">
                Applies to
              </Text>
              {firewall.computes.length === 0 ? (
                <Text variant="hint">No compute yet.</Text>
              ) : (
                <ul className={wrap({ gap: '3' })}>
                  {firewall.computes.map((compute) => (
                    <li key={compute.id}>
                      <Link
                        to="/computes/$id"
                        params={{ id: compute.id }}
                        className={textRecipe({ variant: 'link' })}
                      >
                        {compute.hostname}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              {firewall.tags.length > 0 ? (
                <div className={wrap({ gap: '2' })}>
                  <Text as="span" variant="hint">
                    And every compute tagged
                  </Text>
                  {firewall.tags.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </div>
              ) : null}
            </section>
          </>
        )}
        <section aria-label="History" className={grid({ gap: '2' })}>
          <Text as="h2" variant="sectionTitle">
            History
          </Text>
          <ol className={grid({ gap: '2' })}>
            {[...history].reverse().map((event) => (
              <li key={`${event.at}-${event.message}`}>
                <Text variant="small">{event.message}</Text>
                <Text variant="hint">
                  {formatDateTime(event.at)}
                  {event.actor ? ` · ${event.actor.name}` : ''}
                </Text>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={`Delete “${confirmDelete.target?.name ?? ''}”?`}
        description="The computes it covered lose its rules within seconds: under no other firewall, they accept all inbound traffic."
        confirmLabel="Delete the firewall"
        danger
      />
    </>
  );
}
