// /teams/:teamId/domains/:domainId/zone-file: the zone as a BIND file, and importing one — a preview of
// what would be added, changed and refused, then the same computation applied in one transaction.
import { bodyLimit } from 'hono/body-limit';
import { MAX_ZONE_FILE_BYTES, zoneFileRequestSchema, zoneImportResultSchema } from '@/contract/domains';
import { auditActor } from '../audit/audit-log';
import { problem } from '../http/problem';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { findDomainRow, zoneRecords } from './domain-record';
import type { DomainService } from './domain-service';
import { domainParams } from './params';
import { domainNotFound, zoneFileTooLarge } from './problems';
import { formatZone } from './rules';
import { applyImport, previewImport } from './zone-import';

/**
 * The request body ({ "text": … }) may be at most MAX_ZONE_FILE_BYTES: checked as it streams in (against
 * Content-Length first), so a larger upload is refused with 413 without being read, and no zone file the
 * contract would refuse as too long (over a million characters) ever gets that far.
 */
const zoneFileBodyLimit = bodyLimit({
  maxSize: MAX_ZONE_FILE_BYTES,
  onError: (c) => problem(c, 413, zoneFileTooLarge()),
});

export function zoneFileRoutes(service: DomainService): Routes {
  const existing = async (teamId: string, domainId: string) => {
    const domain = await findDomainRow(service.db, teamId, domainId);
    if (!domain) throw domainNotFound();
    return domain;
  };
  const importDescription = `The body is { text } with the zone file; the whole body is at most ${MAX_ZONE_FILE_BYTES} bytes (413 beyond). Relative names are relative to the zone; $ORIGIN and $TTL are read. Records identical to the zone's (name, type, data) are counted as unchanged, or listed as changes when only the ttl differs; lines that cannot be read, break a rule, conflict with the zone or repeat an earlier line are refused with the reason; the SOA and the NS records at the apex are skipped (the server keeps its own).`;

  return defineRoutes('/teams/:teamId/domains/:domainId/zone-file', 'Domains')
    .add({
      method: 'get',
      path: '/',
      summary: 'Download the zone as a BIND zone file',
      tokenScope: 'domains:read',
      guards: teamGuards(),
      request: { params: domainParams },
      responses: {
        200: { description: 'The zone file (attachment <zone>.zone).', contentType: 'text/plain' },
      },
      handler: async (c, { params }) => {
        const domain = await existing(c.get('team').id, params.domainId);
        const text = formatZone(domain, await zoneRecords(service.db, domain.id));
        return c.body(text, 200, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Disposition': `attachment; filename="${domain.name}.zone"`,
        });
      },
    })
    .add({
      method: 'post',
      path: '/preview',
      summary: 'Preview importing a zone file: what would be added, changed and refused (nothing is saved)',
      tokenScope: 'domains:read_write',
      description: importDescription,
      guards: [...teamGuards('resources.manage'), zoneFileBodyLimit],
      maxBodyBytes: MAX_ZONE_FILE_BYTES,
      request: { params: domainParams, body: zoneFileRequestSchema },
      responses: {
        200: { description: 'What the import would do (applied: false).', schema: zoneImportResultSchema },
      },
      handler: async (c, { params, body }) => {
        const domain = await existing(c.get('team').id, params.domainId);
        return c.json(await previewImport(service, domain, body.text), 200);
      },
    })
    .add({
      method: 'post',
      path: '/apply',
      summary: 'Import a zone file: add and change what the preview shows, in one transaction',
      tokenScope: 'domains:read_write',
      description: `${importDescription} Refused lines are left out; the rest is applied at once with one new serial, or not at all (502 when the DNS server refused it).`,
      guards: [...teamGuards('resources.manage'), zoneFileBodyLimit],
      maxBodyBytes: MAX_ZONE_FILE_BYTES,
      request: { params: domainParams, body: zoneFileRequestSchema },
      responses: {
        200: { description: 'What the import did (applied: true).', schema: zoneImportResultSchema },
      },
      handler: async (c, { params, body }) => {
        const result = await applyImport(service, {
          teamId: c.get('team').id,
          domainId: params.domainId,
          actor: auditActor(c),
          text: body.text,
        });
        return c.json(result, 200);
      },
    });
}
