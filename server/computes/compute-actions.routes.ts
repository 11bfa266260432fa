// /teams/:teamId/computes/:computeId/…: power actions, rebuild, tags, history and metrics.
import * as v from 'valibot';
import { rebuildComputeRequestSchema } from '@/contract/compute-requests';
import {
  computeHistorySchema,
  computeMetricsSchema,
  computeSchema,
  createdComputeSchema,
  metricsRangeSchema,
  powerActionRequestSchema,
  rescuedComputeSchema,
  resizeComputeRequestSchema,
  updateReverseDnsRequestSchema,
  updateTagsRequestSchema,
} from '@/contract/computes';
import { auditActor } from '../audit/audit-log';
import { defineRoutes, type Routes } from '../http/routes';
import { isUuid, teamGuards } from '../tenancy/guards';
import { listHistory } from './compute-history';
import { findCompute, toCompute } from './compute-record';
import type { ComputeService } from './compute-service';
import { computeParams } from './params';
import { computeNotFound } from './problems';
import { rebuildCompute } from './rebuild-compute';
import { enterRescue, leaveRescue } from './rescue-compute';
import { requestResize } from './resize-compute';
import { updateReverseDns } from './update-reverse-dns';

const metricsQuery = v.object({ range: v.optional(metricsRangeSchema, '1h') });

