// Zone files in BIND format: export of a zone, and import that puts every record through checkRecord.
import { DEFAULT_TTL, type DnsRecordInput } from '@/contract/domains';
import { type MessageId, t } from '@/i18n/state';
import { finishSteps, type Steps } from '../steps';
import { toUnicodeName } from './labels';
import { type DnsRecordType, parseRecordType } from './record-types';
import { type CanonicalRecord, checkRecord, type ZoneRecord } from './records';
import { quoteTxt, splitTxt } from './txt';
import { lexZoneFile, type ZoneToken } from './zone-file-lexer';

function fullyQualified(host: string): string {
  return host === '.' ? '.' : `${host}.`;
}

function rdata(record: ZoneRecord): string {
  switch (record.type) {
    case 'CNAME':
    case 'NS':
      return fullyQualified(record.value);
    case 'MX':
      return `${record.priority ?? 0} ${fullyQualified(record.value)}`;
    case 'SRV':
      return `${record.priority ?? 0} ${record.weight ?? 0} ${record.port ?? 0} ${fullyQualified(record.value)}`;
    case 'TXT':
      return splitTxt(record.value).map(quoteTxt).join(' ');
    case 'SOA': {
      const [mname = '', rname = '', ...numbers] = record.value.split(/\s+/);
      return [fullyQualified(mname), fullyQualified(rname), ...numbers].join(' ');
    }
    default:
      return record.value;
  }
}

/**
 * The zone as a BIND zone file: $ORIGIN and $TTL, then one record per line (the SOA first) with names
 * relative to the zone, targets fully qualified with a trailing dot and TXT texts in quoted 255-octet
 * strings.
 */
export function formatZoneFile(zone: string, records: readonly ZoneRecord[]): string {
  const display = toUnicodeName(zone);
  const ordered = [...records.filter((r) => r.type === 'SOA'), ...records.filter((r) => r.type !== 'SOA')];
  const lines = [
    `; ${display === zone ? t('dns.zoneFile.header', { zone }) : t('dns.zoneFile.headerUnicode', { zone, display })}`,
    `$ORIGIN ${zone}.`,
    `$TTL ${DEFAULT_TTL}`,
    ...ordered.map((record) => `${record.name}\t${record.ttl}\tIN\t${record.type}\t${rdata(record)}`),
  ];
  return `${lines.join('\n')}\n`;
}

export interface ZoneFileParse {
  records: Array<{ line: number; record: CanonicalRecord }>;
  refused: Array<{ line: number; text: string; reason: string }>;
  /** SOA and the apex NS records: the server keeps its own. */
  skipped: Array<{ line: number; type: string }>;
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** A zone file TTL: seconds (3600) or with units (1h, 1d, 1h30m). */
export function parseZoneTtl(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text) <= 2_147_483_647 ? Number(text) : null;
  if (!/^(?:\d+[smhdw])+$/i.test(text)) return null;
  let seconds = 0;
  for (const [, amount, unit] of text.toLowerCase().matchAll(/(\d+)([smhdw])/g)) {
    seconds += Number(amount) * TTL_UNITS[unit!]!;
  }
  return seconds <= 2_147_483_647 ? seconds : null;
}

const CLASSES = /^(?:IN|CH|HS|CS|ANY|NONE|CLASS\d+)$/i;
/** How many words each type's data has in a zone file, and what to say when a line has another count. */
const SHAPES: Record<DnsRecordType, { count: (n: number) => boolean; message: MessageId }> = {
  A: { count: (n) => n === 1, message: 'dns.zoneFile.shape.A' },
  AAAA: { count: (n) => n === 1, message: 'dns.zoneFile.shape.AAAA' },
  CNAME: { count: (n) => n === 1, message: 'dns.zoneFile.shape.CNAME' },
  NS: { count: (n) => n === 1, message: 'dns.zoneFile.shape.NS' },
  MX: { count: (n) => n === 2, message: 'dns.zoneFile.shape.MX' },
  SRV: { count: (n) => n === 4, message: 'dns.zoneFile.shape.SRV' },
  TXT: { count: (n) => n >= 1, message: 'dns.zoneFile.shape.TXT' },
  CAA: { count: (n) => n >= 3, message: 'dns.zoneFile.shape.CAA' },
};

/** Reads a zone file of `zone` (its ASCII name). Each record goes through checkRecord. */
export function parseZoneFile(text: string, zone: string): ZoneFileParse {
  return finishSteps(parseZoneFileSteps(text, zone));
}

/**
 * parseZoneFile one entry at a time: it pauses (yields) before each line, so a server can read a file of
 * 20,000 lines in slices and answer other requests between them.
 */
