import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
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
  const t = useT();
  const team = useTeam();
  const networks = useSuspenseQuery(networksQuery(team.id)).data.networks;
  const create = can(team.role, 'resources.manage') ? (
    <Link to="/networks/new" className={buttonRecipe({ variant: 'solid' })}>
      {t('networks.create')}
    </Link>
  ) : null;
  const simulated = networks.find((network) => network.isolation === 'simulated');
  return (
    <>
      <PageHeader title={t('networks.title')} description={t('networks.lead')} actions={create} />
      <div className={grid({ gap: '4' })}>
        {simulated ? <SimulatedNetworkNotice network={simulated} /> : null}
        {networks.length === 0 ? (
          <EmptyState
            title={t('networks.empty.title')}
            description={t('networks.empty.text')}
            action={create}
          />
        ) : (
          <Table.Root caption={t('networks.list.caption', { count: networks.length })} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('networks.list.network')}</Table.Header>
                <Table.Header>{t('networks.list.block')}</Table.Header>
                <Table.Header>{t('networks.members.label')}</Table.Header>
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
