import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import { MAX_VOLUME_GB, type Volume } from '@/contract/volumes';
import { formatDateTime } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
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
  notFoundComponent: () => (
    <VolumeMissing title="Volume not found" text="There is no such volume in this team" />
  ),
  component: VolumePage,
});

function VolumeMissing({ title, text }: { title: string; text: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={text}
        description="It may have been deleted, here or in another window, or it belongs to another team."
        action={
          <Link to="/volumes" className={buttonRecipe({ variant: 'outline' })}>
            Back to the volumes
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
    return <VolumeMissing title={data.volume.name} text="This volume was deleted" />;
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
  const team = useTeam();
  const navigate = useNavigate();
  const locations = useSuspenseQuery(locationsQuery()).data.locations;
  const price = useSuspenseQuery(storagePricesQuery()).data.storagePrices.find(
    (entry) => entry.kind === 'volume',
  );
  const mayManage = can(team.role, 'resources.manage');
  const [notice, setNotice] = useState<string | null>(null);
  const [size, setSize] = useState(String(volume.sizeGb + 10));
  const detach = useDetachVolume(team.id, { onSuccess: () => setNotice(`“${volume.name}” is detached.`) });
  const grow = useGrowVolume(team.id, {
    onSuccess: ({ volume: grown }) => setNotice(`“${grown.name}” now holds ${grown.sizeGb} GB.`),
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
  return (
    <>
      <PageHeader
        title={volume.name}
        description={`${volume.sizeGb} GB in ${location} · ${monthlyPrice(price, volume.sizeGb, team.currency) ?? ''}`}
      />
      <div className={grid({ gap: '6' })}>
        <VolumeSimulatorNotice />
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <section className={grid({ gap: '3' })}>
          <SectionHeading title="Attachment" documentTitle={`${volume.name} · Volumes`} />
          <div className={wrap({ gap: '2', alignItems: 'center' })}>
            <VolumeStatus volume={volume} />
            {volume.attachedTo ? (
              <Text as="span" variant="small">
                to{' '}
                <Link
                  to="/computes/$id/volumes"
                  params={{ id: volume.attachedTo.id }}
                  className={textRecipe({ variant: 'link' })}
                >
                  {volume.attachedTo.hostname}
                </Link>
              </Text>
            ) : null}
          </div>
          {!mayManage ? (
            <Text variant="muted">{whyNot('resources.manage')}</Text>
          ) : volume.attachedTo ? (
            <div>
              <Button variant="outline" disabled={busy} onClick={() => confirmDetach.ask(true)}>
                Detach
              </Button>
            </div>
          ) : (
            <AttachVolumeForm
              teamId={team.id}
              volume={volume}
              onAttached={(attached) =>
                setNotice(`“${attached.name}” is attached to ${attached.attachedTo?.hostname}.`)
              }
            />
          )}
          {detach.error ? <Alert tone="error">{detach.error.message}</Alert> : null}
        </section>
        {mayManage ? (
          <section className={grid({ gap: '3', maxWidth: '32rem' })}>
            <SectionHeading title="Grow" documentTitle={`${volume.name} · Volumes`} />
            <form
              noValidate
              className={grid({ gap: '3' })}
              onSubmit={(event) => {
                event.preventDefault();
                confirmGrow.ask(wanted);
              }}
            >
              <TextField
                label="New size (GB)"
                inputMode="numeric"
                value={size}
                onChange={(event) => {
                  setSize(event.target.value);
                  grow.reset();
                }}
                error={grow.error?.fieldErrors.sizeGb}
                help={`More than ${volume.sizeGb} GB, at most ${MAX_VOLUME_GB.toLocaleString('en-US')} GB. A volume never shrinks; grow the file system inside the guest after.`}
              />
              {grow.error && !grow.error.fieldErrors.sizeGb ? (
                <Alert tone="error">{grow.error.message}</Alert>
              ) : null}
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  Grow
                </Button>
              </div>
            </form>
          </section>
        ) : null}
        <section className={grid({ gap: '3' })}>
          <SectionHeading title="History" documentTitle={`${volume.name} · Volumes`} />
          <ol className={grid({ gap: '2' })} aria-label="History of the volume">
            {history.map((event) => (
              <li key={`${event.at}-${event.action}`}>
                <Text as="span" variant="strong">
                  {event.message}
                </Text>{' '}
                <Text as="span" variant="muted">
                  {event.actor ? `${event.actor.name} · ` : ''}
                  {formatDateTime(event.at)}
                </Text>
              </li>
            ))}
          </ol>
        </section>
        {mayManage ? (
          <section className={grid({ gap: '3' })}>
            <SectionHeading title="Delete" documentTitle={`${volume.name} · Volumes`} />
            <Text variant="muted">
              {volume.attachedTo
                ? 'Detach the volume before deleting it, so no guest loses a disk it uses.'
                : 'Its data is deleted with it.'}
            </Text>
            {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
            <div>
              <Button
                variant="outline"
                disabled={busy || volume.attachedTo !== null}
                onClick={() => confirmDelete.ask(true)}
              >
                Delete the volume
              </Button>
            </div>
          </section>
        ) : null}
      </div>
      <ConfirmDialog
        {...confirmDetach.dialog}
        title={`Detach “${volume.name}”?`}
        description={`Unmount it inside ${volume.attachedTo?.hostname ?? 'the guest'} first: a running guest loses the disk at once. Its data stays on the volume.`}
        confirmLabel="Detach"
      />
      <ConfirmDialog
        {...confirmGrow.dialog}
        title={`Grow “${volume.name}” to ${confirmGrow.target ?? wanted} GB?`}
        description={`It will cost ${monthlyPrice(price, confirmGrow.target ?? wanted, team.currency) ?? 'its new size'} while it exists.`}
        confirmLabel="Grow"
      />
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={`Delete “${volume.name}”?`}
        description="The volume and its data are deleted. This cannot be undone."
        confirmLabel="Delete the volume"
        danger
      />
    </>
  );
}
