// Uploading an image: the file, its name and operating system, what keeping it costs a month to confirm,
// then the upload with its progress (the image-upload machine). A refusal shows beside its field;
// cancelling stops the upload.
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { grid } from 'styled-system/patterns';
import { fromCallback } from 'xstate';
import type { Image } from '@/contract/images';
import type { Team } from '@/contract/teams';
import { formatNumber } from '@/domain/helpers/numbers';
import { t as translate, useT } from '@/i18n';
import { type ImageUploadEvent, imageUploadMachine, type UploadInput } from '@/machines/image-upload';
import { operatingSystemsQuery } from '@/services/computes.queries';
import { ApiError } from '@/services/http';
import { uploadImage } from '@/services/images.api';
import { refreshImages } from '@/services/images.mutations';
import { storagePricesQuery } from '@/services/volumes.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { Progress } from '@/ui/progress';
import { Select } from '@/ui/select';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { billedSize, imageMonthlyPrice, perGbMonth } from './image-price';

export function UploadImageDialog(props: { team: Team; onClose: (uploaded?: Image) => void }) {
  const { team, onClose } = props;
  const teamId = team.id;
  const t = useT();
  const queryClient = useQueryClient();
  const systems = useSuspenseQuery(operatingSystemsQuery()).data.operatingSystems;
  const price = useSuspenseQuery(storagePricesQuery()).data.storagePrices.find(
    (entry) => entry.kind === 'image',
  );
  const file = useRef<File | null>(null);
  const uploaded = useRef<Image | undefined>(undefined);
  const actor = useActorRef(
    imageUploadMachine.provide({
      actors: {
        upload: fromCallback<ImageUploadEvent, UploadInput>(({ input, sendBack }) => {
          const abort = new AbortController();
          uploadImage({
            teamId,
            imageId: crypto.randomUUID(),
            name: input.name,
            operatingSystemId: input.operatingSystemId,
            file: file.current!,
            signal: abort.signal,
            onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
          }).then(
            (image) => {
              uploaded.current = image;
              sendBack({ type: 'upload.succeeded', image });
            },
            (error: unknown) => {
              if (abort.signal.aborted) return;
              sendBack({
                type: 'upload.failed',
                error:
                  error instanceof ApiError
                    ? error
                    : new ApiError(0, { type: 'about:blank', status: 0, title: String(error) }),
              });
            },
          );
          return () => abort.abort();
        }),
      },
      actions: {
        finish: () => {
          void refreshImages(queryClient, teamId);
          onClose(uploaded.current);
        },
      },
    }),
    { input: { operatingSystemId: systems[0]?.id ?? '' } },
  );
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const confirming = snapshot.hasTag('confirming');
  const locked = busy || confirming;
  const cost = context.file ? imageMonthlyPrice(price, context.file.size, team.currency) : null;
  const percent = context.total > 0 ? Math.round((context.loaded / context.total) * 100) : 0;

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (details.open) return;
        if (busy) actor.send({ type: 'upload.cancel' });
        onClose();
      }}
    >
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{t('images.uploadDialog.title')}</Dialog.Title>
          <Dialog.Description>{t('images.uploadDialog.lead')}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <div className={grid({ gap: '3' })}>
            <label className={grid({ gap: '1', fontSize: 'sm', fontWeight: '500' })}>
              {t('images.uploadDialog.file')}
              <input
                type="file"
                accept=".qcow2,.img,.raw,application/octet-stream"
                disabled={locked}
                aria-invalid={context.errors.file ? true : undefined}
                aria-describedby={context.errors.file ? 'image-file-error' : undefined}
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (!chosen) return;
                  file.current = chosen;
                  actor.send({ type: 'file.chosen', file: { name: chosen.name, size: chosen.size } });
                }}
                className={textRecipe({ variant: 'small' })}
              />
              {context.errors.file ? (
                <Text as="span" id="image-file-error" variant="danger">
                  {context.errors.file}
                </Text>
              ) : null}
            </label>
            <TextField
              label={t('images.uploadDialog.name')}
              value={context.name}
              disabled={locked}
              maxLength={64}
              onChange={(event) => actor.send({ type: 'name.changed', value: event.target.value })}
              error={context.errors.name}
            />
            <Select
              label={t('images.uploadDialog.operatingSystem')}
              items={systems.map((system) => ({
                label: `${system.name} ${system.version}`,
                value: system.id,
              }))}
              value={context.operatingSystemId}
              disabled={locked}
              onValueChange={(value) => (value ? actor.send({ type: 'os.changed', value }) : undefined)}
              help={t('images.uploadDialog.operatingSystemHelp')}
              error={context.errors.operatingSystemId}
            />
            {confirming && context.file ? (
              <Alert tone="info">
                {cost
                  ? t('images.uploadDialog.confirmPriced', {
                      name: context.name.trim(),
                      size: formatSize(context.file.size),
                      billed: billedSize(context.file.size),
                      cost,
                      rate: perGbMonth(price!, team.currency),
                    })
                  : t('images.uploadDialog.confirm', {
                      name: context.name.trim(),
                      size: formatSize(context.file.size),
                      billed: billedSize(context.file.size),
                    })}
              </Alert>
            ) : price && !busy ? (
              <Text variant="muted">
                {t('images.uploadDialog.priceNote', { rate: perGbMonth(price, team.currency) })}
              </Text>
            ) : null}
            {busy ? (
              <Progress
                label={t('images.uploadDialog.uploading')}
                value={percent}
                valueText={t('images.uploadDialog.progress', { percent, total: formatSize(context.total) })}
              />
            ) : null}
            {context.message ? <Alert tone="error">{context.message}</Alert> : null}
          </div>
        </Dialog.Body>
        <Dialog.Footer>
          <Button
            variant="outline"
            onClick={() => {
              if (busy) actor.send({ type: 'upload.cancel' });
              else if (confirming) actor.send({ type: 'upload.back' });
              else onClose();
            }}
          >
            {busy
              ? t('images.uploadDialog.stop')
              : confirming
                ? t('images.uploadDialog.back')
                : t('images.cancel')}
          </Button>
          <Button
            variant="solid"
            loading={busy}
            disabled={!confirming && !snapshot.can({ type: 'upload.start' })}
            onClick={() => actor.send({ type: confirming ? 'upload.confirm' : 'upload.start' })}
          >
            {confirming ? t('images.uploadDialog.submit') : t('images.uploadDialog.continue')}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Bytes in the largest unit that keeps a whole number in front (GB and MB are powers of 1024 here). */
export function formatSize(bytes: number): string {
  const decimal = (value: number, digits: number) =>
    formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  if (bytes >= 1024 ** 3) return translate('images.size.gb', { size: decimal(bytes / 1024 ** 3, 1) });
  if (bytes >= 1024 ** 2) return translate('images.size.mb', { size: decimal(bytes / 1024 ** 2, 1) });
  return translate('images.size.kb', { size: decimal(Math.max(1, Math.round(bytes / 1024)), 0) });
}
