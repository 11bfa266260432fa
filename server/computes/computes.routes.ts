// /teams/:teamId/computes: create (idempotent), list, read and destroy. Any active member of the team may
// (OWNER, ADMIN and MEMBER alike: see "Roles and permissions" in the README); another team's compute is 404.
import { createComputeRequestSchema } from '@/contract/compute-requests';
import {
  computeListQuerySchema,
  computeListSchema,
  computeSchema,
  computeUserDataSchema,
  createdComputeSchema,
  destroyComputeRequestSchema,
} from '@/contract/computes';
import { auditActor } from '../audit/audit-log';
import { defineRoutes, type Routes } from '../http/routes';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, REPLAYED_HEADER } from '../idempotency/idempotency';
import { isUuid, teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { listComputes } from './compute-list';
import { findCompute, toCompute } from './compute-record';
import type { ComputeService } from './compute-service';
import { createCompute } from './create-compute';
import { computeParams } from './params';
import { computeNotFound } from './problems';

export function computesRoutes(service: ComputeService): Routes {
  const { catalog } = service.deps;
  const live = async (teamId: string, computeId: string) => {
    const found = isUuid(computeId) ? await findCompute(service.db, computeId, { teamId }) : undefined;
    if (!found) throw computeNotFound();
    return found;
  };

  return defineRoutes('/teams/:teamId/computes', 'Computes')
    .use(service.started)
    .add({
      method: 'post',
      path: '/',
      summary: 'Create a compute (idempotent: send an Idempotency-Key header)',
      tokenScope: 'computes:read_write',
      description: `Requires the ${IDEMPOTENCY_HEADER} header: the same key from the same team within 24 hours answers with the compute the first request made (201 again, with ${REPLAYED_HEADER}: true and rootPassword null: the password is only ever in the first answer). Concurrent requests with one key make one compute. An unverified team may run 5 computes and no plan with 8 or more vCPUs (403).`,
      guards: teamGuards('resources.manage'),
      request: { params: teamIdParams, body: createComputeRequestSchema },
      responses: {
        201: {
          description: 'The compute, provisioning; the root password once for password computes.',
          schema: createdComputeSchema,
        },
      },
      handler: async (c, { body }) => {
        const idempotencyKey = idempotencyKeyOf(c);
        const team = c.get('team');
        const created = await createCompute(service, {
          teamId: team.id,
          userId: c.get('user').id,
          actor: auditActor(c),
          body,
          idempotencyKey,
        });
        const compute = await findCompute(service.db, created.computeId, { includeDestroyed: true });
        if (!compute) throw computeNotFound();
        const headers: Record<string, string> = created.replayed ? { [REPLAYED_HEADER]: 'true' } : {};
        return c.json(
          { compute: toCompute(catalog, compute), rootPassword: created.rootPassword },
          201,
          headers,
        );
      },
    })
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s computes: search, filter, sort and page',
      tokenScope: 'computes:read',
      description:
        'search matches the hostname, the addresses and the tags; pages hold `limit` computes (100 by default, 500 at most); pass nextCursor as `cursor` for the next page; `total` counts every match.',
      guards: teamGuards(),
      request: { params: teamIdParams, query: computeListQuerySchema },
      responses: { 200: { description: 'One page of computes and the total.', schema: computeListSchema } },
      handler: async (c, { query }) =>
        c.json(await listComputes(service.db, catalog, c.get('team').id, query), 200),
    })
    .add({
      method: 'get',
      path: '/:computeId',
      summary: 'Read one compute',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: computeParams },
      responses: { 200: { description: 'The compute.', schema: computeSchema } },
      handler: async (c, { params }) =>
        c.json(toCompute(catalog, await live(c.get('team').id, params.computeId)), 200),
    })
    .add({
      method: 'get',
      path: '/:computeId/user-data',
      summary: "Read a compute's user-data",
      tokenScope: 'computes:read',
      description:
        'The #cloud-config document or script the compute was made or last rebuilt with, as written (up to 64 KiB); null when none. The compute itself says only which kind (userDataKind), so lists and live updates stay small.',
      guards: teamGuards(),
      request: { params: computeParams },
      responses: { 200: { description: "The compute's user-data.", schema: computeUserDataSchema } },
      handler: async (c, { params }) => {
        const { row } = await live(c.get('team').id, params.computeId);
        return c.json({ userData: row.userData }, 200);
      },
    })
    .add({
      method: 'delete',
      path: '/:computeId',
      summary: 'Destroy a compute (type its hostname to confirm)',
      tokenScope: 'computes:read_write',
      description:
        'Answers 202 with the compute destroying; once the machine is gone the compute answers 404 and its addresses return to the pool. The disk and its data are lost.',
      guards: teamGuards('resources.manage'),
      request: { params: computeParams, body: destroyComputeRequestSchema },
      responses: { 202: { description: 'The compute, being destroyed.', schema: computeSchema } },
      handler: async (c, { params, body }) => {
        const teamId = c.get('team').id;
        if (!isUuid(params.computeId)) throw computeNotFound();
        await service.requestDestroy(teamId, params.computeId, body.confirmHostname, auditActor(c));
        const found = await findCompute(service.db, params.computeId, { teamId, includeDestroyed: true });
        if (!found) throw computeNotFound();
        return c.json(toCompute(catalog, found), 202);
      },
    });
}
