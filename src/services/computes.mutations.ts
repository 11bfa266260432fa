// A team's computes: created, powered, tagged, destroyed. A compute the server answers with is stored
// (unless the cache already holds a newer state, say from the socket) and its rows in the lists follow.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { RebuildComputeInput } from '@/contract/compute-requests';
import type { Compute, PowerAction, UpdateReverseDnsRequest } from '@/contract/computes';
import {
  type CreateComputeInput,
  createCompute,
  destroyCompute,
  enterRescue,
  leaveRescue,
  rebuildCompute,
  requestPowerAction,
  resizeCompute,
  updateComputeReverseDns,
  updateComputeTags,
} from './computes.api';
import { forgetCompute, refreshComputeLists, storeCompute } from './computes.queries';
import { useWrite } from './mutation';
import { refreshLimits } from './teams.mutations';

function storeInLists(queryClient: QueryClient, compute: Compute): void {
  if (storeCompute(queryClient, compute)) refreshComputeLists(queryClient, compute);
}

/** Creates a compute; the same `idempotencyKey` for a retry makes it the same compute. */
export const useCreateCompute = (teamId: string) =>
  useWrite(
    ({ input, idempotencyKey }: { input: CreateComputeInput; idempotencyKey: string }) =>
      createCompute(teamId, input, idempotencyKey),
    (queryClient, { compute }) => {
      storeInLists(queryClient, compute);
      refreshLimits(queryClient, compute.teamId);
    },
  );

/** Starts a power action; the compute's next states arrive over the socket. */
export const useRequestPowerAction = (teamId: string, id: string) =>
  useWrite(
    (action: PowerAction) => requestPowerAction(teamId, id, action),
    (queryClient, compute) => void storeCompute(queryClient, compute),
  );

/** Starts a rebuild; the compute's next states arrive over the socket. */
export const useRebuildCompute = (compute: Pick<Compute, 'teamId' | 'id'>) =>
  useWrite(
    (input: RebuildComputeInput) => rebuildCompute(compute.teamId, compute.id, input),
    (queryClient, answer) => storeInLists(queryClient, answer.compute),
  );
/** Boots the compute into rescue mode; the answer holds the one-time password, the socket the progress. */
export const useEnterRescue = (compute: Pick<Compute, 'teamId' | 'id'>) =>
  useWrite(
    () => enterRescue(compute.teamId, compute.id),
    (queryClient, answer) => storeInLists(queryClient, answer.compute),
  );

/** Leaves rescue mode; the compute's next states arrive over the socket. */
export const useLeaveRescue = (compute: Pick<Compute, 'teamId' | 'id'>) =>
  useWrite(() => leaveRescue(compute.teamId, compute.id), storeInLists);

/** Starts a resize to another plan; the compute's next states arrive over the socket. */
export const useResizeCompute = (teamId: string, id: string) =>
  useWrite((instanceTypeId: string) => resizeCompute(teamId, id, instanceTypeId), storeInLists);

export const useUpdateComputeTags = (compute: Pick<Compute, 'teamId' | 'id'>) =>
  useWrite((tags: string[]) => updateComputeTags(compute.teamId, compute.id, tags), storeInLists);

/** Sets the reverse names; a name that does not resolve to its address comes back beside its field. */
export const useUpdateComputeReverseDns = (compute: Pick<Compute, 'teamId' | 'id'>) =>
  useWrite(
    (body: UpdateReverseDnsRequest) => updateComputeReverseDns(compute.teamId, compute.id, body),
    storeInLists,
  );

/** Asks for the compute to be destroyed (confirmed by its hostname); it is gone once the server says so. */
export const useDestroyCompute = (compute: Pick<Compute, 'teamId' | 'id'>) =>
  useWrite(
    (confirmHostname: string) => destroyCompute(compute.teamId, compute.id, confirmHostname),
    () => undefined,
  );

/** A compute gone: its open page learns so from the cache, and every list drops it. */
export function useForgetCompute(): (compute: Pick<Compute, 'teamId' | 'id'>) => void {
  const queryClient = useQueryClient();
  return (compute) => forgetCompute(queryClient, compute.teamId, compute.id);
}
