// Domain and record failures in plain words. A domain or record of another team is "not found", exactly
// like one that never was; a zone hosted by another team is "already hosted here", never by whom.
import type { DnsRecord } from '@/contract/domains';
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

export function domainNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('domains.problem.notFound.title'),
    detail: t('domains.problem.notFound.detail'),
  });
}

export function recordNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('domains.problem.recordNotFound.title'),
    detail: t('domains.problem.recordNotFound.detail'),
  });
}

/** 409 on the name field: the zone (or one around or inside it) is already hosted on this server. */
export function zoneTaken(message: string): ProblemError {
  return new ProblemError(409, {
    type: problemTypes.zoneTaken,
    title: t('domains.problem.zoneTaken.title'),
    detail: message,
    errors: [{ field: 'name', message }],
  });
}

export function managedRecord(record: { type: string }): ProblemError {
  const detail =
    record.type === 'SOA' ? t('domains.problem.managedRecord.soa') : t('domains.problem.managedRecord.ns');
  return new ProblemError(409, { title: t('domains.problem.managedRecord.title'), detail });
}

/** 409 for an edit made on an older version: the record as it now stands goes back in `current`. */
export function staleRecord(current: DnsRecord): ProblemError {
  return new ProblemError(409, {
    type: problemTypes.recordChanged,
    title: t('domains.problem.staleRecord.title'),
    detail: t('domains.problem.staleRecord.detail'),
    current,
  });
}

/** 409: other changes kept landing on the zone while a zone file was being imported. */
export function zoneChangedDuringImport(): ProblemError {
  return new ProblemError(409, {
    title: t('domains.problem.zoneChangedDuringImport.title'),
    detail: t('domains.problem.zoneChangedDuringImport.detail'),
  });
}

/** 502: the driver threw while publishing, and the transaction was rolled back. */
export function dnsServerRefused(): ProblemError {
  return new ProblemError(502, {
    type: problemTypes.dnsServerRefused,
    title: t('computes.problem.dnsUnavailable.title'),
    detail: t('domains.problem.dnsServerRefused.detail'),
  });
}

/** 413 with a plain message for zone files above MAX_ZONE_FILE_BYTES. */
export function zoneFileTooLarge(): { title: string; detail: string } {
  return {
    title: t('domains.problem.zoneFileTooLarge.title'),
    detail: t('domains.problem.zoneFileTooLarge.detail'),
  };
}

export function delegationCheckTooSoon(retryAfterSeconds: number): ProblemError {
  return new ProblemError(
    429,
    {
      title: t('domains.problem.checkedMomentsAgo.title'),
      detail: t('domains.problem.checkedMomentsAgo.detail', { seconds: retryAfterSeconds }),
      retryAfterSeconds,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
