// The team's volumes (src/contract/volumes.ts): list, read with history, create, attach, detach, grow,
// delete; and the prices per GB-month of what is stored.
import { storagePriceListSchema } from '@/contract/storage-prices';
import {
  type CreateVolumeRequest,
  volumeAnswerSchema,
  volumeDetailSchema,
  volumeListSchema,
} from '@/contract/volumes';
import { call, resourceManagerClient as client, json } from './http';

const volumes = (teamId: string) => `teams/${encodeURIComponent(teamId)}/volumes`;
const volume = (teamId: string, id: string) => `${volumes(teamId)}/${encodeURIComponent(id)}`;

export const fetchStoragePrices = () => json(storagePriceListSchema, () => client.get('storage-prices'));

/** The team's volumes, or only those attached to one compute. */
export const fetchVolumes = (teamId: string, computeId?: string) =>
  json(volumeListSchema, () => client.get(volumes(teamId), { searchParams: computeId ? { computeId } : {} }));

export const fetchVolume = (teamId: string, id: string) =>
  json(volumeDetailSchema, () => client.get(volume(teamId, id)));

export const createVolume = (teamId: string, body: CreateVolumeRequest) =>
  json(volumeAnswerSchema, () => client.post(volumes(teamId), { json: body }));

export const attachVolume = (teamId: string, id: string, computeId: string) =>
  json(volumeAnswerSchema, () => client.post(`${volume(teamId, id)}/attach`, { json: { computeId } }));

export const detachVolume = (teamId: string, id: string) =>
  json(volumeAnswerSchema, () => client.post(`${volume(teamId, id)}/detach`));

export const growVolume = (teamId: string, id: string, sizeGb: number) =>
  json(volumeAnswerSchema, () => client.post(`${volume(teamId, id)}/resize`, { json: { sizeGb } }));

export const deleteVolume = (teamId: string, id: string) => call(() => client.delete(volume(teamId, id)));
