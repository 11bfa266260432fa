// A team's domains and their records: added, deleted, checked, signed, imported. A change to records
// refreshes the zone's record lists and the domain list (which shows each zone's record count); a change
// to a domain is stored in the domain list at once, then confirmed by a refetch.
import type { QueryClient } from '@tanstack/react-query';
import type { DnsRecord, DnsRecordInput, Domain } from '@/contract/domains';
import {
  applyZoneImport,
  checkDelegation,
  completeKeyRollover,
  createDomain,
  createRecord,
  deleteDomain,
  deleteRecord,
  disableDnssec,
  enableDnssec,
  startKeyRollover,
  updateRecord,
} from './domains.api';
import { domainKeys, domainsQuery } from './domains.queries';
import { type Answer, useWrite, type WriteCallbacks } from './mutation';

const refreshDomains = (queryClient: QueryClient, teamId: string) =>
  queryClient.invalidateQueries({ queryKey: domainKeys.list(teamId) });

/**
 * A zone's records changed: its record lists refetch, and so does the domain list in the background.
 * Resolves once the record lists are back.
 */
async function refreshRecords(queryClient: QueryClient, teamId: string, domainId: string): Promise<void> {
  const records = queryClient.invalidateQueries({ queryKey: domainKeys.records(teamId, domainId) });
  void refreshDomains(queryClient, teamId);
  await records;
}

/** The domain as the server now describes it, in the team's list at once; a refetch confirms it. */
function storeDomain(queryClient: QueryClient, updated: Domain): void {
  queryClient.setQueryData(domainsQuery(updated.teamId).queryKey, (list) =>
    list ? { domains: list.domains.map((known) => (known.id === updated.id ? updated : known)) } : list,
  );
  void refreshDomains(queryClient, updated.teamId);
}

export const useCreateDomain = (teamId: string, callbacks?: WriteCallbacks<Domain, string>) =>
  useWrite(
    (name: string) => createDomain(teamId, name),
    (queryClient) => void refreshDomains(queryClient, teamId),
    callbacks,
  );

/** Deleting a zone, confirmed by typing its name. */
export const useDeleteDomain = (domain: Pick<Domain, 'teamId' | 'id'>) =>
  useWrite(
    (confirmName: string) => deleteDomain(domain.teamId, domain.id, confirmName),
    (queryClient) => void refreshDomains(queryClient, domain.teamId),
  );

/** Asks the parent zone now whether the zone is delegated to our name servers (and publishes its DS). */
export const useCheckDelegation = (domain: Pick<Domain, 'teamId' | 'id'>) =>
  useWrite(() => checkDelegation(domain.teamId, domain.id), storeDomain);

export const useEnableDnssec = (
  domain: Pick<Domain, 'teamId' | 'id'>,
  callbacks?: WriteCallbacks<Domain, void>,
) => useWrite(() => enableDnssec(domain.teamId, domain.id), storeDomain, callbacks);

export const useStartKeyRollover = (
  domain: Pick<Domain, 'teamId' | 'id'>,
  callbacks?: WriteCallbacks<Domain, void>,
) => useWrite(() => startKeyRollover(domain.teamId, domain.id), storeDomain, callbacks);

export const useCompleteKeyRollover = (
  domain: Pick<Domain, 'teamId' | 'id'>,
  callbacks?: WriteCallbacks<Domain, void>,
) => useWrite(() => completeKeyRollover(domain.teamId, domain.id), storeDomain, callbacks);

/** Turns signing off; `dsRemoved` says the person confirmed the registrar no longer lists the DS record. */
export const useDisableDnssec = (domain: Pick<Domain, 'teamId' | 'id'>) =>
  useWrite((dsRemoved: boolean) => disableDnssec(domain.teamId, domain.id, dsRemoved), storeDomain);

/** Adds a record, or (given the record as it was) changes it, sending its version to detect edits elsewhere. */
export const useSaveRecord = (domain: Pick<Domain, 'teamId' | 'id'>) =>
  useWrite(
    ({ input, record }: { input: DnsRecordInput; record: DnsRecord | null }) =>
      record
        ? updateRecord(domain.teamId, domain.id, record.id, { ...input, version: record.version })
        : createRecord(domain.teamId, domain.id, input),
    (queryClient) => void refreshRecords(queryClient, domain.teamId, domain.id),
  );

export const useDeleteRecord = (
  domain: Pick<Domain, 'teamId' | 'id'>,
  callbacks?: WriteCallbacks<Answer<typeof deleteRecord>, DnsRecord>,
) =>
  useWrite(
    (record: DnsRecord) => deleteRecord(domain.teamId, domain.id, record.id),
    (queryClient) => refreshRecords(queryClient, domain.teamId, domain.id),
    callbacks,
  );

/** Applies a zone file (after its preview). */
export const useApplyZoneImport = (domain: Pick<Domain, 'teamId' | 'id'>) =>
  useWrite(
    (text: string) => applyZoneImport(domain.teamId, domain.id, text),
    (queryClient) => void refreshRecords(queryClient, domain.teamId, domain.id),
  );