export function* parseZoneFileSteps(text: string, zone: string): Steps<ZoneFileParse> {
  const result: ZoneFileParse = { records: [], refused: [], skipped: [] };
  const apex = `${zone.toLowerCase().replace(/\.$/, '')}.`;
  let origin = apex;
  let defaultTtl: number | null = null;
  let lastTtl: number | null = null;
  let previousOwner: string | null = null;
  const absolute = (name: string): string => {
    if (name === '@') return origin;
    if (name.endsWith('.')) return name;
    return origin === '.' ? `${name}.` : `${name}.${origin}`;
  };

  for (const entry of lexZoneFile(text)) {
    yield;
    const refuse = (reason: string) => result.refused.push({ line: entry.line, text: entry.text, reason });
    const [first, ...rest] = entry.tokens;
    const isDirective =
      !entry.blankOwner && first !== undefined && !first.quoted && first.text.startsWith('$');
    if (entry.error || !first) {
      // The owner was read before the error: the lines after it that leave it blank still mean it.
      if (!entry.blankOwner && first && !isDirective) previousOwner = absolute(first.text).toLowerCase();
      refuse(entry.error ?? t('dns.zoneFile.unreadable'));
      continue;
    }
    if (isDirective) {
      const directive = first.text.toUpperCase();
      const argument = rest[0]?.text ?? '';
      const argumentTtl = parseZoneTtl(argument);
      if (directive === '$ORIGIN' && argument !== '') origin = absolute(argument).toLowerCase();
      else if (directive === '$TTL' && argumentTtl !== null) defaultTtl = argumentTtl;
      else if (directive === '$TTL') refuse(t('dns.zoneFile.ttlDirective'));
      else if (directive === '$INCLUDE') refuse(t('dns.zoneFile.include'));
      else refuse(t('dns.zoneFile.unknownDirective', { directive: first.text }));
      continue;
    }
    const words = entry.blankOwner ? entry.tokens : rest;
    const owner: string | null = entry.blankOwner ? previousOwner : absolute(first.text).toLowerCase();
    if (owner === null) {
      refuse(t('dns.zoneFile.noNameAbove'));
      continue;
    }
    previousOwner = owner;

    let ttl: number | null = null;
    let recordClass: string | null = null;
    let index = 0;
    for (; index < Math.min(words.length, 2); index += 1) {
      const word = words[index]!;
      if (word.quoted) break;
      if (ttl === null && parseZoneTtl(word.text) !== null) ttl = parseZoneTtl(word.text);
      else if (recordClass === null && CLASSES.test(word.text)) recordClass = word.text.toUpperCase();
      else break;
    }
    const typeWord = words[index];
    if (!typeWord) {
      refuse(t('dns.zoneFile.noType'));
      continue;
    }
    if (ttl !== null) lastTtl = ttl;
    if (recordClass !== null && recordClass !== 'IN') {
      refuse(t('dns.zoneFile.classNotIn', { recordClass }));
      continue;
    }
    const typeText = typeWord.text.toUpperCase();
    const data = words.slice(index + 1);
    if (typeText === 'SOA' || (typeText === 'NS' && owner === apex)) {
      result.skipped.push({ line: entry.line, type: typeText });
      continue;
    }
    const type = parseRecordType(typeText);
    if (!type) {
      refuse(t('dns.zoneFile.unsupportedType', { type: typeText }));
      continue;
    }
    if (!SHAPES[type].count(data.length)) {
      refuse(t(SHAPES[type].message));
      continue;
    }
    const input = recordInput(type, data, absolute);
    input.name = owner;
    input.ttl = ttl ?? defaultTtl ?? lastTtl ?? DEFAULT_TTL;
    const checked = checkRecord(input, zone);
    if (checked.ok) result.records.push({ line: entry.line, record: checked.record });
    else refuse(Object.values(checked.errors).join(' '));
  }
  return result;
}

function recordInput(
  type: DnsRecordType,
  data: ZoneToken[],
  absolute: (name: string) => string,
): DnsRecordInput {
  const texts = data.map((token) => token.text);
  const target = (name: string) => (name === '.' ? '.' : absolute(name));
  const input: DnsRecordInput = { type, name: '', value: texts.join(' ') };
  switch (type) {
    case 'CNAME':
    case 'NS':
      input.value = target(texts[0]!);
      break;
    case 'MX':
      input.priority = texts[0];
      input.value = target(texts[1]!);
      break;
    case 'SRV':
      [input.priority, input.weight, input.port] = texts;
      input.value = target(texts[3]!);
      break;
    case 'TXT':
      input.value = quoteTxt(texts.join(''));
      break;
    case 'CAA':
      input.value = `${texts[0]} ${texts[1]} "${texts.slice(2).join(' ')}"`;
      break;
  }
  return input;
}
