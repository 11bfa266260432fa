// Helpers for the DNS validation tests: check a record in example.rw and get the record or the errors.
import { expect } from 'vitest';
import type { DnsRecordInput } from '@/contract/domains';
import { type CanonicalRecord, checkRecord, type RecordErrors } from '@/domain/dns';

export const ZONE = 'example.rw';

export function accepted(input: DnsRecordInput, zone = ZONE): CanonicalRecord {
  const result = checkRecord(input, zone);
  if (!result.ok)
    expect.fail(`expected ${JSON.stringify(input)} to be accepted: ${JSON.stringify(result.errors)}`);
  return result.record;
}

export function refused(input: DnsRecordInput, zone = ZONE): RecordErrors {
  const result = checkRecord(input, zone);
  if (result.ok)
    expect.fail(`expected ${JSON.stringify(input)} to be refused, got ${JSON.stringify(result.record)}`);
  return result.errors;
}
