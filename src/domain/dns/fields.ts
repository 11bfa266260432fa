// What each record type's page asks for and what the record table shows (SPEC §3).
import { DEFAULT_MX_PRIORITY, DEFAULT_SRV, DEFAULT_TTL } from '@/contract/domains';
import type { DnsRecordType } from './record-types';
import type { RecordField, ZoneRecord } from './records';

export interface FormField {
  key: RecordField;
  label: string;
  placeholder: string;
  help: string;
  /** A number field (inputmode numeric). */
  numeric: boolean;
}

const HOSTNAME_HELP =
  'Enter @ for the domain itself, or a name like www (a full name inside the domain works too).';

const VALUES: Record<DnsRecordType, { name: string; value: string; help: string }> = {
  A: { name: '@', value: '192.0.2.10', help: 'The IPv4 address the name points to.' },
  AAAA: { name: '@', value: '2001:db8::1', help: 'The IPv6 address the name points to.' },
  CNAME: {
    name: 'www',
    value: 'www.example.com',
    help: 'The host name this name is an alias of. A CNAME must be the only record at its name.',
  },
  TXT: {
    name: '@',
    value: 'v=spf1 include:_spf.example.com ~all',
    help: 'The text, with or without quotes. Long texts are split into 255-byte strings for you.',
  },
  MX: { name: '@', value: 'mail.example.com', help: 'The mail server’s host name.' },
  NS: {
    name: 'dev',
    value: 'ns1.example.com',
    help: 'A name server to delegate this name to. The domain’s own name servers are managed for you.',
  },
  SRV: {
    name: '_sip._tcp',
    value: 'sip.example.com',
    help: 'The target: the host name that offers the service.',
  },
  CAA: {
    name: '@',
    value: '0 issue "letsencrypt.org"',
    help: 'A flag, a tag (issue, issuewild or iodef) and a quoted value: which certificate authority may issue.',
  },
};

const TTL_FIELD: FormField = {
  key: 'ttl',
  label: 'TTL',
  placeholder: String(DEFAULT_TTL),
  help: 'How long resolvers may keep the answer, in seconds (60 to 604800).',
  numeric: true,
};

function numberField(key: 'priority' | 'weight' | 'port', placeholder: number, help: string): FormField {
  const label = `${key[0]!.toUpperCase()}${key.slice(1)}`;
  return { key, label, placeholder: String(placeholder), help, numeric: true };
}

/** The fields a record type's page shows, in order (SPEC §3). */
export function recordFields(type: DnsRecordType): FormField[] {
  const values = VALUES[type];
  const name: FormField =
    type === 'SRV'
      ? {
          key: 'name',
          label: 'Service',
          placeholder: values.name,
          help: 'The service as _service._protocol, like _sip._tcp, optionally followed by a name.',
          numeric: false,
        }
      : { key: 'name', label: 'Hostname', placeholder: values.name, help: HOSTNAME_HELP, numeric: false };
  const value: FormField = {
    key: 'value',
    label: 'Value',
    placeholder: values.value,
    help: values.help,
    numeric: false,
  };
  switch (type) {
    case 'TXT':
      return [name, value];
    case 'MX':
      return [name, value, numberField('priority', DEFAULT_MX_PRIORITY, 'Lower numbers are tried first.')];
    case 'SRV':
      return [
        name,
        value,
        numberField('priority', DEFAULT_SRV.priority, 'Lower numbers are tried first.'),
        numberField('weight', DEFAULT_SRV.weight, 'Shares the load among targets of the same priority.'),
        numberField('port', DEFAULT_SRV.port, 'The port the service listens on.'),
      ];
    default:
      return [name, value, TTL_FIELD];
  }
}

export type ColumnKey = 'type' | RecordField;

export interface TableColumn {
  key: ColumnKey;
  header: string;
}

/**
 * The record table's columns (SPEC §3): type; hostname (service for SRV); value (target for SRV, name
 * server for NS); then ttl, priority, weight and port as they apply. Without a type (all records), every
 * column, with the generic headers.
 */
export function tableColumns(type?: DnsRecordType): TableColumn[] {
  const columns: TableColumn[] = [
    { key: 'type', header: 'Type' },
    { key: 'name', header: type === 'SRV' ? 'Service' : 'Hostname' },
    { key: 'value', header: type === 'SRV' ? 'Target' : type === 'NS' ? 'Name server' : 'Value' },
    { key: 'ttl', header: 'TTL' },
  ];
  if (type === undefined || type === 'MX' || type === 'SRV')
    columns.push({ key: 'priority', header: 'Priority' });
  if (type === undefined || type === 'SRV') {
    columns.push({ key: 'weight', header: 'Weight' }, { key: 'port', header: 'Port' });
  }
  return columns;
}

/** A record's text in a column; empty where the column does not apply to its type. */
export function cellText(record: ZoneRecord, key: ColumnKey): string {
  const cell = record[key];
  return cell === null ? '' : String(cell);
}
