// Uploading an image: the file, its name and operating system, then the upload with its progress (the
// image-upload machine). A refusal shows beside its field; cancelling stops the upload.
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { grid } from 'styled-system/patterns';
import { fromCallback } from 'xstate';
import type { Image } from '@/contract/images';
import { formatNumber } from '@/domain/helpers/numbers';
import { t as translate, useT } from '@/i18n';
import { type ImageUploadEvent, imageUploadMachine, type UploadInput } from '@/machines/image-upload';
import { operatingSystemsQuery } from '@/services/computes.queries';
import { ApiError } from '@/services/http';
import { uploadImage } from '@/services/images.api';
import { refreshImages } from '@/services/images.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { Progress } from '@/ui/progress';
import { Select } from '@/ui/select';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';

export function UploadImageDialog(props: { teamId: string; onClose: (uploaded?: Image) => void }) {
  const { teamId, onClose } = props;
  const t = useT();
  const queryClient = useQueryClient();
  const systems = useSuspenseQuery(operatingSystemsQuery()).data.operatingSystems;
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
                disabled={busy}
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
              disabled={busy}
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
              disabled={busy}
              onValueChange={(value) => (value ? actor.send({ type: 'os.changed', value }) : undefined)}
              help={t('images.uploadDialog.operatingSystemHelp')}
              error={context.errors.operatingSystemId}
            />
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
              else onClose();
            }}
          >
            {busy ? t('images.uploadDialog.stop') : t('images.cancel')}
          </Button>
          <Button
            variant="solid"
            loading={busy}
            disabled={!snapshot.can({ type: 'upload.start' })}
            onClick={() => actor.send({ type: 'upload.start' })}
          >
            {t('images.uploadDialog.submit')}
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
