// /teams/:teamId/volumes: a team's volumes — listed, made, read with their history, attached to a compute
// of their location, detached, grown and deleted. Tokens need the computes scope. Another team's volume (or
// compute) is 404, exactly like one that never existed.

import type { Context } from 'hono';
import {
  attachVolumeRequestSchema,
  createVolumeRequestSchema,
  growVolumeRequestSchema,
  volumeAnswerSchema,
  volumeDetailSchema,
  volumeListQuerySchema,
  volumeListSchema,
} from '@/contract/volumes';
import { auditActor } from '../audit/audit-log';
import type { AppEnv } from '../http/env';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { volumeParams } from './params';
import type { Caller, VolumeService } from './volume-service';

function callerOf(c: Context<AppEnv>): Caller {
  return { teamId: c.get('team').id, actor: auditActor(c) };
}

export function volumesRoutes(service: VolumeService): Routes {
  return defineRoutes('/teams/:teamId/volumes', 'Volumes')
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s volumes, newest first (or those attached to one compute)',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: teamIdParams, query: volumeListQuerySchema },
      responses: { 200: { description: 'The volumes.', schema: volumeListSchema } },
      handler: async (c, { query }) =>
        c.json({ volumes: await service.list(c.get('team').id, query.computeId) }, 200),
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Make a volume: an empty disk of a size in GB, in a location',
      tokenScope: 'computes:read_write',
      description:
        'Answers once the disk exists (201). A location that is unknown or not open yet is 422 beside `locationId`; a size out of bounds beside `sizeGb`. A disk the hypervisor could not make leaves no volume behind.',
      guards: teamGuards('resources.manage'),
      request: { params: teamIdParams, body: createVolumeRequestSchema },
      responses: { 201: { description: 'The volume, available.', schema: volumeAnswerSchema } },
      handler: async (c, { body }) => c.json({ volume: await service.create(callerOf(c), body) }, 201),
    })
    .add({
      method: 'get',
      path: '/:volumeId',
      summary: 'Read a volume with its history',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: volumeParams },
      responses: { 200: { description: 'The volume and its history.', schema: volumeDetailSchema } },
      handler: async (c, { params }) => c.json(await service.read(c.get('team').id, params.volumeId), 200),
    })
    .add({
      method: 'post',
      path: '/:volumeId/attach',
      summary: 'Attach the volume to a compute of its location',
      tokenScope: 'computes:read_write',
      description:
        'The compute must be running (the disk is hot-plugged as a virtio disk, /dev/vdb onwards) or stopped, in the volume’s location, one of the team’s (404 otherwise), with fewer than 8 volumes. Refusals are 409 with the reason beside `computeId`; a volume attached elsewhere or in the middle of another change is 409.',
      guards: teamGuards('resources.manage'),
      request: { params: volumeParams, body: attachVolumeRequestSchema },
      responses: { 200: { description: 'The volume, attached.', schema: volumeAnswerSchema } },
      handler: async (c, { params, body }) =>
        c.json({ volume: await service.attach(callerOf(c), params.volumeId, body.computeId) }, 200),
    })
    .add({
      method: 'post',
      path: '/:volumeId/detach',
      summary: 'Detach the volume from its compute; its data stays on it',
      tokenScope: 'computes:read_write',
      description:
        'Unplugged from a running guest (unmount it first), or taken off a stopped compute’s definition. A volume attached to nothing is 409.',
      guards: teamGuards('resources.manage'),
      request: { params: volumeParams },
      responses: { 200: { description: 'The volume, available.', schema: volumeAnswerSchema } },
      handler: async (c, { params }) =>
        c.json({ volume: await service.detach(callerOf(c), params.volumeId) }, 200),
    })
    .add({
      method: 'post',
      path: '/:volumeId/resize',
      summary: 'Grow the volume to a larger size in GB (never shrunk)',
      tokenScope: 'computes:read_write',
      description:
        'Attached or not; a running guest sees the larger disk at once (its file system is grown inside the guest). A size not larger than the current one is 422 beside `sizeGb`.',
      guards: teamGuards('resources.manage'),
      request: { params: volumeParams, body: growVolumeRequestSchema },
      responses: { 200: { description: 'The volume, grown.', schema: volumeAnswerSchema } },
      handler: async (c, { params, body }) =>
        c.json({ volume: await service.grow(callerOf(c), params.volumeId, body.sizeGb) }, 200),
    })
    .add({
      method: 'delete',
      path: '/:volumeId',
      summary: 'Delete a detached volume and its data',
      tokenScope: 'computes:read_write',
      description: 'A volume still attached to a compute is 409: detach it first.',
      guards: teamGuards('resources.manage'),
      request: { params: volumeParams },
      responses: { 204: { description: 'The volume is gone.' } },
      handler: async (c, { params }) => {
        await service.remove(callerOf(c), params.volumeId);
        return c.body(null, 204);
      },
    });
}
