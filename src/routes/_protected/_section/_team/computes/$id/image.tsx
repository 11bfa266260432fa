import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { grid, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { can, whyNot } from '@/domain/permissions';
import { BYTES_PER_GB } from '@/domain/storage-prices';
import { imageCaptureMachine } from '@/machines/image-capture';
import { SectionHeading } from '@/routes/-components/page';
import { captureImage } from '@/services/images.api';
import { refreshImages } from '@/services/images.mutations';
import { storagePricesQuery } from '@/services/volumes.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { imageMonthlyPrice, perGbMonth } from '../../images/-components/image-price';
import { loadCompute, useCompute } from '../-components/use-compute';

// Capture image: the stopped compute's disk copied as a team image, to make new computes from or download;
// what keeping it costs is shown before the capture is confirmed (the image-capture machine).
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/image')({
  loader: (args) =>
    Promise.all([loadCompute(args), args.context.queryClient.ensureQueryData(storagePricesQuery())]),
  component: CaptureImagePage,
});

function CaptureImagePage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const queryClient = useQueryClient();
  const price = useSuspenseQuery(storagePricesQuery()).data.storagePrices.find(
    (entry) => entry.kind === 'image',
  );
  const actor = useActorRef(
    imageCaptureMachine.provide({
      actors: {
        capture: fromPromise(async ({ input }: { input: { name: string } }) => {
          const image = await captureImage(team.id, { computeId: compute.id, name: input.name });
          await refreshImages(queryClient, team.id);
          return image;
        }),
      },
    }),
    { input: { name: `${compute.hostname} image` } },
  );
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const confirming = snapshot.hasTag('confirming');
  const busy = snapshot.hasTag('busy');
  const mayCapture = can(team.role, 'resources.manage');
  const stopped = compute.status === 'stopped';
  const diskGb = compute.instanceType.diskGb;
  // At most the whole disk: the file kept holds what the disk holds, usually far less.
  const atMost = imageMonthlyPrice(price, diskGb * BYTES_PER_GB, team.currency);
  return (
    <>
      <SectionHeading title="Capture image" documentTitle={`Capture image · ${compute.hostname}`} />
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '32rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: confirming ? 'capture.confirm' : 'capture.start' });
        }}
      >
        <Text variant="muted">
          The compute’s disk is copied as it is into a team image (a standalone qcow2): new computes can start
          from it, and you can download it. The compute must be stopped, and stays stopped until the copy is
          done.
        </Text>
        <TextField
          label="Image name"
          value={context.name}
          maxLength={64}
          disabled={!mayCapture || confirming}
          onChange={(event) => actor.send({ type: 'name.changed', value: event.target.value })}
          error={context.nameError ?? undefined}
          help={mayCapture ? undefined : whyNot('resources.manage')}
        />
        {!stopped ? (
          <Alert tone="info">
            The compute is {compute.status.replace('_', ' ')}: power it off to capture its disk.
          </Alert>
        ) : null}
        {confirming ? (
          <Alert tone="info">
            {context.name.trim()}: a copy of the {diskGb} GB disk of {compute.hostname}
            {price && atMost
              ? `, charged ${perGbMonth(price, team.currency)} of the file kept (at most ${atMost}, for a full disk) while it is kept`
              : ''}
            . Capture it?
          </Alert>
        ) : price ? (
          <Text variant="hint">
            A kept image costs {perGbMonth(price, team.currency)} of its file, charged by the hour: at most{' '}
            {atMost} for this disk.
          </Text>
        ) : null}
        {context.message ? <Alert tone="error">{context.message}</Alert> : null}
        {context.captured ? (
          <Alert tone="success">
            “{context.captured.name}” is being captured.{' '}
            <Link to="/images" className={textRecipe({ variant: 'link' })}>
              Follow it on the Images page
            </Link>
            .
          </Alert>
        ) : null}
        {mayCapture ? (
          <div className={wrap({ gap: '2' })}>
            {confirming ? (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => actor.send({ type: 'capture.back' })}
              >
                Back
              </Button>
            ) : null}
            <Button type="submit" variant="solid" loading={busy} disabled={!stopped}>
              {confirming ? 'Capture the image' : 'Capture image'}
            </Button>
          </div>
        ) : null}
      </form>
    </>
  );
}
