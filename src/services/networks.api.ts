// The team's private networks (src/contract/networks.ts): list, read, make, delete, and the computes that
// join and leave them.
import { type NetworkRequest, networkAnswerSchema, networkListSchema } from '@/contract/networks';
import { call, resourceManagerClient as client, json } from './http';

const networks = (teamId: string) => `teams/${encodeURIComponent(teamId)}/networks`;
const network = (teamId: string, id: string) => `${networks(teamId)}/${encodeURIComponent(id)}`;

export const fetchNetworks = (teamId: string) => json(networkListSchema, () => client.get(networks(teamId)));

export const fetchNetwork = (teamId: string, id: string) =>
  json(networkAnswerSchema, () => client.get(network(teamId, id)));

export const createNetwork = async (teamId: string, body: NetworkRequest) =>
  (await json(networkAnswerSchema, () => client.post(networks(teamId), { json: body }))).network;

export const deleteNetwork = (teamId: string, id: string) => call(() => client.delete(network(teamId, id)));

/** The compute joins with the next free address of the block. */
export const addNetworkMember = async (teamId: string, id: string, computeId: string) =>
  (
    await json(networkAnswerSchema, () =>
      client.post(`${network(teamId, id)}/members`, { json: { computeId } }),
    )
  ).network;

export const removeNetworkMember = async (teamId: string, id: string, computeId: string) =>
  (
    await json(networkAnswerSchema, () =>
      client.delete(`${network(teamId, id)}/members/${encodeURIComponent(computeId)}`),
    )
  ).network;
