// The team's images (src/contract/images.ts): list, capture, rename, delete, upload (the file as the body,
// with progress) and download.
import { imageDownloadLinkSchema, imageListSchema, imageSchema } from '@/contract/images';
import { apiHost, basePaths } from './config';
import { call, resourceManagerClient as client, json } from './http';
import { upload } from './upload';

const images = (teamId: string) => `teams/${encodeURIComponent(teamId)}/images`;
const image = (teamId: string, id: string) => `${images(teamId)}/${encodeURIComponent(id)}`;

export const fetchImages = (teamId: string) => json(imageListSchema, () => client.get(images(teamId)));

export const captureImage = (teamId: string, body: { computeId: string; name: string }) =>
  json(imageSchema, () => client.post(images(teamId), { json: body }));

export const renameImage = (teamId: string, id: string, name: string) =>
  json(imageSchema, () => client.patch(image(teamId, id), { json: { name } }));

export const deleteImage = (teamId: string, id: string) => call(() => client.delete(image(teamId, id)));

export interface ImageUpload {
  teamId: string;
  /** A new id the client chooses: the upload is a PUT of the image's file. */
  imageId: string;
  name: string;
  operatingSystemId: string;
  file: Blob;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export const uploadImage = (input: ImageUpload) => {
  const query = new URLSearchParams({ name: input.name, operatingSystemId: input.operatingSystemId });
  return upload({
    method: 'PUT',
    path: `${basePaths.resourceManager}/${image(input.teamId, input.imageId)}/file?${query}`,
    body: input.file,
    schema: imageSchema,
    onProgress: input.onProgress,
    signal: input.signal,
  });
};

/**
 * Starts the browser's own download of the image's file: through a link that needs no session, so the
 * browser streams it to disk, shows its progress and resumes it (a page cannot hold gigabytes). Answers
 * once the browser has it.
 */
export async function downloadImageFile(teamId: string, id: string): Promise<void> {
  const link = await json(imageDownloadLinkSchema, () => client.post(`${image(teamId, id)}/download-link`));
  const anchor = document.createElement('a');
  anchor.href = `${apiHost}${link.url}`;
  // The answer says attachment with the image's name: the page stays where it is.
  anchor.download = '';
  anchor.click();
}
