// The parts ("labels") of DNS names: turning what a person typed into lowercase ASCII labels (Unicode
// labels become punycode `xn--` labels) and the rules one label must follow.
import punycode from 'punycode/punycode.js';
import { t } from '@/i18n/state';

/** RFC 1035: a label is at most 63 octets, a name at most 255 octets on the wire (253 as text). */
export const MAX_LABEL_OCTETS = 63;
export const MAX_NAME_OCTETS = 253;

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** RFC 8552 "attrleaf" labels (_dmarc, _acme-challenge, _domainkey, _sip, _tcp). */
const UNDERSCORE_LABEL = /^_[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const ALPHABETIC_TLD = /^[a-z]{2,}$/;
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;
// IDNA maps these full stops to '.', and people typing in CJK input methods produce them.
const OTHER_FULL_STOPS = /[\u3002\uff0e\uff61]/g;

export type Labels = { ok: true; labels: string[] } | { ok: false; message: string };

/** What a person typed, made comparable: Unicode NFC, trimmed, lowercase, one kind of full stop. */
export function tidyName(input: string): string {
  return input.normalize('NFC').trim().toLowerCase().replace(OTHER_FULL_STOPS, '.');
}

function isValidPunycode(label: string): boolean {
  try {
    const decoded = punycode.decode(label.slice(4));
    return /[^\0-\x7f]/.test(decoded) && `xn--${punycode.encode(decoded)}` === label;
  } catch {
    return false;
  }
}

/**
 * Splits a tidied name (no trailing dot) into ASCII labels. Unicode labels of letters, marks, digits and
 * hyphens become `xn--` labels; anything else Unicode gets `charactersMessage()`. Lengths are checked here
 * because they count the ASCII form.
 */
export function toAsciiLabels(name: string, charactersMessage: () => string): Labels {
  const labels: string[] = [];
  for (const label of name.split('.')) {
    if (label === '') return { ok: false, message: t('dns.name.emptyLabel') };
    let ascii = label;
    if (/[^\0-\x7f]/.test(label)) {
      if (!UNICODE_LABEL.test(label)) return { ok: false, message: charactersMessage() };
      ascii = `xn--${punycode.encode(label)}`;
    } else if (label.startsWith('xn--') && !isValidPunycode(label)) {
      return { ok: false, message: t('dns.name.badPunycode', { label }) };
    }
    if (ascii.length > MAX_LABEL_OCTETS) {
      return {
        ok: false,
        message:
          ascii === label
            ? t('dns.name.labelTooLong', { length: ascii.length })
            : t('dns.name.labelTooLongAscii', { length: ascii.length, form: `${ascii.slice(0, 12)}…` }),
      };
    }
    labels.push(ascii);
  }
  return { ok: true, labels };
}

export type LabelKind = 'ldh' | 'underscore' | 'wildcard';

/** What kind of label this is, or null when it is none (bad characters, or a hyphen at an end). */
export function labelKind(label: string): LabelKind | null {
  if (label === '*') return 'wildcard';
  if (LDH_LABEL.test(label)) return 'ldh';
  if (UNDERSCORE_LABEL.test(label)) return 'underscore';
  return null;
}

/**
 * Why a label that is none of the kinds is refused, in words; `charactersMessage` says which characters
 * the name may use (asked for only when it is the reason).
 */
export function badLabelMessage(label: string, charactersMessage: () => string): string {
  const core = label.startsWith('_') ? label.slice(1) : label;
  if (/^[a-z0-9-]+$/.test(core) && (core.startsWith('-') || core.endsWith('-'))) {
    return t('dns.name.hyphenAtEnd');
  }
  if (label.includes('*')) return t('dns.name.wildcardFirst');
  return charactersMessage();
}

/** RFC 1123 and SPEC §5: the last label is alphabetic, 2 letters or more, or an `xn--` label. */
export function isTopLevelLabel(label: string): boolean {
  return ALPHABETIC_TLD.test(label) || (label.startsWith('xn--') && LDH_LABEL.test(label));
}

/** The Unicode form of an ASCII name, for display (punycode labels decoded). */
export function toUnicodeName(name: string): string {
  return punycode.toUnicode(name);
}
