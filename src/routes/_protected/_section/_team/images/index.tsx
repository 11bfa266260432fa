import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import type { Image } from '@/contract/images';
import { formatDateTime } from '@/domain/helpers/time';
import { can } from '@/domain/permissions';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { operatingSystemsQuery } from '@/services/computes.queries';
import { fetchImageFile } from '@/services/images.api';
import { useDeleteImage } from '@/services/images.mutations';
import { imagesQuery } from '@/services/images.queries';
import { saveFile } from '@/services/save-file';
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

const STATUS: Record<Image['status'], { label: string; tone: 'warning' | 'success' | 'danger' }> = {
  creating: { label: 'Capturing…', tone: 'warning' },
  available: { label: 'Available', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function ImagesPage() {
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
    onSuccess: (_, image) => setNotice(`“${image.name}” is deleted.`),
  });
  const confirmDelete = useConfirmAction((image: Image) => remove.mutateAsync(image));
  const systemName = (id: string) => {
    const found = systems.find((system) => system.id === id);
    return found ? `${found.name} ${found.version}` : id;
  };
  const download = async (image: Image) => {
    setDownloadError(null);
    try {
      saveFile(await fetchImageFile(team.id, image.id), `${image.name.replace(/[^\w.-]+/g, '-')}.qcow2`);
    } catch (error) {
      setDownloadError((error as Error).message);
    }
  };
  const upload = mayManage ? (
    <Button variant="solid" onClick={() => setUploading(true)}>
      Upload an image
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Images"
        description="Disks captured from stopped computes or uploaded, to make new computes from or download."
        actions={upload}
      />
      <div className={grid({ gap: '4' })}>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
        {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}
        {images.length === 0 ? (
          <EmptyState
            title="No images yet"
            description="Capture one from a stopped compute (its page, Capture image), or upload a qcow2 or raw disk."
            action={upload}
          />
        ) : (
          <Table.Root caption={`Images of the team (${images.length})`} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>Image</Table.Header>
                <Table.Header>Status</Table.Header>
                <Table.Header>Disk</Table.Header>
                <Table.Header>Price</Table.Header>
                <Table.Header>
                  <VisuallyHidden>Actions</VisuallyHidden>
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
                      {image.source === 'capture'
                        ? `captured from ${image.sourceHostname ?? 'a compute'}`
                        : 'uploaded'}{' '}
                      · {formatDateTime(image.createdAt)}
                    </Table.Detail>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge tone={STATUS[image.status].tone}>{STATUS[image.status].label}</Badge>
                    {image.message ? <Table.Detail>{image.message}</Table.Detail> : null}
                  </Table.Cell>
                  <Table.Cell>
                    {image.virtualSizeBytes !== null ? `${formatSize(image.virtualSizeBytes)} disk` : '—'}
                    {image.sizeBytes !== null ? (
                      <Table.Detail>{formatSize(image.sizeBytes)} file</Table.Detail>
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
                          Download<VisuallyHidden> {image.name}</VisuallyHidden>
                        </Button>
                      ) : null}
                      {mayManage ? (
                        <>
                          <Button size="sm" variant="ghost" onClick={() => setRenaming(image)}>
                            Rename<VisuallyHidden> {image.name}</VisuallyHidden>
                          </Button>
                          {image.status !== 'creating' ? (
                            <Button size="sm" variant="ghost" onClick={() => confirmDelete.ask(image)}>
                              Delete<VisuallyHidden> {image.name}</VisuallyHidden>
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
            if (image) setNotice(`“${image.name}” is uploaded and ready for new computes.`);
          }}
        />
      ) : null}
      {renaming ? (
        <RenameImageDialog teamId={team.id} image={renaming} onClose={() => setRenaming(null)} />
      ) : null}
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={`Delete “${confirmDelete.target?.name ?? ''}”?`}
        description="Its file is deleted. Computes made from it keep their own disks."
        confirmLabel="Delete the image"
        danger
      />
    </>
  );
}
