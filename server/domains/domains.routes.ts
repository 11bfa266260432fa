// /teams/:teamId/domains: add a zone, list, read and delete them, and ask for a delegation check. Any
// active member of the team may (OWNER, ADMIN and MEMBER alike: see "Roles and permissions" in the
// README); another team's domain is 404, exactly like one that never existed.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import {
  createDomainRequestSchema,
  deleteDomainRequestSchema,
  domainListQuerySchema,
  domainListSchema,
  domainSchema,
} from '@/contract/domains';
import { auditActor } from '../audit/audit-log';
import { domains } from '../db/schema';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { keysOf } from './dnssec';
import { createDomain, deleteDomain } from './domain-lifecycle';
import { findDomain, recordCountOf, toDomain } from './domain-record';
import type { DomainService } from './domain-service';
import { domainParams } from './params';
import { domainNotFound } from './problems';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function domainsRoutes(service: DomainService): Routes {
  const nameServers = service.config.nameServers;
  const current = async (teamId: string, domainId: string) => {
    const found = await findDomain(service.db, teamId, domainId);
    if (!found) throw domainNotFound();
    return toDomain(found.row, found.recordCount, nameServers, found.keys);
  };

  return defineRoutes('/teams/:teamId/domains', 'Domains')
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s domains with their record counts and delegation status',
      tokenScope: 'domains:read',
      description: 'search matches the name, in ASCII (punycode) or Unicode, case-insensitively.',
      guards: teamGuards(),
      request: { params: teamIdParams, query: domainListQuerySchema },
      responses: { 200: { description: 'The domains, by name.', schema: domainListSchema } },
      handler: async (c, { query }) => {
        const search = query.search?.trim().toLowerCase().replace(/\.$/, '');
        const pattern = search ? `%${escapeLike(search)}%` : undefined;
        const rows = await service.db
          .select({ row: domains, recordCount: recordCountOf })
          .from(domains)
          .where(
            and(
              eq(domains.teamId, c.get('team').id),
              pattern
                ? or(sql`${domains.name} like ${pattern}`, sql`lower(${domains.displayName}) like ${pattern}`)
                : undefined,
            ),
          )
          .orderBy(asc(domains.name));
        const keys = await keysOf(
          service.db,
          rows.map(({ row }) => row.id),
        );
        return c.json(
          {
            domains: rows.map(({ row, recordCount }) =>
              toDomain(row, recordCount, nameServers, keys.get(row.id) ?? []),
            ),
          },
          200,
        );
      },
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Add a domain the team owns as a zone on our name servers',
      tokenScope: 'domains:read_write',
      description:
        'The name may be typed in Unicode (stored in punycode). A zone is hosted once on the whole server (409 when it, or a zone around or inside it, already is). It starts with an SOA and an NS record per name server (kept by the server) and two sample A records for www (ttl 1800). The registrar must then list `nameServers`; `delegation` says whether it does (checked right away, then periodically).',
      guards: teamGuards('resources.manage'),
      request: { params: teamIdParams, body: createDomainRequestSchema },
      responses: { 201: { description: 'The new domain.', schema: domainSchema } },
      handler: async (c, { body }) => {
        const team = c.get('team');
        const row = await createDomain(service, {
          teamId: team.id,
          userId: c.get('user').id,
          actor: auditActor(c),
          name: body.name,
        });
        service.delegation.checkSoon(row.id);
        const domain = await current(team.id, row.id);
        await service.deps.live.publishToTeam(team.id, { type: 'domain.updated', domain });
        return c.json(domain, 201);
      },
    })
    .add({
      method: 'get',
      path: '/:domainId',
      summary: 'Read one domain',
      tokenScope: 'domains:read',
      guards: teamGuards(),
      request: { params: domainParams },
      responses: { 200: { description: 'The domain.', schema: domainSchema } },
      handler: async (c, { params }) => c.json(await current(c.get('team').id, params.domainId), 200),
    })
    .add({
      method: 'delete',
      path: '/:domainId',
      summary: 'Delete a domain and all its records (type its name to confirm)',
      tokenScope: 'domains:read_write',
      description:
        '`confirmName` is the domain’s name, in ASCII or Unicode. The name servers stop answering for the zone.',
      guards: teamGuards('resources.manage'),
      request: { params: domainParams, body: deleteDomainRequestSchema },
      responses: { 204: { description: 'Deleted.' } },
      handler: async (c, { params, body }) => {
        const teamId = c.get('team').id;
        await deleteDomain(service, {
          teamId,
          domainId: params.domainId,
          actor: auditActor(c),
          confirmName: body.confirmName,
        });
        await service.deps.live.publishToTeam(teamId, {
          type: 'domain.deleted',
          teamId,
          domainId: params.domainId,
        });
        return c.body(null, 204);
      },
    })
    .add({
      method: 'post',
      path: '/:domainId/delegation-check',
      summary: 'Check now whether the registrar points the domain at our name servers',
      tokenScope: 'domains:read_write',
      description:
        'At most once per 10 seconds per domain (429 with retryAfterSeconds otherwise). A resolver that fails or times out leaves the status as it was and records checkedAt; the check never takes more than a few seconds.',
      guards: teamGuards('resources.manage'),
      request: { params: domainParams },
      responses: { 200: { description: 'The domain after the check.', schema: domainSchema } },
      handler: async (c, { params }) => {
        const teamId = c.get('team').id;
        await current(teamId, params.domainId);
        await service.delegation.checkRequested(params.domainId);
        return c.json(await current(teamId, params.domainId), 200);
      },
    });
}
