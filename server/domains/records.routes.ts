// /teams/:teamId/domains/:domainId/records: the zone's records, paged, and one record created, edited
// (naming the version it edits) or deleted. Every change increases the zone's serial and reaches the DNS
// server before it is saved.
import {
  dnsRecordInputSchema,
  dnsRecordListQuerySchema,
  dnsRecordListSchema,
  dnsRecordSchema,
  updateDnsRecordRequestSchema,
} from '@/contract/domains';
import { auditActor } from '../audit/audit-log';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { findDomainRow } from './domain-record';
import type { DomainService } from './domain-service';
import { domainParams, recordParams } from './params';
import { domainNotFound } from './problems';
import { createRecord, deleteRecord, updateRecord } from './record-changes';
import { listRecords } from './record-list';

const CHANGE_FAILURES =
  '422 with a message per field (`name`, `value`, `ttl`, `priority`, `weight`, `port`) when the record breaks a rule of src/domain/dns, including the rules between records (a CNAME stands alone; no record twice); 502 when the DNS server refused the change (nothing saved).';

export function recordsRoutes(service: DomainService): Routes {
  return defineRoutes('/teams/:teamId/domains/:domainId/records', 'Domains')
    .add({
      method: 'get',
      path: '/',
      summary: 'List the zone’s records: filter by type, search, and page',
      tokenScope: 'domains:read',
      description:
        'Sorted by name (the apex first), type, then value. search matches the name and the value, case-insensitively. Pages hold `limit` records (100 by default, 500 at most); pass nextCursor as `cursor` for the next page; `total` counts every match.',
      guards: teamGuards(),
      request: { params: domainParams, query: dnsRecordListQuerySchema },
      responses: { 200: { description: 'One page of records and the total.', schema: dnsRecordListSchema } },
      handler: async (c, { params, query }) => {
        const domain = await findDomainRow(service.db, c.get('team').id, params.domainId);
        if (!domain) throw domainNotFound();
        return c.json(await listRecords(service.db, domain.id, query), 200);
      },
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Add a record to the zone',
      tokenScope: 'domains:read_write',
      description: `The record is stored in canonical form (see dnsRecordSchema). Records of one name and type share one ttl: saving one gives its ttl to the others. ${CHANGE_FAILURES}`,
      guards: teamGuards('resources.manage'),
      request: { params: domainParams, body: dnsRecordInputSchema },
      responses: { 201: { description: 'The record as stored.', schema: dnsRecordSchema } },
      handler: async (c, { params, body }) => {
        const record = await createRecord(service, {
          teamId: c.get('team').id,
          domainId: params.domainId,
          actor: auditActor(c),
          input: body,
        });
        return c.json(record, 201);
      },
    })
    .add({
      method: 'put',
      path: '/:recordId',
      summary: 'Replace a record (naming the version the form loaded)',
      tokenScope: 'domains:read_write',
      description: `409 with the record as it now stands in \`current\` when \`version\` is not the latest (someone changed it meanwhile); 409 for the records the server keeps (the SOA, the NS records of our name servers). ${CHANGE_FAILURES}`,
      guards: teamGuards('resources.manage'),
      request: { params: recordParams, body: updateDnsRecordRequestSchema },
      responses: { 200: { description: 'The record as stored.', schema: dnsRecordSchema } },
      handler: async (c, { params, body }) => {
        const { version, ...input } = body;
        const record = await updateRecord(service, {
          teamId: c.get('team').id,
          domainId: params.domainId,
          recordId: params.recordId,
          actor: auditActor(c),
          input,
          version,
        });
        return c.json(record, 200);
      },
    })
    .add({
      method: 'delete',
      path: '/:recordId',
      summary: 'Delete a record',
      tokenScope: 'domains:read_write',
      description:
        '409 for the records the server keeps (the SOA, the NS records of our name servers); 502 when the DNS server refused the change (nothing deleted).',
      guards: teamGuards('resources.manage'),
      request: { params: recordParams },
      responses: { 204: { description: 'Deleted.' } },
      handler: async (c, { params }) => {
        await deleteRecord(service, {
          teamId: c.get('team').id,
          domainId: params.domainId,
          recordId: params.recordId,
          actor: auditActor(c),
        });
        return c.body(null, 204);
      },
    });
}
