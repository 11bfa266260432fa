import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import type { Firewall } from '@/contract/firewalls';
import { can } from '@/domain/permissions';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { firewallsQuery } from '@/services/firewalls.queries';
import { buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { EnforcementBadge, ruleSummary } from './-components/firewall-view';

// /firewalls: the team's firewalls — their rules and the computes they apply to — kept live by the socket.
export const Route = createFileRoute('/_protected/_section/_team/firewalls/')({
  loader: ({ context: { queryClient, team } }) => queryClient.ensureQueryData(firewallsQuery(team.id)),
  component: FirewallsPage,
});

function appliesTo(firewall: Firewall): string {
  const computes = firewall.computes.length;
  const tags = firewall.tags.length > 0 ? ` (tags ${firewall.tags.join(', ')})` : '';
  return `${computes === 0 ? 'No compute' : `${computes} compute${computes === 1 ? '' : 's'}`}${tags}`;
}

function FirewallsPage() {
  const team = useTeam();
  const firewalls = useSuspenseQuery(firewallsQuery(team.id)).data.firewalls;
  const create = can(team.role, 'resources.manage') ? (
    <Link to="/firewalls/new" className={buttonRecipe({ variant: 'solid' })}>
      Create a firewall
    </Link>
  ) : null;
  return (
    <>
      <PageHeader
        title="Firewalls"
        description="Inbound rules for the team's computes, applied by compute or by tag."
        actions={create}
      />
      <div className={grid({ gap: '4' })}>
        {firewalls.length === 0 ? (
          <EmptyState
            title="No firewalls yet"
            description="A compute under no firewall accepts all inbound traffic. A firewall lets in only what its rules allow."
            action={create}
          />
        ) : (
          <Table.Root caption={`Firewalls of the team (${firewalls.length})`} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>Firewall</Table.Header>
                <Table.Header>Inbound rules</Table.Header>
                <Table.Header>Applies to</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {firewalls.map((firewall) => (
                <Table.Row key={firewall.id}>
                  <Table.Cell>
                    <Link
                      to="/firewalls/$id"
                      params={{ id: firewall.id }}
                      className={textRecipe({ variant: 'link' })}
                    >
                      {firewall.name}
                    </Link>
                    <Table.Detail>
                      <EnforcementBadge enforcement={firewall.enforcement} />
                    </Table.Detail>
                  </Table.Cell>
                  <Table.Cell>
                    {firewall.rules.length === 0 ? (
                      <Text as="span" variant="hint">
                        None: nothing gets in
                      </Text>
                    ) : (
                      firewall.rules.map((rule, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no identity but its place
                        <Table.Detail key={index}>{ruleSummary(rule)}</Table.Detail>
                      ))
                    )}
                  </Table.Cell>
                  <Table.Cell>{appliesTo(firewall)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </div>
    </>
  );
}
