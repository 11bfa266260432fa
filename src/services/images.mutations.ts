// Images captured, renamed, deleted and uploaded: the team's list follows (the socket also tells the other
// open consoles).
import type { QueryClient } from '@tanstack/react-query';
import type { Image } from '@/contract/images';
import { deleteImage, renameImage } from './images.api';
import { imageKeys } from './images.queries';
import { useWrite, type WriteCallbacks } from './mutation';

const refresh = (teamId: string) => (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: imageKeys.list(teamId) });

/** After an upload (made by the upload machine, not a mutation): the list shows the new image. */
export const refreshImages = (queryClient: QueryClient, teamId: string) => refresh(teamId)(queryClient);

export const useRenameImage = (
  teamId: string,
  callbacks?: WriteCallbacks<Image, { image: Image; name: string }>,
) =>
  useWrite(
    ({ image, name }: { image: Image; name: string }) => renameImage(teamId, image.id, name),
    refresh(teamId),
    callbacks,
  );

export const useDeleteImage = (teamId: string, callbacks?: WriteCallbacks<void, Image>) =>
  useWrite((image: Image) => deleteImage(teamId, image.id).then(() => undefined), refresh(teamId), callbacks);
