// Zone names, the hostnames of records inside a zone, and the host names records point at.
import { type MessageId, t } from '@/i18n/state';
import {
  badLabelMessage,
  isTopLevelLabel,
  labelKind,
  MAX_NAME_OCTETS,
  tidyName,
  toAsciiLabels,
  toUnicodeName,
} from './labels';
import type { DnsRecordType } from './record-types';

export type ZoneNameResult = { ok: true; name: string; displayName: string } | { ok: false; message: string };
export type NameResult = { ok: true; name: string } | { ok: false; message: string };

/**
 * A zone (domain) name as typed, made canonical: trimmed, lowercase, one trailing dot dropped, Unicode
 * labels in punycode (`müller.de` → `xn--mller-kva.de`). `displayName` is the Unicode form.
 */
export function normalizeZoneName(input: string): ZoneNameResult {
  let name = tidyName(input);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === '') return { ok: false, message: t('dns.zone.required') };
  if (/[:/]/.test(name)) return { ok: false, message: t('dns.zone.notAddress') };
  const characters = () => t('dns.zone.characters');
  const split = toAsciiLabels(name, characters);
  if (!split.ok) return split;
  const { labels } = split;
  for (const label of labels) {
    if (labelKind(label) !== 'ldh') return { ok: false, message: badLabelMessage(label, characters) };
  }
  if (labels.length < 2) return { ok: false, message: t('dns.zone.twoParts') };
  if (!isTopLevelLabel(labels.at(-1)!)) return { ok: false, message: t('dns.zone.topLevel') };
  const ascii = labels.join('.');
  if (ascii.length > MAX_NAME_OCTETS) {
    return { ok: false, message: t('dns.zone.tooLong', { length: ascii.length }) };
  }
  return { ok: true, name: ascii, displayName: toUnicodeName(ascii) };
}

/** The fully qualified name (no trailing dot) of a record name relative to `zone` ('@' is the apex). */
export function absoluteName(name: string, zone: string): string {
  return name === '@' ? zone : `${name}.${zone}`;
}