export function computeActionsRoutes(service: ComputeService): Routes {
  const { catalog } = service.deps;
  const existing = async (teamId: string, computeId: string) => {
    const found = isUuid(computeId) ? await findCompute(service.db, computeId, { teamId }) : undefined;
    if (!found) throw computeNotFound();
    return found;
  };

  return defineRoutes('/teams/:teamId/computes/:computeId', 'Computes')
    .use(service.started)
    .add({
      method: 'post',
      path: '/actions',
      summary: 'Power on, shut down, power off or reboot a compute',
      tokenScope: 'computes:read_write',
      description:
        'power_on needs a stopped (or failed) compute; shutdown, power_off and reboot a running one; anything else is 409 with the reason. Answers 202 at once; the outcome follows on the socket and in the history.',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams, body: powerActionRequestSchema },
      responses: { 202: { description: 'The compute, as the action begins.', schema: computeSchema } },
      handler: async (c, { params, body }) => {
        const teamId = c.get('team').id;
        const written = await service.requestPowerAction(teamId, params.computeId, body.type, auditActor(c));
        return c.json(toCompute(catalog, written), 202);
      },
    })
    .add({
      method: 'post',
      path: '/rebuild',
      summary: 'Rebuild a compute: reinstall it from an image, keeping its id, hostname, addresses and plan',
      tokenScope: 'computes:read_write',
      description:
        'A fresh disk from the image (the same or another) and a new cloud-init seed, with new SSH keys or a new root password (in this answer only). Type the hostname to confirm, as for destroy. A running, stopped or failed compute may be rebuilt; one mid-transition or being destroyed is 409 with the reason. userData: absent keeps the compute’s, a string (checked as at create) replaces it, null removes it. Answers 202 at once; the outcome follows on the socket and in the history (a failed rebuild leaves the compute in error, with the reason).',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams, body: rebuildComputeRequestSchema },
      responses: {
        202: {
          description: 'The compute, rebuilding; the new root password once for password computes.',
          schema: createdComputeSchema,
        },
      },
      handler: async (c, { params, body }) => {
        const rebuilt = await rebuildCompute(service, {
          teamId: c.get('team').id,
          computeId: params.computeId,
          userId: c.get('user').id,
          actor: auditActor(c),
          body,
        });
        return c.json(
          { compute: toCompute(catalog, rebuilt.compute), rootPassword: rebuilt.rootPassword },
          202,
        );
      },
    })
    .add({
      method: 'post',
      path: '/resize',
      summary: 'Resize a stopped compute to another plan',
      tokenScope: 'computes:read_write',
      description:
        'vCPUs and memory go up or down; the disk only grows (a plan with a smaller disk is 422 on instanceTypeId, saying why). The compute must be stopped (409 otherwise); the host must have room and the team may need verifying (403) or a balance covering an hour of a dearer plan (402), each with the reason on instanceTypeId. Nothing changes when refused. Answers 202 with the compute resizing and its new plan, whose rate applies from its next hour; the outcome follows on the socket and in the history, and the compute is stopped again.',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams, body: resizeComputeRequestSchema },
      responses: { 202: { description: 'The compute, as the resize begins.', schema: computeSchema } },
      handler: async (c, { params, body }) => {
        const teamId = c.get('team').id;
        const written = await requestResize(
          service,
          teamId,
          params.computeId,
          body.instanceTypeId,
          auditActor(c),
        );
        return c.json(toCompute(catalog, written), 202);
      },
    })
    .add({
      method: 'post',
      path: '/rescue',
      summary: 'Boot a compute into rescue mode, its own disk attached as the second disk',
      tokenScope: 'computes:read_write',
      description:
        'The compute (running, stopped or in error) boots a small rescue system (Debian packages: busybox, an SSH server, e2fsprogs, fdisk) at its own addresses, its disk attached as /dev/vdb and never mounted by itself. Root signs in by SSH with the compute’s keys or the one-time password in this answer (never shown again). While in rescue the compute takes no power action (409 saying to leave rescue first); rebuild and resize are refused too. Answers 202 at once; the outcome follows on the socket and in the history (status entering_rescue, then rescue).',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams },
      responses: {
        202: {
          description: 'The compute, entering rescue mode, and the one-time root password.',
          schema: rescuedComputeSchema,
        },
      },
      handler: async (c, { params }) => {
        const rescued = await enterRescue(service, {
          teamId: c.get('team').id,
          computeId: params.computeId,
          actor: auditActor(c),
        });
        return c.json(
          { compute: toCompute(catalog, rescued.compute), rootPassword: rescued.rootPassword },
          202,
        );
      },
    })
    .add({
      method: 'delete',
      path: '/rescue',
      summary: 'Leave rescue mode: the compute boots normally from its own disk',
      tokenScope: 'computes:read_write',
      description:
        'Only for a compute in rescue (409 with the reason otherwise). Answers 202 at once with the compute leaving_rescue; it is running once its own system has booted.',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams },
      responses: { 202: { description: 'The compute, leaving rescue mode.', schema: computeSchema } },
      handler: async (c, { params }) => {
        const written = await leaveRescue(service, {
          teamId: c.get('team').id,
          computeId: params.computeId,
          actor: auditActor(c),
        });
        return c.json(toCompute(catalog, written), 202);
      },
    })
    .add({
      method: 'put',
      path: '/tags',
      summary: 'Replace the compute’s tags',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams, body: updateTagsRequestSchema },
      responses: { 200: { description: 'The compute with its new tags.', schema: computeSchema } },
      handler: async (c, { params, body }) => {
        const found = await service.updateTags(c.get('team').id, params.computeId, body.tags, auditActor(c));
        return c.json(toCompute(catalog, found), 200);
      },
    })
    .add({
      method: 'put',
      path: '/reverse-dns',
      summary: 'Set the reverse names (PTR) of the compute’s IPv4 and IPv6 addresses',
      tokenScope: 'computes:read_write',
      description:
        'For each address: a full domain name, null to remove its PTR, or absent to leave it as it is. A name is accepted only when its A (IPv4) or AAAA (IPv6) records include the address: our own zones are asked first, then DELEGATION_RESOLVER; otherwise 422 with the reason on ipv4 or ipv6, and nothing changes. Our DNS server answers the PTR from the reverse zone of the address block (signed when the operator signs reverse zones) as soon as this answers.',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams, body: updateReverseDnsRequestSchema },
      responses: { 200: { description: 'The compute with its reverse names.', schema: computeSchema } },
      handler: async (c, { params, body }) => {
        const found = await updateReverseDns(service, {
          teamId: c.get('team').id,
          computeId: params.computeId,
          body,
          actor: auditActor(c),
        });
        return c.json(toCompute(catalog, found), 200);
      },
    })
    .add({
      method: 'get',
      path: '/history',
      summary: 'Read what happened to the compute: who did what, when, with what result',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: computeParams },
      responses: {
        200: { description: 'Events, newest first (the latest 500).', schema: computeHistorySchema },
      },
      handler: async (c, { params }) => {
        const found = await existing(c.get('team').id, params.computeId);
        return c.json({ events: await listHistory(service.db, found.row.id) }, 200);
      },
    })
    .add({
      method: 'get',
      path: '/metrics',
      summary: 'Read CPU, memory, disk and network usage over 1 h, 24 h, 7 d or 30 d',
      tokenScope: 'computes:read',
      description:
        'Steps: 1 minute (1h), 5 minutes (24h), 30 minutes (7d), 2 hours (30d). Points before the compute existed are null; points while it was off (or not yet sampled) are 0; `readings` counts the points that hold a reading.',
      guards: teamGuards(),
      request: { params: computeParams, query: metricsQuery },
      responses: { 200: { description: 'Time series as parallel arrays.', schema: computeMetricsSchema } },
      handler: async (c, { params, query }) => {
        const { row } = await existing(c.get('team').id, params.computeId);
        const plan = row.instanceType as { vcpus: number; memoryMb: number };
        const metrics = await service.driver.metrics(
          { id: row.id, vcpus: plan.vcpus, memoryMb: plan.memoryMb, createdAt: row.createdAt },
          query.range,
        );
        return c.json(metrics, 200);
      },
    });
}
