// Domain and record failures in plain words. A domain or record of another team is "not found", exactly
// like one that never was; a zone hosted by another team is "already hosted here", never by whom.
import type { DnsRecord } from '@/contract/domains';
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../http/problem';

export function domainNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Domain not found',
    detail: 'This team has no such domain. It may have been deleted.',
  });
}

export function recordNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Record not found',
    detail: 'This zone has no such record. It may have been deleted.',
  });
}

/** 409 on the name field: the zone (or one around or inside it) is already hosted on this server. */
export function zoneTaken(message: string): ProblemError {
  return new ProblemError(409, {
    type: problemTypes.zoneTaken,
    title: 'Already hosted',
    detail: message,
    errors: [{ field: 'name', message }],
  });
}

export function managedRecord(record: { type: string }): ProblemError {
  const detail =
    record.type === 'SOA'
      ? 'The SOA record is kept by the server (its serial increases on every change); it cannot be edited or deleted.'
      : 'This NS record names one of our name servers; the server keeps it so the zone stays answered. It cannot be edited or deleted.';
  return new ProblemError(409, { title: 'Kept by the server', detail });
}

/** 409 for an edit made on an older version: the record as it now stands goes back in `current`. */
export function staleRecord(current: DnsRecord): ProblemError {
  return new ProblemError(409, {
    type: problemTypes.recordChanged,
    title: 'Changed meanwhile',
    detail:
      'Someone changed this record after you opened it. Here it is as it now stands: review it and save your change again if it still applies.',
    current,
  });
}

/** 409: other changes kept landing on the zone while a zone file was being imported. */
export function zoneChangedDuringImport(): ProblemError {
  return new ProblemError(409, {
    title: 'Zone changed meanwhile',
    detail:
      'The zone kept changing while the file was being imported, so nothing was imported. Import the file again.',
  });
}

/** 502: the driver threw while publishing, and the transaction was rolled back. */
export function dnsServerRefused(): ProblemError {
  return new ProblemError(502, {
    type: problemTypes.dnsServerRefused,
    title: 'DNS server unavailable',
    detail: 'The DNS server did not accept the change; nothing was saved.',
  });
}

/** 413 with a plain message for zone files above MAX_ZONE_FILE_BYTES. */
export const ZONE_FILE_TOO_LARGE =
  'A zone file is at most 1 MB, and this one is larger. Split it and import the parts one after the other.';

export function delegationCheckTooSoon(retryAfterSeconds: number): ProblemError {
  return new ProblemError(
    429,
    {
      title: 'Checked a moment ago',
      detail: `Delegation was checked moments ago; check again in ${retryAfterSeconds} s.`,
      retryAfterSeconds,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
