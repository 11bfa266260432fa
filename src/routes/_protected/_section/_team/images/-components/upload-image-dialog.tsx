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
          <Dialog.Title>Upload an image</Dialog.Title>
          <Dialog.Description>
            A disk image in qcow2 or raw format, standing alone (no backing file). It is checked, then kept as
            a qcow2 that new computes can start from.
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <div className={grid({ gap: '3' })}>
            <label className={grid({ gap: '1', fontSize: 'sm', fontWeight: '500' })}>
              Image file
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
              label="Name"
              value={context.name}
              disabled={locked}
              maxLength={64}
              onChange={(event) => actor.send({ type: 'name.changed', value: event.target.value })}
              error={context.errors.name}
            />
            <Select
              label="Operating system it runs"
              items={systems.map((system) => ({
                label: `${system.name} ${system.version}`,
                value: system.id,
              }))}
              value={context.operatingSystemId}
              disabled={locked}
              onValueChange={(value) => (value ? actor.send({ type: 'os.changed', value }) : undefined)}
              help="Tells new computes how to set it up at first boot (cloud-init)."
              error={context.errors.operatingSystemId}
            />
            {confirming && context.file ? (
              <Alert tone="info">
                {context.name.trim()}: {formatSize(context.file.size)}, kept as a qcow2 file of about{' '}
                {billedSize(context.file.size)}
                {cost ? `: ${cost} while it is kept (${perGbMonth(price!, team.currency)} of its file)` : ''}.
                Upload it?
              </Alert>
            ) : price && !busy ? (
              <Text variant="muted">
                A kept image costs {perGbMonth(price, team.currency)} of its file, charged by the hour while
                it is kept.
              </Text>
            ) : null}
            {busy ? (
              <Progress
                label="Uploading"
                value={percent}
                valueText={`${percent} % of ${formatSize(context.total)}`}
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
            {busy ? 'Stop the upload' : confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button
            variant="solid"
            loading={busy}
            disabled={!confirming && !snapshot.can({ type: 'upload.start' })}
            onClick={() => actor.send({ type: confirming ? 'upload.confirm' : 'upload.start' })}
          >
            {confirming ? 'Upload the image' : 'Continue'}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Bytes in the largest unit that keeps a whole number in front (GB and MB are powers of 1024 here). */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
