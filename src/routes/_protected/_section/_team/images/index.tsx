import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import type { Image } from '@/contract/images';
import { formatDateTime } from '@/domain/helpers/time';
import { can } from '@/domain/permissions';
import { type MessageId, useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { operatingSystemsQuery } from '@/services/computes.queries';
import { downloadImageFile } from '@/services/images.api';
import { useDeleteImage } from '@/services/images.mutations';
import { imagesQuery } from '@/services/images.queries';
import { storagePricesQuery } from '@/services/volumes.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { imageMonthlyPrice } from './-components/image-price';
import { RenameImageDialog } from './-components/rename-image-dialog';
import { formatSize, UploadImageDialog } from './-components/upload-image-dialog';

// /images: the team's images — captured from stopped computes or uploaded — to make computes from or take home.
export const Route = createFileRoute('/_protected/_section/_team/images/')({
  loader: ({ context: { queryClient, team } }) =>
    Promise.all([
      queryClient.ensureQueryData(imagesQuery(team.id)),
      queryClient.ensureQueryData(operatingSystemsQuery()),
      queryClient.ensureQueryData(storagePricesQuery()),
    ]),
  component: ImagesPage,
});

const STATUS: Record<Image['status'], { label: MessageId; tone: 'warning' | 'success' | 'danger' }> = {
  creating: { label: 'images.status.creating', tone: 'warning' },
  available: { label: 'images.status.available', tone: 'success' },
  failed: { label: 'images.status.failed', tone: 'danger' },
};

function ImagesPage() {
  const t = useT();
  const team = useTeam();
  const images = useSuspenseQuery(imagesQuery(team.id)).data.images;
  const systems = useSuspenseQuery(operatingSystemsQuery()).data.operatingSystems;
  const price = useSuspenseQuery(storagePricesQuery()).data.storagePrices.find(
    (entry) => entry.kind === 'image',
  );
  const mayManage = can(team.role, 'resources.manage');
  const [uploading, setUploading] = useState(false);
  const [renaming, setRenaming] = useState<Image | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const remove = useDeleteImage(team.id, {
    onSuccess: (_, image) => setNotice(t('images.deleted', { name: image.name })),
  });
  const confirmDelete = useConfirmAction((image: Image) => remove.mutateAsync(image));
  const systemName = (id: string) => {
    const found = systems.find((system) => system.id === id);
    return found ? `${found.name} ${found.version}` : id;
  };
  const download = async (image: Image) => {
    setDownloadError(null);
    try {
      await downloadImageFile(team.id, image.id);
      setNotice(
        t('images.downloading', {
          name: image.name,
          size: image.sizeBytes !== null ? formatSize(image.sizeBytes) : '',
        }),
      );
    } catch (error) {
      setDownloadError((error as Error).message);
    }
  };
  const upload = mayManage ? (
    <Button variant="solid" onClick={() => setUploading(true)}>
      {t('images.upload')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={t('images.title')} description={t('images.lead')} actions={upload} />
      <div className={grid({ gap: '4' })}>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
        {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}
        {images.length === 0 ? (
          <EmptyState title={t('images.empty.title')} description={t('images.empty.text')} action={upload} />
        ) : (
          <Table.Root caption={t('images.list.caption', { count: images.length })} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('images.list.image')}</Table.Header>
                <Table.Header>{t('images.list.status')}</Table.Header>
                <Table.Header>{t('images.list.disk')}</Table.Header>
                <Table.Header>{t('images.list.price')}</Table.Header>
                <Table.Header>
                  <VisuallyHidden>{t('images.list.actions')}</VisuallyHidden>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {images.map((image) => (
                <Table.Row key={image.id}>
                  <Table.Cell>
                    <Text as="span" variant="strong">
                      {image.name}
                    </Text>
                    <Table.Detail>
                      {systemName(image.operatingSystemId)} ·{' '}
                      {image.source === 'upload'
                        ? t('images.list.uploaded')
                        : image.sourceHostname
                          ? t('images.list.capturedFrom', { hostname: image.sourceHostname })
                          : t('images.list.captured')}{' '}
                      · {formatDateTime(image.createdAt)}
                    </Table.Detail>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge tone={STATUS[image.status].tone}>{t(STATUS[image.status].label)}</Badge>
                    {image.message ? <Table.Detail>{image.message}</Table.Detail> : null}
                  </Table.Cell>
                  <Table.Cell>
                    {image.virtualSizeBytes !== null
                      ? t('images.list.diskSize', { size: formatSize(image.virtualSizeBytes) })
                      : '—'}
                    {image.sizeBytes !== null ? (
                      <Table.Detail>
                        {t('images.list.fileSize', { size: formatSize(image.sizeBytes) })}
                      </Table.Detail>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    {image.status === 'available' && image.sizeBytes !== null
                      ? (imageMonthlyPrice(price, image.sizeBytes, team.currency) ?? '—')
                      : '—'}
                  </Table.Cell>
                  <Table.Cell>
                    <div className={wrap({ gap: '1' })}>
                      {image.status === 'available' ? (
                        <Button size="sm" variant="ghost" onClick={() => void download(image)}>
                          {t('images.download')}
                          <VisuallyHidden> {image.name}</VisuallyHidden>
                        </Button>
                      ) : null}
                      {mayManage ? (
                        <>
                          <Button size="sm" variant="ghost" onClick={() => setRenaming(image)}>
                            {t('images.rename')}
                            <VisuallyHidden> {image.name}</VisuallyHidden>
                          </Button>
                          {image.status !== 'creating' ? (
                            <Button size="sm" variant="ghost" onClick={() => confirmDelete.ask(image)}>
                              {t('images.delete')}
                              <VisuallyHidden> {image.name}</VisuallyHidden>
                            </Button>
                          ) : null}
                        </>
                      ) : null}
                    </div>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </div>
      {uploading ? (
        <UploadImageDialog
          team={team}
          onClose={(image) => {
            setUploading(false);
            if (image) setNotice(t('images.uploaded', { name: image.name }));
          }}
        />
      ) : null}
      {renaming ? (
        <RenameImageDialog teamId={team.id} image={renaming} onClose={() => setRenaming(null)} />
      ) : null}
      <ConfirmDialog
        {...confirmDelete.dialog}
        cancelLabel={t('images.cancel')}
        title={t('images.deleteConfirm.title', { name: confirmDelete.target?.name ?? '' })}
        description={t('images.deleteConfirm.text')}
        confirmLabel={t('images.deleteConfirm.confirm')}
        danger
      />
    </>
  );
}
