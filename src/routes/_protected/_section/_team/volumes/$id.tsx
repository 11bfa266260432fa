import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import { MAX_VOLUME_GB, type Volume } from '@/contract/volumes';
import { formatNumber } from '@/domain/helpers/numbers';
import { formatDateTimeWithZone } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
import { tRich, useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader, SectionHeading } from '@/routes/-components/page';
import { locationsQuery } from '@/services/computes.queries';
import { ApiError } from '@/services/http';
import { useDeleteVolume, useDetachVolume, useGrowVolume } from '@/services/volumes.mutations';
import { storagePricesQuery, volumeQuery } from '@/services/volumes.queries';
import { Alert } from '@/ui/alert';
import { Button, buttonRecipe } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { AttachVolumeForm } from './-components/attach-volume-form';
import { monthlyPrice, VolumeSimulatorNotice, VolumeStatus } from './-components/volume-words';

// /volumes/$id: one volume — what it is, attach or detach it, grow it, delete it, and its history.
export const Route = createFileRoute('/_protected/_section/_team/volumes/$id')({
  loader: async ({ context: { queryClient, team }, params }) => {
    try {
      await Promise.all([
        queryClient.ensureQueryData(volumeQuery(team.id, params.id)),
        queryClient.ensureQueryData(locationsQuery()),
        queryClient.ensureQueryData(storagePricesQuery()),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  notFoundComponent: () => <VolumeMissing />,
  component: VolumePage,
});

/** The page of a volume that is not in this team, or (`deleted`, its name) was deleted while open. */
function VolumeMissing({ deleted }: { deleted?: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={deleted ?? t('volumes.missing.title')} />
      <EmptyState
        title={deleted !== undefined ? t('volumes.missing.deleted') : t('volumes.missing.none')}
        description={t('volumes.missing.text')}
        action={
          <Link to="/volumes" className={buttonRecipe({ variant: 'outline' })}>
            {t('volumes.missing.back')}
          </Link>
        }
      />
    </>
  );
}

function VolumePage() {
  const { id } = Route.useParams();
  const team = useTeam();
  const { data, error } = useSuspenseQuery(volumeQuery(team.id, id));
  if (error instanceof ApiError && error.status === 404) {
    return <VolumeMissing deleted={data.volume.name} />;
  }
  return <VolumeDetail key={data.volume.id} volume={data.volume} history={data.history} />;
}

function VolumeDetail({
  volume,
  history,
}: {
  volume: Volume;
  history: { action: string; message: string; actor: { name: string } | null; at: string }[];
}) {
  const t = useT();
  const team = useTeam();
  const navigate = useNavigate();
  const locations = useSuspenseQuery(locationsQuery()).data.locations;
  const price = useSuspenseQuery(storagePricesQuery()).data.storagePrices.find(
    (entry) => entry.kind === 'volume',
  );
  const mayManage = can(team.role, 'resources.manage');
  const [notice, setNotice] = useState<string | null>(null);
  const [size, setSize] = useState(String(volume.sizeGb + 10));
  const detach = useDetachVolume(team.id, {
    onSuccess: () => setNotice(t('volumes.detached', { name: volume.name })),
  });
  const grow = useGrowVolume(team.id, {
    onSuccess: ({ volume: grown }) => setNotice(t('volumes.grown', { name: grown.name, size: grown.sizeGb })),
  });
  const remove = useDeleteVolume(team.id, {
    onSuccess: () => navigate({ to: '/volumes' }),
  });
  const confirmDetach = useConfirmAction(() => detach.mutateAsync(volume));
  const confirmGrow = useConfirmAction((sizeGb: number) => grow.mutateAsync({ volume, sizeGb }));
  const confirmDelete = useConfirmAction(() => remove.mutateAsync(volume));
  const location = locations.find((entry) => entry.id === volume.locationId)?.name ?? volume.locationId;
  const wanted = Number(size);
  const busy = volume.operation !== null;
  const documentTitle = t('volumes.detail.documentTitle', { name: volume.name });
  const monthly = monthlyPrice(price, volume.sizeGb, team.currency);
  const grownPrice = monthlyPrice(price, confirmGrow.target ?? wanted, team.currency);
  return (
    <>
      <PageHeader
        title={volume.name}
        description={
          monthly
            ? t('volumes.detail.lead', { size: volume.sizeGb, location, price: monthly })
            : t('volumes.detail.leadNoPrice', { size: volume.sizeGb, location })
        }
      />
      <div className={grid({ gap: '6' })}>
        <VolumeSimulatorNotice />
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <section className={grid({ gap: '3' })}>
          <SectionHeading title={t('volumes.attachment.title')} documentTitle={documentTitle} />
          <div className={wrap({ gap: '2', alignItems: 'center' })}>
            <VolumeStatus volume={volume} />
            {volume.attachedTo ? (
              <Text as="span" variant="small">
                {tRich('volumes.attachment.to', {
                  compute: (
                    <Link
                      to="/computes/$id/volumes"
                      params={{ id: volume.attachedTo.id }}
                      className={textRecipe({ variant: 'link' })}
                    >
                      {volume.attachedTo.hostname}
                    </Link>
                  ),
                })}
              </Text>
            ) : null}
          </div>
          {!mayManage ? (
            <Text variant="muted">{whyNot('resources.manage')}</Text>
          ) : volume.attachedTo ? (
            <div>
              <Button variant="outline" disabled={busy} onClick={() => confirmDetach.ask(true)}>
                {t('volumes.detach')}
              </Button>
            </div>
          ) : (
            <AttachVolumeForm
              teamId={team.id}
              volume={volume}
              onAttached={(attached) =>
                setNotice(
                  t('volumes.attached', {
                    name: attached.name,
                    hostname: attached.attachedTo?.hostname ?? '',
                  }),
                )
              }
            />
          )}
          {detach.error ? <Alert tone="error">{detach.error.message}</Alert> : null}
        </section>
        {mayManage ? (
          <section className={grid({ gap: '3', maxWidth: '32rem' })}>
            <SectionHeading title={t('volumes.grow.title')} documentTitle={documentTitle} />
            <form
              noValidate
              className={grid({ gap: '3' })}
              onSubmit={(event) => {
                event.preventDefault();
                confirmGrow.ask(wanted);
              }}
            >
              <TextField
                label={t('volumes.grow.size')}
                inputMode="numeric"
                value={size}
                onChange={(event) => {
                  setSize(event.target.value);
                  grow.reset();
                }}
                error={grow.error?.fieldErrors.sizeGb}
                help={t('volumes.grow.help', { size: volume.sizeGb, max: formatNumber(MAX_VOLUME_GB) })}
              />
              {grow.error && !grow.error.fieldErrors.sizeGb ? (
                <Alert tone="error">{grow.error.message}</Alert>
              ) : null}
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  {t('volumes.grow.submit')}
                </Button>
              </div>
            </form>
          </section>
        ) : null}
        <section className={grid({ gap: '3' })}>
          <SectionHeading title={t('volumes.history.title')} documentTitle={documentTitle} />
          <ol className={grid({ gap: '2' })} aria-label={t('volumes.history.label')}>
            {history.map((event) => (
              <li key={`${event.at}-${event.action}`}>
                <Text as="span" variant="strong">
                  {event.message}
                </Text>{' '}
                <Text as="span" variant="muted">
                  {event.actor
                    ? t('volumes.history.byWhen', {
                        name: event.actor.name,
                        when: formatDateTimeWithZone(event.at),
                      })
                    : formatDateTimeWithZone(event.at)}
                </Text>
              </li>
            ))}
          </ol>
        </section>
        {mayManage ? (
          <section className={grid({ gap: '3' })}>
            <SectionHeading title={t('volumes.delete.title')} documentTitle={documentTitle} />
            <Text variant="muted">
              {volume.attachedTo ? t('volumes.delete.detachFirst') : t('volumes.delete.text')}
            </Text>
            {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
            <div>
              <Button
                variant="outline"
                disabled={busy || volume.attachedTo !== null}
                onClick={() => confirmDelete.ask(true)}
              >
                {t('volumes.delete.submit')}
              </Button>
            </div>
          </section>
        ) : null}
      </div>
      <ConfirmDialog
        {...confirmDetach.dialog}
        cancelLabel={t('volumes.cancel')}
        title={t('volumes.detachConfirm.title', { name: volume.name })}
        description={
          volume.attachedTo
            ? t('volumes.detachConfirm.text', { hostname: volume.attachedTo.hostname })
            : t('volumes.detachConfirm.textGuest')
        }
        confirmLabel={t('volumes.detach')}
      />
      <ConfirmDialog
        {...confirmGrow.dialog}
        cancelLabel={t('volumes.cancel')}
        title={t('volumes.growConfirm.title', { name: volume.name, size: confirmGrow.target ?? wanted })}
        description={
          grownPrice
            ? t('volumes.growConfirm.text', { price: grownPrice })
            : t('volumes.growConfirm.textNoPrice')
        }
        confirmLabel={t('volumes.grow.submit')}
      />
      <ConfirmDialog
        {...confirmDelete.dialog}
        cancelLabel={t('volumes.cancel')}
        title={t('volumes.deleteConfirm.title', { name: volume.name })}
        description={t('volumes.deleteConfirm.text')}
        confirmLabel={t('volumes.delete.submit')}
        danger
      />
    </>
  );
}
