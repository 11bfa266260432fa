// Zone names, the hostnames of records inside a zone, and the host names records point at.
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

const ZONE_CHARACTERS = 'A domain name can use only letters, digits and hyphens (-), like example.rw.';
const TLD_MESSAGE =
  'The last part (the top-level domain, like .rw or .com) must be letters only, at least two.';

/**
 * A zone (domain) name as typed, made canonical: trimmed, lowercase, one trailing dot dropped, Unicode
 * labels in punycode (`müller.de` → `xn--mller-kva.de`). `displayName` is the Unicode form.
 */
export function normalizeZoneName(input: string): ZoneNameResult {
  let name = tidyName(input);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === '') return { ok: false, message: 'Enter a domain name, like example.rw.' };
  if (/[:/]/.test(name)) {
    return { ok: false, message: 'Enter only the domain name, like example.rw (without http:// or a path).' };
  }
  const split = toAsciiLabels(name, ZONE_CHARACTERS);
  if (!split.ok) return split;
  const { labels } = split;
  for (const label of labels) {
    if (labelKind(label) !== 'ldh') return { ok: false, message: badLabelMessage(label, ZONE_CHARACTERS) };
  }
  if (labels.length < 2) return { ok: false, message: 'A domain needs at least two parts, like example.rw.' };
  if (!isTopLevelLabel(labels.at(-1)!)) return { ok: false, message: TLD_MESSAGE };
  const ascii = labels.join('.');
  if (ascii.length > MAX_NAME_OCTETS) {
    return { ok: false, message: `A domain name is at most 253 characters; this one has ${ascii.length}.` };
  }
  return { ok: true, name: ascii, displayName: toUnicodeName(ascii) };
}

/** The fully qualified name (no trailing dot) of a record name relative to `zone` ('@' is the apex). */
export function absoluteName(name: string, zone: string): string {
  return name === '@' ? zone : `${name}.${zone}`;
}

const WILDCARD_TYPES: ReadonlySet<DnsRecordType> = new Set(['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'CAA']);
const UNDERSCORE_TYPES: ReadonlySet<DnsRecordType> = new Set(['TXT', 'CNAME']);

function hostnameCharacters(type: DnsRecordType): string {
  return UNDERSCORE_TYPES.has(type)
    ? 'A hostname can use only letters, digits and hyphens (-), and _ at the start of a part (like _dmarc).'
    : 'A hostname can use only letters, digits and hyphens (-), like www or blog.dev.';
}

const SERVICE_MESSAGE = 'Enter the service as _service._protocol, like _sip._tcp.';

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
    if (!inZone && absolute) return { ok: false, message: `That name is outside ${zone}.` };
    relative = inZone ? labels.slice(0, labels.length - zoneLabels.length) : labels;
    // A relative name ending in the zone's own top-level domain ("www.other.rw" in example.rw) was meant
    // fully qualified. Refusing it also keeps every stored name a fixed point of this check.
    if (relative.length >= 2 && relative.at(-1) === zoneLabels.at(-1)) {
      return {
        ok: false,
        message: inZone
          ? `That name would end in .${zoneLabels.at(-1)} twice (${relative.join('.')}.${zone}): enter it without the repeated part.`
          : `That name is outside ${zone}. Enter it relative to the zone, like www, or in full, like www.${zone}.`,
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
      message: `The full name (with .${zone}) is at most 253 characters; it has ${full.length}.`,
    };
  }
  return { ok: true, name };
}

function nameRuleProblem(labels: string[], type: DnsRecordType, characters: string): string | null {
  if (labels.length === 0) {
    if (type === 'CNAME') {
      return 'A CNAME cannot be at the apex (@): the domain itself has other records. Use an A or AAAA record, or a name like www.';
    }
    if (type === 'NS') {
      return 'The zone’s own name servers are managed for you. An NS record here delegates a sub-name, like dev.';
    }
    if (type === 'SRV') return SERVICE_MESSAGE;
    return null;
  }
  for (const [index, label] of labels.entries()) {
    const kind = labelKind(label);
    if (kind === null) return badLabelMessage(label, characters);
    if (type === 'SRV') {
      if (index < 2 && kind !== 'underscore') return SERVICE_MESSAGE;
      if (index >= 2 && kind !== 'ldh')
        return 'After _service._protocol, a hostname uses letters, digits and hyphens.';
      continue;
    }
    if (kind === 'wildcard') {
      if (index > 0) return 'A * is allowed only as the whole first part of a name, like * or *.dev.';
      if (!WILDCARD_TYPES.has(type)) return `${type} records cannot have a wildcard (*) name.`;
    }
    if (kind === 'underscore' && !UNDERSCORE_TYPES.has(type)) {
      return 'Underscores (_) are allowed only in TXT, CNAME and SRV names.';
    }
  }
  if (type === 'SRV' && labels.length < 2) return SERVICE_MESSAGE;
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
  addressMessage: string;
}

/**
 * A host name a record points at, as typed: at least two labels with an alphabetic top-level domain, a
 * trailing dot allowed. Answers it fully qualified, lowercase ASCII, without the trailing dot ('.' for
 * the root when `rules.root`).
 */
export function checkTarget(input: string, rules: TargetRules): NameResult {
  let typed = tidyName(input);
  if (typed === '') return { ok: false, message: `Enter a host name, like ${rules.example}.` };
  if (typed === '.') {
    return rules.root
      ? { ok: true, name: '.' }
      : { ok: false, message: `Enter a host name, like ${rules.example}.` };
  }
  if (typed.endsWith('.')) typed = typed.slice(0, -1);
  if (/^[\d.]+$/.test(typed) || typed.includes(':')) return { ok: false, message: rules.addressMessage };
  const characters = `A host name can use only letters, digits and hyphens (-), like ${rules.example}.`;
  const split = toAsciiLabels(typed, characters);
  if (!split.ok) return split;
  const { labels } = split;
  for (const label of labels) {
    const kind = labelKind(label);
    if (kind === 'ldh' || (kind === 'underscore' && rules.underscore)) continue;
    if (kind === 'wildcard')
      return {
        ok: false,
        message: `A target cannot be a wildcard (*); enter a host name, like ${rules.example}.`,
      };
    if (kind === 'underscore')
      return { ok: false, message: 'Underscores (_) are not allowed in this host name.' };
    return { ok: false, message: badLabelMessage(label, characters) };
  }
  if (labels.length < 2) {
    return { ok: false, message: `Enter the full host name with its domain, like ${rules.example}.` };
  }
  if (!isTopLevelLabel(labels.at(-1)!)) {
    return {
      ok: false,
      message: `The host name must end in a top-level domain of letters, like ${rules.example}.`,
    };
  }
  const name = labels.join('.');
  if (name.length > MAX_NAME_OCTETS) {
    return { ok: false, message: `A host name is at most 253 characters; this one has ${name.length}.` };
  }
  return { ok: true, name };
}
