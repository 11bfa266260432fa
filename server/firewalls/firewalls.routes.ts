// /teams/:teamId/firewalls: a team's firewalls, listed, made, read with their history, changed and deleted.
// Any active member may (as with computes); tokens need the computes scope. Another team's firewall is 404,
// exactly like one that never existed.
import {
  firewallAnswerSchema,
  firewallDetailSchema,
  firewallListSchema,
  firewallRequestSchema,
} from '@/contract/firewalls';
import { auditActor } from '../audit/audit-log';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import type { FirewallService } from './firewall-service';
import { firewallParams } from './params';

export function firewallsRoutes(service: FirewallService): Routes {
  return defineRoutes('/teams/:teamId/firewalls', 'Firewalls')
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s firewalls with the computes they apply to',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The firewalls, by name.', schema: firewallListSchema } },
      handler: async (c) => c.json({ firewalls: await service.list(c.get('team').id) }, 200),
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Make a firewall: inbound rules applied to computes by id or by tag',
      tokenScope: 'computes:read_write',
      description:
        'A compute under one or more firewalls accepts inbound only what one of their rules allows, and the answers to what it sends (outbound is open). Enforced on libvirt bridge hosts within seconds; the simulator keeps the rules as data.',
      guards: teamGuards('resources.manage'),
      request: { params: teamIdParams, body: firewallRequestSchema },
      responses: {
        201: { description: 'The firewall, applied.', schema: firewallAnswerSchema },
        409: { description: 'The team already has a firewall with this name.' },
      },
      handler: async (c, { body }) => {
        const firewall = await service.create(
          { teamId: c.get('team').id, userId: c.get('user').id, actor: auditActor(c) },
          body,
        );
        return c.json({ firewall }, 201);
      },
    })
    .add({
      method: 'get',
      path: '/:firewallId',
      summary: 'Read a firewall and its history',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: firewallParams },
      responses: {
        200: { description: 'The firewall and what happened to it.', schema: firewallDetailSchema },
      },
      handler: async (c, { params }) => c.json(await service.read(c.get('team').id, params.firewallId), 200),
    })
    .add({
      method: 'put',
      path: '/:firewallId',
      summary:
        'Replace a firewall’s name, rules and computes; running computes get the change within seconds',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: firewallParams, body: firewallRequestSchema },
      responses: {
        200: { description: 'The firewall, applied.', schema: firewallAnswerSchema },
        409: { description: 'The team already has a firewall with this name.' },
      },
      handler: async (c, { params, body }) => {
        const firewall = await service.update(
          { teamId: c.get('team').id, userId: c.get('user').id, actor: auditActor(c) },
          params.firewallId,
          body,
        );
        return c.json({ firewall }, 200);
      },
    })
    .add({
      method: 'delete',
      path: '/:firewallId',
      summary: 'Delete a firewall; the computes it covered lose its rules',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: firewallParams },
      responses: { 204: { description: 'Deleted.' } },
      handler: async (c, { params }) => {
        await service.delete(
          { teamId: c.get('team').id, userId: c.get('user').id, actor: auditActor(c) },
          params.firewallId,
        );
        return c.body(null, 204);
      },
    });
}