const WILDCARD_TYPES: ReadonlySet<DnsRecordType> = new Set(['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'CAA']);
const UNDERSCORE_TYPES: ReadonlySet<DnsRecordType> = new Set(['TXT', 'CNAME']);

/** Which characters a record's hostname may use, said when it uses others. */
function hostnameCharacters(type: DnsRecordType): () => string {
  return UNDERSCORE_TYPES.has(type)
    ? () => t('dns.hostname.charactersUnderscore')
    : () => t('dns.hostname.characters');
}

/**
 * The hostname of a record of `type` in `zone` (canonical ASCII), as typed: '@' or empty for the apex,
 * relative (`www`, `www.blog`) or fully qualified inside the zone (`www.example.rw`, `www.example.rw.`).
 * Answers the name relative to the zone, lowercase, '@' for the apex.
 */
export function checkRecordName(input: string, type: DnsRecordType, zone: string): NameResult {
  let typed = tidyName(input);
  const characters = hostnameCharacters(type);
  let relative: string[] = [];
  if (typed !== '' && typed !== '@') {
    const absolute = typed.endsWith('.');
    if (absolute) typed = typed.slice(0, -1);
    const split = typed === '' ? null : toAsciiLabels(typed, characters);
    if (split && !split.ok) return split;
    const labels = split?.labels ?? [];
    const zoneLabels = zone.split('.');
    const inZone = labels.length >= zoneLabels.length && labels.slice(-zoneLabels.length).join('.') === zone;
    if (!inZone && absolute) return { ok: false, message: t('dns.hostname.outside', { zone }) };
    relative = inZone ? labels.slice(0, labels.length - zoneLabels.length) : labels;
    // A relative name ending in the zone's own top-level domain ("www.other.rw" in example.rw) was meant
    // fully qualified. Refusing it also keeps every stored name a fixed point of this check.
    if (relative.length >= 2 && relative.at(-1) === zoneLabels.at(-1)) {
      return {
        ok: false,
        message: inZone
          ? t('dns.hostname.repeatedEnd', {
              end: zoneLabels.at(-1),
              name: `${relative.join('.')}.${zone}`,
            })
          : t('dns.hostname.outsideRelative', { zone }),
      };
    }
  }
  const name = relative.length === 0 ? '@' : relative.join('.');
  const problem = nameRuleProblem(relative, type, characters);
  if (problem) return { ok: false, message: problem };
  const full = absoluteName(name, zone);
  if (full.length > MAX_NAME_OCTETS) {
    return {
      ok: false,
      message: t('dns.hostname.tooLong', { zone, length: full.length }),
    };
  }
  return { ok: true, name };
}

function nameRuleProblem(labels: string[], type: DnsRecordType, characters: () => string): string | null {
  if (labels.length === 0) {
    if (type === 'CNAME') return t('dns.hostname.cnameAtApex');
    if (type === 'NS') return t('dns.hostname.nsAtApex');
    if (type === 'SRV') return t('dns.service.format');
    return null;
  }
  for (const [index, label] of labels.entries()) {
    const kind = labelKind(label);
    if (kind === null) return badLabelMessage(label, characters);
    if (type === 'SRV') {
      if (index < 2 && kind !== 'underscore') return t('dns.service.format');
      if (index >= 2 && kind !== 'ldh') return t('dns.service.afterService');
      continue;
    }
    if (kind === 'wildcard') {
      if (index > 0) return t('dns.name.wildcardFirst');
      if (!WILDCARD_TYPES.has(type)) return t('dns.hostname.noWildcard', { type });
    }
    if (kind === 'underscore' && !UNDERSCORE_TYPES.has(type)) return t('dns.hostname.underscoreTypes');
  }
  if (type === 'SRV' && labels.length < 2) return t('dns.service.format');
  return null;
}

export interface TargetRules {
  /** Accept '.' (RFC 2782 "no service" SRV target, RFC 7505 null MX). */
  root: boolean;
  /** Accept _labels (CNAME targets of ACME and DKIM delegations). */
  underscore: boolean;
  /** An example host name for the messages. */
  example: string;
  /** What to say when an IP address is entered instead. */
  addressMessage: MessageId;
}

/**
 * A host name a record points at, as typed: at least two labels with an alphabetic top-level domain, a
 * trailing dot allowed. Answers it fully qualified, lowercase ASCII, without the trailing dot ('.' for
 * the root when `rules.root`).
 */
export function checkTarget(input: string, rules: TargetRules): NameResult {
  let typed = tidyName(input);
  const { example } = rules;
  if (typed === '') return { ok: false, message: t('dns.target.required', { example }) };
  if (typed === '.') {
    return rules.root
      ? { ok: true, name: '.' }
      : { ok: false, message: t('dns.target.required', { example }) };
  }
  if (typed.endsWith('.')) typed = typed.slice(0, -1);
  if (/^[\d.]+$/.test(typed) || typed.includes(':')) return { ok: false, message: t(rules.addressMessage) };
  const characters = () => t('dns.target.characters', { example });
  const split = toAsciiLabels(typed, characters);
  if (!split.ok) return split;
  const { labels } = split;
  for (const label of labels) {
    const kind = labelKind(label);
    if (kind === 'ldh' || (kind === 'underscore' && rules.underscore)) continue;
    if (kind === 'wildcard') return { ok: false, message: t('dns.target.wildcard', { example }) };
    if (kind === 'underscore') return { ok: false, message: t('dns.target.underscore') };
    return { ok: false, message: badLabelMessage(label, characters) };
  }
  if (labels.length < 2) return { ok: false, message: t('dns.target.twoParts', { example }) };
  if (!isTopLevelLabel(labels.at(-1)!)) return { ok: false, message: t('dns.target.topLevel', { example }) };
  const name = labels.join('.');
  if (name.length > MAX_NAME_OCTETS) {
    return { ok: false, message: t('dns.target.tooLong', { length: name.length }) };
  }
  return { ok: true, name };
}
