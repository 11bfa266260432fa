// Private networks made, joined, left and deleted: the team's list and the network's page follow (the
// socket also tells the other open consoles). The network-create machine's actor calls useCreateNetwork.
import type { QueryClient } from '@tanstack/react-query';
import type { Network, NetworkRequest } from '@/contract/networks';
import { useWrite, type WriteCallbacks } from './mutation';
import { addNetworkMember, createNetwork, deleteNetwork, removeNetworkMember } from './networks.api';
import { networkKeys } from './networks.queries';
import { teamKeys } from './teams.queries';

/** After any change of the team's networks: the list, every network page and the audit log read again. */
export const refreshNetworks = (queryClient: QueryClient, teamId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: networkKeys.all(teamId) }),
    queryClient.invalidateQueries({ queryKey: teamKeys.auditLog(teamId) }),
  ]);

export const useCreateNetwork = (teamId: string, callbacks?: WriteCallbacks<Network, NetworkRequest>) =>
  useWrite(
    (body: NetworkRequest) => createNetwork(teamId, body),
    (queryClient) => refreshNetworks(queryClient, teamId),
    callbacks,
  );

export const useAddNetworkMember = (
  teamId: string,
  networkId: string,
  callbacks?: WriteCallbacks<Network, { computeId: string }>,
) =>
  useWrite(
    ({ computeId }: { computeId: string }) => addNetworkMember(teamId, networkId, computeId),
    (queryClient) => refreshNetworks(queryClient, teamId),
    callbacks,
  );

export const useRemoveNetworkMember = (
  teamId: string,
  networkId: string,
  callbacks?: WriteCallbacks<Network, { computeId: string; hostname: string }>,
) =>
  useWrite(
    ({ computeId }: { computeId: string; hostname: string }) =>
      removeNetworkMember(teamId, networkId, computeId),
    (queryClient) => refreshNetworks(queryClient, teamId),
    callbacks,
  );

export const useDeleteNetwork = (teamId: string, callbacks?: WriteCallbacks<void, Network>) =>
  useWrite(
    (network: Network) => deleteNetwork(teamId, network.id).then(() => undefined),
    // The list only: the deleted network's page is left (the page moves on to the list).
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: networkKeys.list(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.auditLog(teamId) }),
      ]),
    callbacks,
  );
