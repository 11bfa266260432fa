import { describe, expect, it } from 'vitest';
import { type CanonicalRecord, findConflict, rrsetTtlChanges, type ZoneRecord } from '@/domain/dns';
import { accepted } from './check';

const soa: ZoneRecord = {
  type: 'SOA',
  name: '@',
  value: 'ns1.ikirere.net hostmaster.ikirere.net 7 3600 600 1209600 3600',
  ttl: 3600,
  priority: null,
  weight: null,
  port: null,
};
const apexNs: ZoneRecord = { ...soa, type: 'NS', value: 'ns1.ikirere.net' };
const wwwA = accepted({ type: 'A', name: 'www', value: '192.0.2.10', ttl: 1800 });
const blogCname = accepted({ type: 'CNAME', name: 'blog', value: 'hosting.example.com' });
const mx10 = accepted({ type: 'MX', name: '@', value: '10 mail.example.rw' });
const devNs = accepted({ type: 'NS', name: 'dev', value: 'ns1.other.net' });
const zone: ZoneRecord[] = [soa, apexNs, wwwA, blogCname, mx10, devNs];

describe('findConflict', () => {
  it('lets unrelated records in', () => {
    const candidates: CanonicalRecord[] = [
      accepted({ type: 'A', name: 'www', value: '192.0.2.11' }),
      accepted({ type: 'A', name: '@', value: '192.0.2.11' }),
      accepted({ type: 'TXT', name: '@', value: 'v=spf1 -all' }),
      accepted({ type: 'MX', name: '@', value: '20 mail.example.rw' }),
      accepted({ type: 'CNAME', name: 'shop', value: 'shops.example.com' }),
      accepted({ type: 'NS', name: 'dev', value: 'ns2.other.net' }),
      accepted({ type: 'A', name: 'ns1.dev', value: '192.0.2.53' }),
    ];
    for (const candidate of candidates) expect(findConflict(candidate, zone)).toBeNull();
  });

  it('refuses a record that already exists, whatever its TTL', () => {
    expect(findConflict(accepted({ type: 'A', name: 'WWW', value: '192.0.2.10', ttl: 1800 }), zone)).toEqual({
      field: 'value',
      message: 'This record already exists.',
    });
    expect(findConflict(accepted({ type: 'A', name: 'www', value: '192.0.2.10' }), zone)).toEqual({
      field: 'value',
      message: 'This record already exists (with TTL 1800).',
    });
    expect(
      findConflict(accepted({ type: 'MX', name: '@', value: 'mail.example.rw.', priority: 10 }), zone)
        ?.message,
    ).toBe('This record already exists.');
  });

  it('tells SRV records apart by priority, weight and port', () => {
    const srv = accepted({ type: 'SRV', name: '_sip._tcp', value: '10 5 5060 sip.example.com' });
    expect(
      findConflict(accepted({ type: 'SRV', name: '_sip._tcp', value: '10 5 5061 sip.example.com' }), [srv]),
    ).toBeNull();
    expect(
      findConflict(accepted({ type: 'SRV', name: '_sip._tcp', value: '10 5 5060 sip.example.com' }), [srv]),
    ).toEqual({
      field: 'value',
      message: 'This record already exists.',
    });
  });

  it('keeps a CNAME alone at its name, both ways', () => {
    expect(findConflict(accepted({ type: 'CNAME', name: 'www', value: 'web.example.com' }), zone)).toEqual({
      field: 'name',
      message:
        'www already has A records, and a CNAME must be the only record at its name. Choose another name or delete those records first.',
    });
    expect(findConflict(accepted({ type: 'TXT', name: 'blog', value: 'x' }), zone)).toEqual({
      field: 'name',
      message:
        'blog has a CNAME record (to hosting.example.com), so it can have no other records. Choose another name or delete the CNAME first.',
    });
    expect(findConflict(accepted({ type: 'CNAME', name: 'blog', value: 'other.example.com' }), zone)).toEqual(
      {
        field: 'name',
        message: 'blog already has a CNAME record (to hosting.example.com); a name can have only one.',
      },
    );
  });

  it('keeps other records away from a delegated name', () => {
    expect(findConflict(accepted({ type: 'A', name: 'dev', value: '192.0.2.1' }), zone)).toEqual({
      field: 'name',
      message:
        'dev is delegated to other name servers (it has NS records), so other records here would not be answered. Add them at those name servers.',
    });
    expect(findConflict(accepted({ type: 'TXT', name: 'www.dev', value: 'x' }), zone)?.message).toBe(
      'www.dev is inside dev, which is delegated to other name servers. Add it at those name servers (only A and AAAA glue records belong here).',
    );
    expect(findConflict(accepted({ type: 'NS', name: 'www', value: 'ns1.other.net' }), zone)).toEqual({
      field: 'name',
      message:
        'www has an A record, which delegating www would hide. Delete it first, or delegate another name.',
    });
    const glue = accepted({ type: 'AAAA', name: 'ns1.dev', value: '2001:db8::53' });
    const below = accepted({ type: 'MX', name: 'dev', value: 'mx.example.com' });
    expect(
      findConflict(accepted({ type: 'NS', name: 'dev', value: 'ns1.dev.example.rw' }), [glue]),
    ).toBeNull();
    expect(findConflict(devNs, [below])?.message).toBe(
      'dev has an MX record, which delegating dev would hide. Delete it first, or delegate another name.',
    );
  });
});

describe('rrsetTtlChanges', () => {
  it('names the records of the same name and type whose TTL the candidate changes', () => {
    const second = accepted({ type: 'A', name: 'www', value: '192.0.2.11', ttl: 300 });
    expect(rrsetTtlChanges(second, zone)).toEqual([wwwA]);
    expect(rrsetTtlChanges({ ...second, ttl: 1800 }, zone)).toEqual([]);
    expect(rrsetTtlChanges(accepted({ type: 'TXT', name: 'www', value: 'x', ttl: 300 }), zone)).toEqual([]);
  });
});
