import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
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
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const volumes = useSuspenseQuery(volumesQuery(team.id, id)).data.volumes;
  return (
    <div className={grid({ gap: '4' })}>
      <SectionHeading title="Volumes" documentTitle={`Volumes · ${compute.hostname}`} />
      {volumes.length === 0 ? (
        <EmptyState
          title="No volume attached"
          description="Attach one from its page under Volumes: it must be in this compute’s location."
          action={
            <Link to="/volumes" className={textRecipe({ variant: 'link' })}>
              Go to the volumes
            </Link>
          }
        />
      ) : (
        <>
          <Text variant="muted">
            In a running guest they appear as /dev/vdb onwards, in the order they were attached.
          </Text>
          <Table.Root caption={`Volumes attached to ${compute.hostname} (${volumes.length})`} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>Volume</Table.Header>
                <Table.Header numeric>Size</Table.Header>
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
