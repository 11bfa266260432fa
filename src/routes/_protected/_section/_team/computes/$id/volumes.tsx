import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { volumesQuery } from '@/services/volumes.queries';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { loadCompute, useCompute } from '../-components/use-compute';

// Volumes: what is attached to this compute (live over the socket); attached and detached from each volume's page.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/volumes')({
  loader: async (args) => {
    await loadCompute(args);
    await args.context.queryClient.ensureQueryData(volumesQuery(args.context.team.id, args.params.id));
  },
  component: ComputeVolumesPage,
});

function ComputeVolumesPage() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const volumes = useSuspenseQuery(volumesQuery(team.id, id)).data.volumes;
  return (
    <div className={grid({ gap: '4' })}>
      <SectionHeading
        title={t('computes.tab.volumes')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.volumes'),
          hostname: compute.hostname,
        })}
      />
      {volumes.length === 0 ? (
        <EmptyState
          title={t('computes.volumes.empty')}
          description={t('computes.volumes.emptyText')}
          action={
            <Link to="/volumes" className={textRecipe({ variant: 'link' })}>
              {t('computes.volumes.goTo')}
            </Link>
          }
        />
      ) : (
        <>
          <Text variant="muted">{t('computes.volumes.devices')}</Text>
          <Table.Root
            caption={t('computes.volumes.caption', { hostname: compute.hostname, count: volumes.length })}
            hideCaption
          >
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('computes.volumes.volume')}</Table.Header>
                <Table.Header numeric>{t('computes.table.size')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {volumes.map((volume) => (
                <Table.Row key={volume.id}>
                  <Table.Cell>
                    <Link
                      to="/volumes/$id"
                      params={{ id: volume.id }}
                      className={textRecipe({ variant: 'link' })}
                    >
                      {volume.name}
                    </Link>
                  </Table.Cell>
                  <Table.Cell numeric>{volume.sizeGb} GB</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      )}
    </div>
  );
}
