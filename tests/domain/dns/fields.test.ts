import { describe, expect, it } from 'vitest';
import { cellText, checkRecord, DNS_RECORD_TYPES, recordFields, tableColumns } from '@/domain/dns';
import { accepted, ZONE } from './check';

const summary = (type: (typeof DNS_RECORD_TYPES)[number]) =>
  recordFields(type).map((field) => `${field.label}${field.numeric ? `(${field.placeholder})` : ''}`);

describe('recordFields (SPEC §3)', () => {
  it.each([
    ['A', ['Hostname', 'Value', 'TTL(3600)']],
    ['AAAA', ['Hostname', 'Value', 'TTL(3600)']],
    ['CNAME', ['Hostname', 'Value', 'TTL(3600)']],
    ['NS', ['Hostname', 'Value', 'TTL(3600)']],
    ['CAA', ['Hostname', 'Value', 'TTL(3600)']],
    ['TXT', ['Hostname', 'Value']],
    ['MX', ['Hostname', 'Value', 'Priority(10)']],
    ['SRV', ['Service', 'Value', 'Priority(10)', 'Weight(5)', 'Port(80)']],
  ] as const)('%s shows %j', (type, fields) => {
    expect(summary(type)).toEqual(fields);
  });

  it('says what each value is: mail server for MX, target for SRV', () => {
    expect(recordFields('MX')[1]?.help).toMatch(/mail server/);
    expect(recordFields('SRV')[1]?.help).toMatch(/target/);
    expect(recordFields('SRV')[0]).toMatchObject({
      placeholder: '_sip._tcp',
      help: expect.stringMatching(/_service\._protocol/),
    });
  });

  it('has placeholders that are themselves valid values', () => {
    for (const type of DNS_RECORD_TYPES) {
      const fields = recordFields(type);
      const input = Object.fromEntries(fields.map((field) => [field.key, field.placeholder]));
      const result = checkRecord({ type, name: '', value: '', ...input }, ZONE);
      expect(result.ok, `${type}: ${JSON.stringify(result)}`).toBe(true);
    }
    expect(recordFields('A')[1]?.placeholder).toBe('192.0.2.10');
    expect(recordFields('AAAA')[1]?.placeholder).toBe('2001:db8::1');
    expect(recordFields('CNAME')[1]?.placeholder).toBe('www.example.com');
    expect(recordFields('CAA')[1]?.placeholder).toBe('0 issue "letsencrypt.org"');
  });
});

describe('tableColumns (SPEC §3)', () => {
  const headers = (type?: (typeof DNS_RECORD_TYPES)[number]) =>
    tableColumns(type).map((column) => column.header);

  it('names the columns per type: service and target for SRV, name server for NS', () => {
    expect(headers('A')).toEqual(['Type', 'Hostname', 'Value', 'TTL']);
    expect(headers('TXT')).toEqual(['Type', 'Hostname', 'Value', 'TTL']);
    expect(headers('NS')).toEqual(['Type', 'Hostname', 'Name server', 'TTL']);
    expect(headers('MX')).toEqual(['Type', 'Hostname', 'Value', 'TTL', 'Priority']);
    expect(headers('SRV')).toEqual(['Type', 'Service', 'Target', 'TTL', 'Priority', 'Weight', 'Port']);
    expect(headers()).toEqual(['Type', 'Hostname', 'Value', 'TTL', 'Priority', 'Weight', 'Port']);
  });

  it('leaves a cell empty where the column does not apply', () => {
    const a = accepted({ type: 'A', name: 'www', value: '192.0.2.1' });
    const srv = accepted({ type: 'SRV', name: '_sip._tcp', value: '10 5 5060 sip.example.com' });
    const keys = tableColumns().map((column) => column.key);
    expect(keys.map((key) => cellText(a, key))).toEqual(['A', 'www', '192.0.2.1', '3600', '', '', '']);
    expect(keys.map((key) => cellText(srv, key))).toEqual([
      'SRV',
      '_sip._tcp',
      'sip.example.com',
      '3600',
      '10',
      '5',
      '5060',
    ]);
  });
});
