// /ops/api/v1/hosts: the hypervisor hosts for the operator (through `npm run ops -- hosts …`): each host
// reachable or not, its acceleration, capacity and use, drained or not, and the computes on it (with their
// team); draining a host (no new computes there, its stopped computes moved to another host) and undoing it.
// Only the operator sees which host a compute is on: the teams' API never says.
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { hostDrainResultSchema, type OperatorHost, operatorHostListSchema } from '@/contract/operator';
import type { ComputeService } from '../computes';
import { computes, teams } from '../db/schema';
import type { HostFleet } from '../drivers/compute/compute-driver';
import { MachineStateError } from '../drivers/compute/compute-driver';
import { clientInfo } from '../http/client-info';
import { pathParam } from '../http/path-params';
import { ProblemError } from '../http/problem';
import { defineRoutes } from '../http/routes';
import { requireOperator } from './operator-access';

function noSuchHost(): ProblemError {
  return new ProblemError(404, {
    title: 'Host not found',
    detail: 'There is no hypervisor host of this name.',
  });
}

const hostParams = v.object({
  host: pathParam(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,30}$/)), noSuchHost),
});

function fleetOf(computeService: ComputeService): HostFleet {
  const fleet = computeService.driver.fleet;
  if (!fleet) {
    throw new ProblemError(409, {
      title: 'No hosts',
      detail: `The compute driver (${computeService.driver.info.name}) has no hypervisor hosts to list or drain.`,
    });
  }
  return fleet;
}

export function hostRoutes(deps: { computes: ComputeService; operatorToken: string | undefined }) {
  const guards = [requireOperator(deps.operatorToken)];
  return defineRoutes('/', 'Operations')
    .add({
      method: 'get',
      path: '/hosts',
      summary:
        'List the hypervisor hosts: reachable, acceleration, capacity used, drained, and their computes',
      tokenScope: 'never',
      guards,
      responses: { 200: { description: 'The hosts.', schema: operatorHostListSchema } },
      handler: async (c) => {
        const reports = deps.computes.driver.fleet ? await deps.computes.driver.fleet.hosts() : [];
        const ids = reports.flatMap((report) => report.machineIds);
        const rows =
          ids.length === 0
            ? []
            : await c
                .get('identity')
                .db.select({
                  id: computes.id,
                  hostname: computes.hostname,
                  status: computes.status,
                  teamId: teams.id,
                  teamName: teams.name,
                })
                .from(computes)
                .innerJoin(teams, eq(teams.id, computes.teamId))
                .where(inArray(computes.id, ids));
        const hosts: OperatorHost[] = reports.map(({ machineIds, ...report }) => ({
          ...report,
          computes: rows
            .filter((row) => machineIds.includes(row.id) && row.status !== 'destroyed')
            .map((row) => ({ ...row, status: row.status as OperatorHost['computes'][number]['status'] }))
            .sort((a, b) => a.hostname.localeCompare(b.hostname)),
        }));
        return c.json({ driver: deps.computes.driver.info.name, hosts }, 200);
      },
    })
    .add({
      method: 'post',
      path: '/hosts/:host/drain',
      summary:
        'Drain a host: no new computes there, its stopped computes moved to other hosts (answers when done)',
      tokenScope: 'never',
      guards,
      request: { params: hostParams },
      responses: { 200: { description: 'What moved and what stayed.', schema: hostDrainResultSchema } },
      handler: async (c, { params }) => {
        const fleet = fleetOf(deps.computes);
        if (!(await fleet.hosts()).some((host) => host.name === params.host)) throw noSuchHost();
        let result: Awaited<ReturnType<HostFleet['drain']>>;
        try {
          result = await fleet.drain(params.host);
        } catch (error) {
          if (error instanceof MachineStateError)
            throw new ProblemError(409, { title: 'Cannot drain', detail: error.message });
          throw error;
        }
        const client = clientInfo(c);
        const actor = { userId: null, ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null };
        for (const moved of result.moved) await deps.computes.noteMoved(moved.id, actor);
        return c.json(result, 200);
      },
    })
    .add({
      method: 'delete',
      path: '/hosts/:host/drain',
      summary: 'Undrain a host: it takes new computes again (the moved ones stay where they are)',
      tokenScope: 'never',
      guards,
      request: { params: hostParams },
      responses: {
        200: {
          description: 'The host takes computes again.',
          schema: v.object({ host: v.string(), drained: v.boolean() }),
        },
      },
      handler: async (c, { params }) => {
        const fleet = fleetOf(deps.computes);
        if (!(await fleet.hosts()).some((host) => host.name === params.host)) throw noSuchHost();
        await fleet.undrain(params.host);
        return c.json({ host: params.host, drained: false }, 200);
      },
    });
}
