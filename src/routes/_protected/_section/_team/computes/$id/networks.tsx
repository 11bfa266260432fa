import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { networksQuery } from '@/services/networks.queries';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { textRecipe } from '@/ui/text';
import { loadCompute, useCompute } from '../-components/use-compute';

// Networks: the team's private networks this compute is on, with its address on each (live over the
// socket); it joins and leaves them from each network's page.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/networks')({
  loader: async (args) => {
    await loadCompute(args);
    await args.context.queryClient.ensureQueryData(networksQuery(args.context.team.id));
  },
  component: ComputeNetworksPage,
});

function ComputeNetworksPage() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const memberships = useSuspenseQuery(networksQuery(team.id)).data.networks.flatMap((network) =>
    network.members
      .filter((member) => member.computeId === id)
      .map((member) => ({ network, address: member.address })),
  );
  return (
    <div className={grid({ gap: '4' })}>
      <SectionHeading
        title={t('computes.networks.title')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.networks'),
          hostname: compute.hostname,
        })}
      />
      {memberships.length === 0 ? (
        <EmptyState
          title={t('computes.networks.empty')}
          description={t('computes.networks.emptyText')}
          action={
            <Link to="/networks" className={textRecipe({ variant: 'link' })}>
              {t('computes.networks.goTo')}
            </Link>
          }
        />
      ) : (
        <Table.Root
          caption={t('computes.networks.caption', { hostname: compute.hostname, count: memberships.length })}
          hideCaption
        >
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('computes.networks.network')}</Table.Header>
              <Table.Header>{t('computes.networks.block')}</Table.Header>
              <Table.Header>{t('computes.networks.address')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {memberships.map(({ network, address }) => (
              <Table.Row key={network.id}>
                <Table.Cell>
                  <Link
                    to="/networks/$id"
                    params={{ id: network.id }}
                    className={textRecipe({ variant: 'link' })}
                  >
                    {network.name}
                  </Link>
                </Table.Cell>
                <Table.Cell mono>{network.ipv4Block}</Table.Cell>
                <Table.Cell mono>{address}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </div>
  );
}
