// The team's images in the cache: one list per team, which the socket's image messages invalidate.
import { queryOptions } from '@tanstack/react-query';
import { fetchImages } from './images.api';

export const imageKeys = {
  list: (teamId: string) => ['images', teamId] as const,
};

export const imagesQuery = (teamId: string) =>
  queryOptions({ queryKey: imageKeys.list(teamId), queryFn: () => fetchImages(teamId) });
