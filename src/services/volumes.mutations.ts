// Volumes detached, grown and deleted: the team's lists and the volume follow (the socket also tells the
// other open consoles). Create and attach are the machines' (volume-create, volume-attach), which call the
// API and then refreshVolumes.
import type { QueryClient } from '@tanstack/react-query';
import type { Volume } from '@/contract/volumes';
import { type Answer, useWrite, type WriteCallbacks } from './mutation';
import { deleteVolume, detachVolume, growVolume } from './volumes.api';
import { volumeKeys } from './volumes.queries';

/** After any change of the team's volumes: every list and volume page of the team reads again. */
export const refreshVolumes = (queryClient: QueryClient, teamId: string) =>
  queryClient.invalidateQueries({ queryKey: volumeKeys.all(teamId) });

export const useDetachVolume = (
  teamId: string,
  callbacks?: WriteCallbacks<Answer<typeof detachVolume>, Volume>,
) =>
  useWrite(
    (volume: Volume) => detachVolume(teamId, volume.id),
    (queryClient) => refreshVolumes(queryClient, teamId),
    callbacks,
  );

export const useGrowVolume = (
  teamId: string,
  callbacks?: WriteCallbacks<Answer<typeof growVolume>, { volume: Volume; sizeGb: number }>,
) =>
  useWrite(
    ({ volume, sizeGb }: { volume: Volume; sizeGb: number }) => growVolume(teamId, volume.id, sizeGb),
    (queryClient) => refreshVolumes(queryClient, teamId),
    callbacks,
  );

/** A deleted volume's entry goes (its page is left, nothing reads it again); the lists follow. */
export const forgetVolume = (queryClient: QueryClient, teamId: string, volumeId: string) => {
  queryClient.removeQueries({ queryKey: volumeKeys.detail(teamId, volumeId) });
  return queryClient.invalidateQueries({ queryKey: volumeKeys.lists(teamId) });
};

export const useDeleteVolume = (teamId: string, callbacks?: WriteCallbacks<void, Volume>) =>
  useWrite(
    (volume: Volume) => deleteVolume(teamId, volume.id).then(() => undefined),
    (queryClient, _data, volume) => forgetVolume(queryClient, teamId, volume.id),
    callbacks,
  );
