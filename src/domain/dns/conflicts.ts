// Rules between the records of one zone: CNAMEs stand alone, no record twice, delegated names hold only
// their NS records (and glue addresses below them), one TTL per set of records of a name and type.
import { t } from '@/i18n/state';
import type { CanonicalRecord, ZoneRecord } from './records';

export interface Conflict {
  field: 'name' | 'value';
  message: string;
}

function shown(name: string): string {
  return name === '@' ? t('dns.conflict.apex') : name;
}

/** English says "an A", "an MX", "a TXT", as the type's letters are read out. */
function readWithAn(type: string): boolean {
  return /^[AEFHILMNORSX]/.test(type);
}

function sameData(a: ZoneRecord, b: ZoneRecord): boolean {
  return (
    a.type === b.type &&
    a.name === b.name &&
    a.value === b.value &&
    a.priority === b.priority &&
    a.weight === b.weight &&
    a.port === b.port
  );
}

function isBelow(name: string, parent: string): boolean {
  return name.endsWith(`.${parent}`);
}

/**
 * Whether `candidate` may join `others` (the zone's other records: leave out the one being edited).
 * Differing TTLs are not a conflict: see rrsetTtlChanges.
 */
export function findConflict(candidate: CanonicalRecord, others: readonly ZoneRecord[]): Conflict | null {
  const sameName = others.filter((other) => other.name === candidate.name);
  const duplicate = sameName.find((other) => sameData(other, candidate));
  if (duplicate) {
    const message =
      duplicate.ttl === candidate.ttl
        ? t('dns.conflict.duplicate')
        : t('dns.conflict.duplicateTtl', { ttl: duplicate.ttl });
    return { field: 'value', message };
  }
  const name = shown(candidate.name);
  if (candidate.type === 'CNAME') {
    const cname = sameName.find((other) => other.type === 'CNAME');
    if (cname) {
      return {
        field: 'name',
        message: t('dns.conflict.secondCname', { name, target: cname.value }),
      };
    }
    const other = sameName[0];
    if (other) {
      return {
        field: 'name',
        message: t('dns.conflict.cnameNotAlone', { name, type: other.type }),
      };
    }
  } else {
    const cname = sameName.find((other) => other.type === 'CNAME');
    if (cname) {
      return {
        field: 'name',
        message: t('dns.conflict.besideCname', { name, target: cname.value }),
      };
    }
  }
  return delegationConflict(candidate, others);
}

/** Below a delegation (an NS record not at the apex) the other name servers answer, not ours. */
function delegationConflict(candidate: CanonicalRecord, others: readonly ZoneRecord[]): Conflict | null {
  const name = shown(candidate.name);
  if (candidate.type === 'NS') {
    const hidden = others.find(
      (other) =>
        (other.name === candidate.name && other.type !== 'NS') ||
        (isBelow(other.name, candidate.name) && other.type !== 'A' && other.type !== 'AAAA'),
    );
    if (!hidden) return null;
    return {
      field: 'name',
      message: t(
        readWithAn(hidden.type) ? 'dns.conflict.hiddenByDelegationAn' : 'dns.conflict.hiddenByDelegation',
        {
          name: shown(hidden.name),
          type: hidden.type,
          delegated: candidate.name,
        },
      ),
    };
  }
  const delegation = others.find(
    (other) =>
      other.type === 'NS' &&
      other.name !== '@' &&
      (other.name === candidate.name ||
        (isBelow(candidate.name, other.name) && candidate.type !== 'A' && candidate.type !== 'AAAA')),
  );
  if (!delegation) return null;
  return {
    field: 'name',
    message:
      delegation.name === candidate.name
        ? t('dns.conflict.delegated', { name })
        : t('dns.conflict.insideDelegation', { name, delegation: delegation.name }),
  };
}

/**
 * RFC 2181 §5.2: the records of one name and type share one TTL. Saving `candidate` sets its TTL on the
 * others of its set: these are the ones whose TTL changes (for the form to say so, and for the server to
 * update in the same transaction).
 */
export function rrsetTtlChanges(candidate: CanonicalRecord, others: readonly ZoneRecord[]): ZoneRecord[] {
  return others.filter(
    (other) => other.type === candidate.type && other.name === candidate.name && other.ttl !== candidate.ttl,
  );
}
