import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { can } from '@/domain/permissions';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { networksQuery } from '@/services/networks.queries';
import { buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { textRecipe } from '@/ui/text';
import { IsolationBadge, membersCount, SimulatedNetworkNotice } from './-components/network-words';

// /networks: the team's private networks — their blocks and how many computes are on each — kept live by
// the socket.
export const Route = createFileRoute('/_protected/_section/_team/networks/')({
  loader: ({ context: { queryClient, team } }) => queryClient.ensureQueryData(networksQuery(team.id)),
  component: NetworksPage,
});

function NetworksPage() {
  const team = useTeam();
  const networks = useSuspenseQuery(networksQuery(team.id)).data.networks;
  const create = can(team.role, 'resources.manage') ? (
    <Link to="/networks/new" className={buttonRecipe({ variant: 'solid' })}>
      Create a network
    </Link>
  ) : null;
  const simulated = networks.find((network) => network.isolation === 'simulated');
  return (
    <>
      <PageHeader
        title="Networks"
        description="Private networks between the team's computes: each member gets an address of the network's block, which nothing outside the network reaches."
        actions={create}
      />
      <div className={grid({ gap: '4' })}>
        {simulated ? <SimulatedNetworkNotice network={simulated} /> : null}
        {networks.length === 0 ? (
          <EmptyState
            title="No private networks yet"
            description="Create one with a block inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16, then add the computes that should reach each other on it."
            action={create}
          />
        ) : (
          <Table.Root caption={`Private networks of the team (${networks.length})`} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>Network</Table.Header>
                <Table.Header>Block</Table.Header>
                <Table.Header>Members</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {networks.map((network) => (
                <Table.Row key={network.id}>
                  <Table.Cell>
                    <Link
                      to="/networks/$id"
                      params={{ id: network.id }}
                      className={textRecipe({ variant: 'link' })}
                    >
                      {network.name}
                    </Link>
                    <Table.Detail>
                      <IsolationBadge isolation={network.isolation} />
                    </Table.Detail>
                  </Table.Cell>
                  <Table.Cell mono>{network.ipv4Block}</Table.Cell>
                  <Table.Cell>{membersCount(network)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </div>
    </>
  );
}
