// /teams/:teamId/networks: a team's private networks, listed, made, read and deleted, and the computes
// that join and leave them. Any active member may (as with computes); tokens need the computes scope.
// Another team's network is 404, exactly like one that never existed. The compute driver is started first
// (joining and leaving ask it).
import {
  networkAnswerSchema,
  networkListSchema,
  networkMemberRequestSchema,
  networkRequestSchema,
} from '@/contract/networks';
import { auditActor } from '../audit/audit-log';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import type { Networks } from './index';
import { memberParams, networkParams } from './params';

export function networksRoutes({ service, membership }: Networks): Routes {
  const caller = (c: Parameters<typeof auditActor>[0]) => ({
    teamId: c.get('team').id,
    userId: c.get('user').id,
    actor: auditActor(c),
  });
  return defineRoutes('/teams/:teamId/networks', 'Private networks')
    .use(service.deps.computes.started)
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s private networks with their computes and addresses',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The networks, by name.', schema: networkListSchema } },
      handler: async (c) => c.json({ networks: await service.list(c.get('team').id) }, 200),
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Make a private network: an IPv4 block inside RFC 1918, apart from the team’s other networks',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: teamIdParams, body: networkRequestSchema },
      responses: {
        201: { description: 'The network, empty.', schema: networkAnswerSchema },
        409: { description: 'The name is taken, or the block overlaps another network of the team.' },
      },
      handler: async (c, { body }) => c.json({ network: await service.create(caller(c), body) }, 201),
    })
    .add({
      method: 'get',
      path: '/:networkId',
      summary: 'Read a private network and its computes',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: networkParams },
      responses: { 200: { description: 'The network.', schema: networkAnswerSchema } },
      handler: async (c, { params }) =>
        c.json({ network: await service.read(c.get('team').id, params.networkId) }, 200),
    })
    .add({
      method: 'delete',
      path: '/:networkId',
      summary: 'Delete a private network; its computes leave it first',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: networkParams },
      responses: {
        204: { description: 'Deleted.' },
        409: { description: 'A compute could not leave it (the reason is given); the network stays.' },
      },
      handler: async (c, { params }) => {
        await membership.delete(caller(c), params.networkId);
        return c.body(null, 204);
      },
    })
    .add({
      method: 'post',
      path: '/:networkId/members',
      summary: 'A compute of the team joins the network, with the next free address of its block',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: networkParams, body: networkMemberRequestSchema },
      responses: {
        200: { description: 'The network with the compute on it.', schema: networkAnswerSchema },
        409: {
          description:
            'The compute is already on it, not at rest, the block has no free address, or the hypervisor refused (the reason is given).',
        },
      },
      handler: async (c, { params, body }) =>
        c.json({ network: await membership.join(caller(c), params.networkId, body.computeId) }, 200),
    })
    .add({
      method: 'delete',
      path: '/:networkId/members/:computeId',
      summary: 'A compute leaves the network; its address there is free again',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: memberParams },
      responses: {
        200: { description: 'The network without the compute.', schema: networkAnswerSchema },
        409: { description: 'The hypervisor could not take its card off now (the reason is given).' },
      },
      handler: async (c, { params }) =>
        c.json({ network: await membership.leave(caller(c), params.networkId, params.computeId) }, 200),
    });
}
