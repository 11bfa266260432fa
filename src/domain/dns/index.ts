// The one DNS module: the console checks records with it as you type and the server enforces it.
export { canonicalIpv6 } from './addresses';

export { type Conflict, findConflict, rrsetTtlChanges } from './conflicts';
export {
  cellText,
  recordFields,
  tableColumns,
} from './fields';

export {
  absoluteName,
  normalizeZoneName,
  type ZoneNameResult,
} from './names';
export { DNS_RECORD_TYPES, type DnsRecordType } from './record-types';
export {
  type CanonicalRecord,
  checkRecord,
  type RecordErrors,
  toInput,
  type ZoneRecord,
} from './records';
export { quoteTxt, splitTxt } from './txt';

export {
  formatZoneFile,
  parseZoneFile,
  parseZoneFileSteps,
  parseZoneTtl,
  type ZoneFileParse,
} from './zone-file';
