// What each record type's page asks for and what the record table shows (SPEC §3).
import { DEFAULT_MX_PRIORITY, DEFAULT_SRV, DEFAULT_TTL } from '@/contract/domains';
import { type MessageId, t } from '@/i18n/state';
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

/** Each type's placeholders (SPEC §3), and what its value is, in words. */
const VALUES: Record<DnsRecordType, { name: string; value: string; help: MessageId }> = {
  A: { name: '@', value: '192.0.2.10', help: 'dns.field.value.help.A' },
  AAAA: { name: '@', value: '2001:db8::1', help: 'dns.field.value.help.AAAA' },
  CNAME: { name: 'www', value: 'www.example.com', help: 'dns.field.value.help.CNAME' },
  TXT: { name: '@', value: 'v=spf1 include:_spf.example.com ~all', help: 'dns.field.value.help.TXT' },
  MX: { name: '@', value: 'mail.example.com', help: 'dns.field.value.help.MX' },
  NS: { name: 'dev', value: 'ns1.example.com', help: 'dns.field.value.help.NS' },
  SRV: { name: '_sip._tcp', value: 'sip.example.com', help: 'dns.field.value.help.SRV' },
  CAA: { name: '@', value: '0 issue "letsencrypt.org"', help: 'dns.field.value.help.CAA' },
};

function numberField(key: 'priority' | 'weight' | 'port', placeholder: number): FormField {
  const words: Record<typeof key, { label: MessageId; help: MessageId }> = {
    priority: { label: 'dns.field.priority', help: 'dns.field.priority.help' },
    weight: { label: 'dns.field.weight', help: 'dns.field.weight.help' },
    port: { label: 'dns.field.port', help: 'dns.field.port.help' },
  };
  const { label, help } = words[key];
  return { key, label: t(label), placeholder: String(placeholder), help: t(help), numeric: true };
}

/** The fields a record type's page shows, in order (SPEC §3), in the language in use. */
export function recordFields(type: DnsRecordType): FormField[] {
  const values = VALUES[type];
  const name: FormField =
    type === 'SRV'
      ? {
          key: 'name',
          label: t('dns.field.service'),
          placeholder: values.name,
          help: t('dns.field.service.help'),
          numeric: false,
        }
      : {
          key: 'name',
          label: t('dns.field.hostname'),
          placeholder: values.name,
          help: t('dns.field.hostname.help'),
          numeric: false,
        };
  const value: FormField = {
    key: 'value',
    label: t('dns.field.value'),
    placeholder: values.value,
    help: t(values.help),
    numeric: false,
  };
  switch (type) {
    case 'TXT':
      return [name, value];
    case 'MX':
      return [name, value, numberField('priority', DEFAULT_MX_PRIORITY)];
    case 'SRV':
      return [
        name,
        value,
        numberField('priority', DEFAULT_SRV.priority),
        numberField('weight', DEFAULT_SRV.weight),
        numberField('port', DEFAULT_SRV.port),
      ];
    default:
      return [
        name,
        value,
        {
          key: 'ttl',
          label: 'TTL',
          placeholder: String(DEFAULT_TTL),
          help: t('dns.field.ttl.help'),
          numeric: true,
        },
      ];
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
    { key: 'type', header: t('dns.column.type') },
    { key: 'name', header: type === 'SRV' ? t('dns.field.service') : t('dns.field.hostname') },
    {
      key: 'value',
      header:
        type === 'SRV'
          ? t('dns.column.target')
          : type === 'NS'
            ? t('dns.column.nameServer')
            : t('dns.field.value'),
    },
    { key: 'ttl', header: 'TTL' },
  ];
  if (type === undefined || type === 'MX' || type === 'SRV')
    columns.push({ key: 'priority', header: t('dns.field.priority') });
  if (type === undefined || type === 'SRV') {
    columns.push(
      { key: 'weight', header: t('dns.field.weight') },
      { key: 'port', header: t('dns.field.port') },
    );
  }
  return columns;
}

/** A record's text in a column; empty where the column does not apply to its type. */
export function cellText(record: ZoneRecord, key: ColumnKey): string {
  const cell = record[key];
  return cell === null ? '' : String(cell);
}
