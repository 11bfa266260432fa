// /teams/:teamId/domains/:domainId/dnssec: sign the zone, roll its key, turn signing off. Any active member
// of the team may, like every other zone change; each answers the domain as it now stands, with the DS
// records to give the registrar and what the parent zone publishes.
import { disableDnssecRequestSchema, domainSchema } from '@/contract/domains';
import { auditActor } from '../audit/audit-log';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { completeKeyRollover, disableDnssec, enableDnssec, startKeyRollover } from './dnssec';
import { findDomain, toDomain } from './domain-record';
import type { DomainService } from './domain-service';
import { domainParams } from './params';
import { domainNotFound } from './problems';

export function dnssecRoutes(service: DomainService): Routes {
  // The domain after a change, also pushed to the team's other open consoles.
  const current = async (teamId: string, domainId: string) => {
    const found = await findDomain(service.db, teamId, domainId);
    if (!found) throw domainNotFound();
    const domain = toDomain(found.row, found.recordCount, service.config.nameServers, found.keys);
    const { live } = service.deps;
    if (live.listening) await live.publishToTeam(teamId, { type: 'domain.updated', domain });
    return domain;
  };
  const change = (c: Parameters<typeof auditActor>[0], domainId: string) => ({
    teamId: c.get('team').id,
    domainId,
    actor: auditActor(c),
  });

  return defineRoutes('/teams/:teamId/domains/:domainId/dnssec', 'Domains')
    .add({
      method: 'post',
      path: '/',
      summary: 'Sign the zone (DNSSEC)',
      tokenScope: 'domains:read_write',
      description:
        'Creates an ECDSA P-256 key (algorithm 13, a combined signing key), kept encrypted, and publishes the zone signed: DNSKEY, RRSIGs and NSEC3. `dnssec.keys[].ds` is what the registrar must publish. Signing a signed zone changes nothing. 502 when the DNS server refused the change (nothing saved).',
      guards: teamGuards('resources.manage'),
      request: { params: domainParams },
      responses: { 200: { description: 'The domain, signed.', schema: domainSchema } },
      handler: async (c, { params }) => {
        await enableDnssec(service, change(c, params.domainId));
        return c.json(await current(c.get('team').id, params.domainId), 200);
      },
    })
    .add({
      method: 'delete',
      path: '/',
      summary: 'Turn signing off, once the parent zone no longer publishes a DS record',
      tokenScope: 'domains:read_write',
      description:
        'The parent zone is asked for DS records first: while it publishes one, 409 (the zone would fail validation everywhere). When no resolver answers, 409 unless `dsRemoved` is true (the person removed the DS at the registrar).',
      guards: teamGuards('resources.manage'),
      request: { params: domainParams, body: disableDnssecRequestSchema },
      responses: { 200: { description: 'The domain, unsigned.', schema: domainSchema } },
      handler: async (c, { params, body }) => {
        await disableDnssec(service, { ...change(c, params.domainId), dsRemoved: body.dsRemoved === true });
        return c.json(await current(c.get('team').id, params.domainId), 200);
      },
    })
    .add({
      method: 'post',
      path: '/rollover',
      summary: 'Start a key roll: a new key signs alongside the current one',
      tokenScope: 'domains:read_write',
      description:
        'Both keys sign every answer, so resolvers that know either DS validate. Give the registrar the new key’s DS, then complete the roll. 409 when the zone is unsigned or already rolling.',
      guards: teamGuards('resources.manage'),
      request: { params: domainParams },
      responses: { 200: { description: 'The domain, rolling.', schema: domainSchema } },
      handler: async (c, { params }) => {
        await startKeyRollover(service, change(c, params.domainId));
        return c.json(await current(c.get('team').id, params.domainId), 200);
      },
    })
    .add({
      method: 'post',
      path: '/rollover/complete',
      summary: 'Complete the key roll: the old key stops signing',
      tokenScope: 'domains:read_write',
      description:
        'The parent is asked for DS records first; 409 while it names only the old key (or a key that is not ours). Allowed when it names the new key or publishes none.',
      guards: teamGuards('resources.manage'),
      request: { params: domainParams },
      responses: { 200: { description: 'The domain, signed with the new key.', schema: domainSchema } },
      handler: async (c, { params }) => {
        await completeKeyRollover(service, change(c, params.domainId));
        return c.json(await current(c.get('team').id, params.domainId), 200);
      },
    });
}
