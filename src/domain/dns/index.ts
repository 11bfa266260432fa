// The one DNS module: the console checks records with it as you type and the server enforces it.
export { canonicalIpv6, formatIpv6, parseIpv4, parseIpv6 } from './addresses';
export { CAA_TAGS, parseCaaValue } from './caa';
export { type Conflict, findConflict, rrsetTtlChanges } from './conflicts';
export {
  type ColumnKey,
  cellText,
  type FormField,
  recordFields,
  type TableColumn,
  tableColumns,
} from './fields';
export { MAX_LABEL_OCTETS, MAX_NAME_OCTETS, toUnicodeName } from './labels';
export {
  absoluteName,
  checkRecordName,
  checkTarget,
  type NameResult,
  normalizeZoneName,
  type ZoneNameResult,
} from './names';
export { DNS_RECORD_TYPES, type DnsRecordType, parseRecordType } from './record-types';
export {
  type CanonicalRecord,
  checkRecord,
  type RecordCheck,
  type RecordErrors,
  type RecordField,
  toInput,
  type ZoneRecord,
} from './records';
export { MAX_TXT_LENGTH, MAX_TXT_STRING_OCTETS, parseTxtValue, quoteTxt, splitTxt, txtForInput } from './txt';
export { checkValue, type ValueCheck, type ValueParts } from './values';
export {
  formatZoneFile,
  parseZoneFile,
  parseZoneFileSteps,
  parseZoneTtl,
  type ZoneFileParse,
} from './zone-file';
