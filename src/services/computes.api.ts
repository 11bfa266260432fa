// The resource manager's catalog and computes (src/contract/computes.ts).
import type { RebuildComputeInput } from '@/contract/compute-requests';
import {
  type ComputeStatus,
  computeHistorySchema,
  computeListSchema,
  computeMetricsSchema,
  computeSchema,
  computeUserDataSchema,
  createdComputeSchema,
  instanceTypeListSchema,
  locationListSchema,
  type MetricsRange,
  operatingSystemListSchema,
  type PowerAction,
  rescuedComputeSchema,
  type UpdateReverseDnsRequest,
} from '@/contract/computes';
import type { ApiRequest } from '@/domain/api-call';
import { apiOrigin, basePaths } from './config';
import { resourceManagerClient as client, json } from './http';

export const fetchLocations = () => json(locationListSchema, () => client.get('locations'));
export const fetchOperatingSystems = () =>
  json(operatingSystemListSchema, () => client.get('operating-systems'));
export const fetchInstanceTypes = () => json(instanceTypeListSchema, () => client.get('instance-types'));

const computes = (teamId: string) => `teams/${encodeURIComponent(teamId)}/computes`;
const compute = (teamId: string, id: string) => `${computes(teamId)}/${encodeURIComponent(id)}`;

export interface CreateComputeInput {
  hostname: string;
  locationId: string;
  operatingSystemId: string;
  instanceTypeId: string;
  authentication: { method: 'ssh-key'; publicKey?: string; keyIds?: string[] } | { method: 'password' };
  tags: string[];
  /** A #cloud-config document or a #! script; left out when the form's field is empty. */
  userData?: string;
  /** One of the team's images to start from (its operating system is the image's). */
  imageId?: string;
}

/** The idempotency key makes a retried or double-clicked create make one compute. */
/** What createCompute sends, as a request to repeat elsewhere (/new-compute's "Show the API call"). */
export const createComputeRequest = (
  teamId: string,
  body: CreateComputeInput,
  idempotencyKey: string,
): ApiRequest => ({
  method: 'POST',
  url: `${apiOrigin()}${basePaths.resourceManager}/${computes(teamId)}`,
  headers: { 'Idempotency-Key': idempotencyKey },
  body,
});

export const createCompute = (teamId: string, body: CreateComputeInput, idempotencyKey: string) =>
  json(createdComputeSchema, () =>
    client.post(computes(teamId), { json: body, headers: { 'Idempotency-Key': idempotencyKey }, retry: 0 }),
  );

export interface ComputeFilters {
  search?: string | undefined;
  status?: ComputeStatus | undefined;
  location?: string | undefined;
  tag?: string | undefined;
  sort?: 'created_desc' | 'created_asc' | 'hostname_asc' | 'hostname_desc' | 'status_asc' | undefined;
}

export const fetchComputes = (teamId: string, filters: ComputeFilters, cursor?: string, limit = 200) =>
  json(computeListSchema, () =>
    client.get(computes(teamId), {
      searchParams: Object.fromEntries(
        Object.entries({ ...filters, cursor, limit: String(limit) }).filter(([, value]) => value),
      ) as Record<string, string>,
    }),
  );

export const fetchCompute = (teamId: string, id: string) =>
  json(computeSchema, () => client.get(compute(teamId, id)));

export const fetchComputeUserData = (teamId: string, id: string) =>
  json(computeUserDataSchema, () => client.get(`${compute(teamId, id)}/user-data`));

export const requestPowerAction = (teamId: string, id: string, type: PowerAction) =>
  json(computeSchema, () => client.post(`${compute(teamId, id)}/actions`, { json: { type } }));

export const resizeCompute = (teamId: string, id: string, instanceTypeId: string) =>
  json(computeSchema, () => client.post(`${compute(teamId, id)}/resize`, { json: { instanceTypeId } }));

export const destroyCompute = (teamId: string, id: string, confirmHostname: string) =>
  json(computeSchema, () => client.delete(compute(teamId, id), { json: { confirmHostname } }));

/** Starts a rebuild (the hostname typed to confirm); a new root password is only ever in this answer. */
export const rebuildCompute = (teamId: string, id: string, body: RebuildComputeInput) =>
  json(createdComputeSchema, () => client.post(`${compute(teamId, id)}/rebuild`, { json: body, retry: 0 }));

/** Boots the compute into rescue mode; its one-time root password is only ever in this answer. */
export const enterRescue = (teamId: string, id: string) =>
  json(rescuedComputeSchema, () => client.post(`${compute(teamId, id)}/rescue`, { retry: 0 }));

/** Leaves rescue mode: the compute boots normally. */
export const leaveRescue = (teamId: string, id: string) =>
  json(computeSchema, () => client.delete(`${compute(teamId, id)}/rescue`, { retry: 0 }));

export const updateComputeTags = (teamId: string, id: string, tags: string[]) =>
  json(computeSchema, () => client.put(`${compute(teamId, id)}/tags`, { json: { tags } }));

/** Sets, keeps (absent) or removes (null) the reverse name of each address; the server checks it resolves. */
export const updateComputeReverseDns = (teamId: string, id: string, body: UpdateReverseDnsRequest) =>
  json(computeSchema, () => client.put(`${compute(teamId, id)}/reverse-dns`, { json: body }));

export const fetchComputeHistory = (teamId: string, id: string) =>
  json(computeHistorySchema, () => client.get(`${compute(teamId, id)}/history`));

export const fetchComputeMetrics = (teamId: string, id: string, range: MetricsRange) =>
  json(computeMetricsSchema, () => client.get(`${compute(teamId, id)}/metrics`, { searchParams: { range } }));
