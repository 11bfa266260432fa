import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { grid, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { computeIsIn } from '@/domain/compute-lifecycle';
import { formatMoney } from '@/domain/money';
import { can, whyNot } from '@/domain/permissions';
import { BYTES_PER_GB, imageMonthlyCost, monthlyStorageCost } from '@/domain/storage-prices';
import { tRich, useT } from '@/i18n';
import { imageCaptureMachine } from '@/machines/image-capture';
import { SectionHeading } from '@/routes/-components/page';
import { captureImage } from '@/services/images.api';
import { refreshImages } from '@/services/images.mutations';
import { storagePricesQuery } from '@/services/volumes.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { loadCompute, useCompute } from '../-components/use-compute';

// Capture image: the stopped compute's disk copied as a team image, to make new computes from or download;
// what keeping it costs is shown before the capture is confirmed (the image-capture machine).
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/image')({
  loader: (args) =>
    Promise.all([loadCompute(args), args.context.queryClient.ensureQueryData(storagePricesQuery())]),
  component: CaptureImagePage,
});

function CaptureImagePage() {
  const t = useT();
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
    { input: { name: t('computes.image.defaultName', { hostname: compute.hostname }) } },
  );
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const confirming = snapshot.hasTag('confirming');
  const busy = snapshot.hasTag('busy');
  const mayCapture = can(team.role, 'resources.manage');
  const stopped = compute.status === 'stopped';
  const diskGb = compute.instanceType.diskGb;
  // Per GB-month of the file kept, and at most the whole disk: the file holds what the disk holds, usually far less.
  const prices = price
    ? {
        perGb: formatMoney(monthlyStorageCost(price, 1, team.currency), team.currency),
        atMost: formatMoney(imageMonthlyCost(price, diskGb * BYTES_PER_GB, team.currency), team.currency),
      }
    : null;
  return (
    <>
      <SectionHeading
        title={t('computes.tab.image')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.image'),
          hostname: compute.hostname,
        })}
      />
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '32rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: confirming ? 'capture.confirm' : 'capture.start' });
        }}
      >
        <Text variant="muted">{t('computes.image.lead')}</Text>
        <TextField
          label={t('computes.image.name')}
          value={context.name}
          maxLength={64}
          disabled={!mayCapture || confirming}
          onChange={(event) => actor.send({ type: 'name.changed', value: event.target.value })}
          error={context.nameError ?? undefined}
          help={mayCapture ? undefined : whyNot('resources.manage')}
        />
        {!stopped ? (
          <Alert tone="info">{t('computes.image.notStopped', { state: computeIsIn(compute.status) })}</Alert>
        ) : null}
        {confirming ? (
          <Alert tone="info">
            {prices
              ? t('computes.image.confirmPrice', {
                  name: context.name.trim(),
                  diskGb,
                  hostname: compute.hostname,
                  ...prices,
                })
              : t('computes.image.confirm', {
                  name: context.name.trim(),
                  diskGb,
                  hostname: compute.hostname,
                })}
          </Alert>
        ) : prices ? (
          <Text variant="hint">{t('computes.image.priceHint', prices)}</Text>
        ) : null}
        {context.message ? <Alert tone="error">{context.message}</Alert> : null}
        {context.captured ? (
          <Alert tone="success">
            {tRich('computes.image.captured', {
              name: context.captured.name,
              link: (
                <Link to="/images" className={textRecipe({ variant: 'link' })}>
                  {t('computes.image.follow')}
                </Link>
              ),
            })}
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
                {t('computes.image.back')}
              </Button>
            ) : null}
            <Button type="submit" variant="solid" loading={busy} disabled={!stopped}>
              {confirming ? t('computes.image.confirmCapture') : t('computes.image.capture')}
            </Button>
          </div>
        ) : null}
      </form>
    </>
  );
}
