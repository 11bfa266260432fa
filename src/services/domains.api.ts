// The resource manager's domains (DNS zones), their records and zone files (src/contract/domains.ts).
import {
  type DnsRecordInput,
  dnsRecordListSchema,
  dnsRecordSchema,
  domainListSchema,
  domainSchema,
  zoneImportResultSchema,
} from '@/contract/domains';
import type { ApiRequest } from '@/domain/api-call';
import type { DnsRecordType } from '@/domain/dns/record-types';
import { apiOrigin, basePaths } from './config';
import { call, resourceManagerClient as client, json } from './http';

const domains = (teamId: string) => `teams/${encodeURIComponent(teamId)}/domains`;
const domain = (teamId: string, id: string) => `${domains(teamId)}/${encodeURIComponent(id)}`;
const record = (teamId: string, domainId: string, id: string) =>
  `${domain(teamId, domainId)}/records/${encodeURIComponent(id)}`;

export const fetchDomains = (teamId: string) => json(domainListSchema, () => client.get(domains(teamId)));

export const createDomain = (teamId: string, name: string) =>
  json(domainSchema, () => client.post(domains(teamId), { json: { name } }));

export const deleteDomain = (teamId: string, id: string, confirmName: string) =>
  call(() => client.delete(domain(teamId, id), { json: { confirmName } }));

export const checkDelegation = (teamId: string, id: string) =>
  json(domainSchema, () => client.post(`${domain(teamId, id)}/delegation-check`));

export interface RecordFilters {
  type?: DnsRecordType | undefined;
  search?: string | undefined;
}

export const fetchRecords = (teamId: string, domainId: string, filters: RecordFilters, cursor?: string) =>
  json(dnsRecordListSchema, () =>
    client.get(`${domain(teamId, domainId)}/records`, {
      searchParams: Object.fromEntries(
        Object.entries({ ...filters, cursor, limit: '200' }).filter(([, value]) => value),
      ) as Record<string, string>,
    }),
  );

/** What createRecord (or, for an existing record, updateRecord) sends, as a request to repeat elsewhere. */
export const recordRequest = (
  teamId: string,
  domainId: string,
  input: DnsRecordInput,
  existing?: { id: string; version: number },
): ApiRequest =>
  existing
    ? {
        method: 'PUT',
        url: `${apiOrigin()}${basePaths.resourceManager}/${record(teamId, domainId, existing.id)}`,
        body: { ...input, version: existing.version },
      }
    : {
        method: 'POST',
        url: `${apiOrigin()}${basePaths.resourceManager}/${domain(teamId, domainId)}/records`,
        body: input,
      };

export const createRecord = (teamId: string, domainId: string, input: DnsRecordInput) =>
  json(dnsRecordSchema, () => client.post(`${domain(teamId, domainId)}/records`, { json: input, retry: 0 }));

export const updateRecord = (
  teamId: string,
  domainId: string,
  id: string,
  input: DnsRecordInput & { version: number },
) => json(dnsRecordSchema, () => client.put(record(teamId, domainId, id), { json: input }));

export const deleteRecord = (teamId: string, domainId: string, id: string) =>
  call(() => client.delete(record(teamId, domainId, id)));

/** The zone in BIND format, as text (the page offers it as a download). */
export const fetchZoneFile = (teamId: string, domainId: string) =>
  call(() => client.get(`${domain(teamId, domainId)}/zone-file`).text());

export const previewZoneImport = (teamId: string, domainId: string, text: string) =>
  json(zoneImportResultSchema, () =>
    client.post(`${domain(teamId, domainId)}/zone-file/preview`, { json: { text } }),
  );

export const applyZoneImport = (teamId: string, domainId: string, text: string) =>
  json(zoneImportResultSchema, () =>
    client.post(`${domain(teamId, domainId)}/zone-file/apply`, { json: { text }, retry: 0 }),
  );

export const enableDnssec = (teamId: string, id: string) =>
  json(domainSchema, () => client.post(`${domain(teamId, id)}/dnssec`, { retry: 0 }));

export const disableDnssec = (teamId: string, id: string, dsRemoved: boolean) =>
  json(domainSchema, () => client.delete(`${domain(teamId, id)}/dnssec`, { json: { dsRemoved }, retry: 0 }));

export const startKeyRollover = (teamId: string, id: string) =>
  json(domainSchema, () => client.post(`${domain(teamId, id)}/dnssec/rollover`, { retry: 0 }));

export const completeKeyRollover = (teamId: string, id: string) =>
  json(domainSchema, () => client.post(`${domain(teamId, id)}/dnssec/rollover/complete`, { retry: 0 }));
