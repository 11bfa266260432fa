import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { locationsQuery } from '@/services/computes.queries';
import { storagePricesQuery, volumesQuery } from '@/services/volumes.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { textRecipe } from '@/ui/text';
import { CreateVolumeDialog } from './-components/create-volume-dialog';
import { monthlyPrice, VolumeSimulatorNotice, VolumeStatus } from './-components/volume-words';

// /volumes: the team's volumes — block storage attached to one compute of their location at a time.
export const Route = createFileRoute('/_protected/_section/_team/volumes/')({
  loader: ({ context: { queryClient, team } }) =>
    Promise.all([
      queryClient.ensureQueryData(volumesQuery(team.id)),
      queryClient.ensureQueryData(locationsQuery()),
      queryClient.ensureQueryData(storagePricesQuery()),
    ]),
  component: VolumesPage,
});

function VolumesPage() {
  const t = useT();
  const team = useTeam();
  const volumes = useSuspenseQuery(volumesQuery(team.id)).data.volumes;
  const locations = useSuspenseQuery(locationsQuery()).data.locations;
  const price = useSuspenseQuery(storagePricesQuery()).data.storagePrices.find(
    (entry) => entry.kind === 'volume',
  );
  const mayManage = can(team.role, 'resources.manage');
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const locationName = (id: string) => locations.find((location) => location.id === id)?.name ?? id;
  const create = mayManage ? (
    <Button variant="solid" onClick={() => setCreating(true)}>
      {t('volumes.create')}
    </Button>
  ) : null;
  return (
    <>
      <PageHeader title={t('volumes.title')} description={t('volumes.lead')} actions={create} />
      <div className={grid({ gap: '4' })}>
        <VolumeSimulatorNotice />
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {volumes.length === 0 ? (
          <EmptyState
            title={t('volumes.empty.title')}
            description={t('volumes.empty.text')}
            action={create}
          />
        ) : (
          <Table.Root caption={t('volumes.list.caption', { count: volumes.length })} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('volumes.list.volume')}</Table.Header>
                <Table.Header>{t('volumes.list.status')}</Table.Header>
                <Table.Header numeric>{t('volumes.list.size')}</Table.Header>
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
                    <Table.Detail>{locationName(volume.locationId)}</Table.Detail>
                  </Table.Cell>
                  <Table.Cell>
                    <VolumeStatus volume={volume} />
                    {volume.attachedTo ? (
                      <Table.Detail>
                        {t('volumes.list.on', { hostname: volume.attachedTo.hostname })}
                      </Table.Detail>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell numeric>
                    {t('volumes.sizeGb', { size: volume.sizeGb })}
                    <Table.Detail>{monthlyPrice(price, volume.sizeGb, team.currency)}</Table.Detail>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </div>
      {creating ? (
        <CreateVolumeDialog
          team={team}
          onClose={(made) => {
            setCreating(false);
            if (made) setNotice(t('volumes.created', { name: made.name }));
          }}
        />
      ) : null}
    </>
  );
}
