// /teams/:teamId/computes/:computeId/…: power actions, tags, history and metrics.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  computeHistorySchema,
  computeMetricsSchema,
  computeSchema,
  metricsRangeSchema,
  powerActionRequestSchema,
  updateTagsRequestSchema,
} from '@/contract/computes';
import { auditActor, recordAudit } from '../audit/audit-log';
import { computes } from '../db/schema';
import { defineRoutes, type Routes } from '../http/routes';
import { isUuid, teamGuards } from '../teams/guards';
import { listHistory, recordEvent } from './compute-history';
import { findCompute, lockCompute, toCompute } from './compute-record';
import { type ComputeService, nextUpdatedAt } from './compute-service';
import { computeParams } from './params';
import { computeConflict, computeNotFound } from './problems';

const metricsQuery = v.object({ range: v.optional(metricsRangeSchema, '1h') });

export function computeActionsRoutes(service: ComputeService): Routes {
  const { catalog, clock } = service.deps;
  const existing = async (teamId: string, computeId: string) => {
    const found = isUuid(computeId) ? await findCompute(service.db, computeId, { teamId }) : undefined;
    if (!found) throw computeNotFound();
    return found;
  };

  return defineRoutes('/teams/:teamId/computes/:computeId', 'Computes')
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
        await service.start();
        const teamId = c.get('team').id;
        if (!isUuid(params.computeId)) throw computeNotFound();
        await service.requestPowerAction(teamId, params.computeId, body.type, auditActor(c));
        const found = await findCompute(service.db, params.computeId, { teamId, includeDestroyed: true });
        if (!found) throw computeNotFound();
        return c.json(toCompute(catalog, found), 202);
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
        await service.start();
        const teamId = c.get('team').id;
        if (!isUuid(params.computeId)) throw computeNotFound();
        const actor = auditActor(c);
        const now = clock.now();
        const changed = await service.db.transaction(async (tx) => {
          const row = await lockCompute(tx, teamId, params.computeId);
          if (!row) throw computeNotFound();
          if (row.status === 'destroying') throw computeConflict('The compute is being destroyed.');
          if (row.tags.join(',') === body.tags.join(',')) return false;
          await tx
            .update(computes)
            .set({ tags: body.tags, updatedAt: nextUpdatedAt(row, now) })
            .where(eq(computes.id, row.id));
          await recordEvent(tx, {
            computeId: row.id,
            action: 'tags',
            actorUserId: actor.userId,
            result: 'succeeded',
            message: body.tags.length > 0 ? `Tags: ${body.tags.join(', ')}.` : 'All tags removed.',
            at: now,
          });
          await recordAudit(tx, {
            teamId,
            actor,
            action: 'compute.tags_changed',
            target: row.hostname,
            details: { computeId: row.id, from: row.tags, to: body.tags },
            at: now,
          });
          return true;
        });
        if (changed) await service.publish(params.computeId);
        return c.json(toCompute(catalog, await existing(teamId, params.computeId)), 200);
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
