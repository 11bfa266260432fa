// One record as a form or a zone file gives it, checked field by field and made canonical: the rules the
// console applies as you type and the server enforces (SPEC §3 and §5).
import {
  DEFAULT_MX_PRIORITY,
  DEFAULT_SRV,
  DEFAULT_TTL,
  type DnsRecordInput,
  MAX_TTL,
  MIN_TTL,
} from '@/contract/domains';
import { t } from '@/i18n/state';
import { tidyName } from './labels';
import { absoluteName, checkRecordName } from './names';
import { type NumberInput, readWholeNumber } from './numbers';
import type { DnsRecordType } from './record-types';
import { txtForInput } from './txt';
import { checkValue, MAX_16_BIT, type ValueParts } from './values';

/** A record in the canonical forms documented on dnsRecordSchema (src/contract/domains.ts). */
export interface CanonicalRecord {
  type: DnsRecordType;
  name: string;
  value: string;
  ttl: number;
  /** MX and SRV, else null. */
  priority: number | null;
  /** SRV, else null. */
  weight: number | null;
  /** SRV, else null. */
  port: number | null;
}

/** A record of a zone as stored, including the SOA the server keeps. */
export type ZoneRecord = Omit<CanonicalRecord, 'type'> & { type: DnsRecordType | 'SOA' };

export type RecordField = 'name' | 'value' | 'ttl' | 'priority' | 'weight' | 'port';
export type RecordErrors = Partial<Record<RecordField, string>>;
export type RecordCheck = { ok: true; record: CanonicalRecord } | { ok: false; errors: RecordErrors };

/**
 * Checks a record of `zone` (its ASCII name) as a form or a zone file gives it. Answers the canonical
 * record, or a message per field saying what is wrong and what is expected. Fields the type does not
 * have are ignored.
 */
export function checkRecord(input: DnsRecordInput, zone: string): RecordCheck {
  const zoneName = tidyName(zone).replace(/\.$/, '');
  const { type } = input;
  const errors: RecordErrors = {};

  const name = checkRecordName(input.name, type, zoneName);
  if (!name.ok) errors.name = name.message;

  const ttl = readWholeNumber(input.ttl, MIN_TTL, MAX_TTL);
  // A form's field left empty is a missing answer, not the placeholder's value; only a field the input
  // does not carry at all (an API call, a zone file line without one) takes the default.
  if (leftEmpty(input.ttl)) errors.ttl = t('dns.ttl.required');
  else if (!ttl.ok) errors.ttl = ttl.reason === 'format' ? t('dns.ttl.format') : t('dns.ttl.range');

  const numberFields =
    type === 'SRV' ? (['priority', 'weight', 'port'] as const) : type === 'MX' ? (['priority'] as const) : [];
  const typedNumbers: Partial<Record<'priority' | 'weight' | 'port', number | null>> = {};
  for (const field of numberFields) {
    const read = readWholeNumber(input[field] as NumberInput, 0, MAX_16_BIT);
    if (read.ok) typedNumbers[field] = read.value;
    else errors[field] = t('dns.number.format', { field });
  }

  const value = checkValue(type, input.value);
  let parts: ValueParts | null = null;
  if (!value.ok) errors.value = value.message;
  else parts = value.parts;

  const defaults = { ...DEFAULT_SRV, priority: type === 'MX' ? DEFAULT_MX_PRIORITY : DEFAULT_SRV.priority };
  const numbers: Partial<Record<'priority' | 'weight' | 'port', number>> = {};
  for (const field of numberFields) {
    const typedNumber = typedNumbers[field];
    const inValue = parts?.[field];
    if (inValue !== undefined && typedNumber != null && inValue !== typedNumber) {
      errors.value ??= t('dns.number.mismatch', { field, inValue, typed: typedNumber });
    }
    numbers[field] = typedNumber ?? inValue ?? defaults[field];
    const nullMx = type === 'MX' && parts?.value === '.';
    if (leftEmpty(input[field] as NumberInput) && inValue === undefined && !nullMx) {
      errors[field] ??= t('dns.number.required', { field, example: defaults[field] });
    }
  }
  if (type === 'MX' && parts?.value === '.') {
    // RFC 7505: a null MX ("this domain accepts no mail") has preference 0.
    if (typedNumbers.priority == null && parts.priority === undefined) numbers.priority = 0;
    const field = typedNumbers.priority == null ? 'value' : 'priority';
    if (numbers.priority !== 0) errors[field] ??= t('dns.mx.nullPriority');
  }
  if (type === 'CNAME' && name.ok && parts && parts.value === absoluteName(name.name, zoneName)) {
    errors.value = t('dns.cname.toItself');
  }

  if (Object.keys(errors).length > 0 || !name.ok || !ttl.ok || !parts) return { ok: false, errors };
  return {
    ok: true,
    record: {
      type,
      name: name.name,
      value: parts.value,
      ttl: ttl.value ?? DEFAULT_TTL,
      priority: numbers.priority ?? null,
      weight: numbers.weight ?? null,
      port: numbers.port ?? null,
    },
  };
}

/** A field that was shown and left empty (or only spaces); undefined means the input has no such field. */
function leftEmpty(raw: NumberInput): boolean {
  return typeof raw === 'string' && raw.trim() === '';
}

/**
 * What to put in a form to edit a stored record: checking it again gives the same record back (TXT texts
 * that would not read back as typed are quoted).
 */
export function toInput(record: CanonicalRecord): DnsRecordInput {
  return {
    type: record.type,
    name: record.name,
    value: record.type === 'TXT' ? txtForInput(record.value) : record.value,
    ttl: record.ttl,
    priority: record.priority ?? undefined,
    weight: record.weight ?? undefined,
    port: record.port ?? undefined,
  };
}
