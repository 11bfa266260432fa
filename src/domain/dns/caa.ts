// CAA values (RFC 8659): `flag tag "value"`, with the three tags SPEC §5 names.
import { t } from '@/i18n/state';

export const CAA_TAGS = ['issue', 'issuewild', 'iodef'] as const;

export type CaaResult = { ok: true; value: string } | { ok: false; message: string };

const CA_LABEL = '[a-z0-9](?:-*[a-z0-9])*';
const CA_DOMAIN = new RegExp(`^${CA_LABEL}(?:\\.${CA_LABEL})*$`, 'i');
const PARAMETER = new RegExp(`^${CA_LABEL}\\s*=\\s*[\\x21-\\x3a\\x3c-\\x7e]*$`, 'i');

/**
 * A CAA value as typed: `flag tag "value"` (SPEC §5: a flag number, a tag, a quoted value). A value
 * without its flag or its quotes is refused with the corrected form in the message, so it can be copied.
 * Answers `0 issue "letsencrypt.org"`: tag lowercase, the CA's domain lowercase, the value quoted.
 */
export function parseCaaValue(input: string): CaaResult {
  let rest = input.trim();
  let flag = 0;
  let flagGiven = false;
  const flagText = /^[-+.\d]\S*/.exec(rest)?.[0];
  if (flagText !== undefined) {
    if (!/^\d+$/.test(flagText) || Number(flagText) > 255) return { ok: false, message: t('dns.caa.flag') };
    flag = Number(flagText);
    flagGiven = true;
    rest = rest.slice(flagText.length).trimStart();
  }
  const tagText = /^[a-z0-9]+(?=\s|"|$)/i.exec(rest)?.[0];
  if (tagText === undefined) {
    return { ok: false, message: rest === '' ? t('dns.caa.format') : t('dns.caa.tag') };
  }
  rest = rest.slice(tagText.length);
  const tag = tagText.toLowerCase();
  if (!(CAA_TAGS as readonly string[]).includes(tag)) return { ok: false, message: t('dns.caa.tag') };
  const raw = rest.trim();
  if (raw === '') return { ok: false, message: t('dns.caa.format') };
  let value = raw;
  const quoted = raw.startsWith('"');
  if (quoted) {
    if (raw.length < 2 || !raw.endsWith('"') || raw.slice(1, -1).includes('"')) {
      return { ok: false, message: t('dns.caa.onePairOfQuotes') };
    }
    value = raw.slice(1, -1).trim();
  }
  if (/[^\x20-\x7e]/.test(value) || /["\\]/.test(value)) {
    return { ok: false, message: t('dns.caa.printable') };
  }
  const checked = tag === 'iodef' ? checkIodef(value) : checkIssuer(value);
  if (!checked.ok) return checked;
  const canonical = `${flag} ${tag} "${checked.value}"`;
  if (!flagGiven || !quoted) {
    const message =
      !flagGiven && !quoted
        ? t('dns.caa.needsFlagAndQuotes', { record: canonical })
        : !flagGiven
          ? t('dns.caa.needsFlag', { record: canonical })
          : t('dns.caa.needsQuotes', { record: canonical });
    return { ok: false, message };
  }
  return { ok: true, value: canonical };
}

/** RFC 8659 §4.2: `[issuer-domain] [; name=value ...]`; empty or ";" forbids every CA. */
function checkIssuer(value: string): CaaResult {
  const semicolon = value.indexOf(';');
  const domain = (semicolon < 0 ? value : value.slice(0, semicolon)).trim();
  const parameters = semicolon < 0 ? '' : value.slice(semicolon);
  if (domain !== '' && !CA_DOMAIN.test(domain)) {
    return { ok: false, message: t('dns.caa.issuer') };
  }
  const bad = parameters
    .slice(1)
    .split(';')
    .map((part) => part.trim())
    .some((part, index, parts) => (part === '' ? index < parts.length - 1 : !PARAMETER.test(part)));
  if (bad) {
    return { ok: false, message: t('dns.caa.parameters') };
  }
  return { ok: true, value: `${domain.toLowerCase()}${parameters}` };
}

function checkIodef(value: string): CaaResult {
  const message = t('dns.caa.iodef');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message };
  }
  if (url.protocol === 'mailto:' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(url.pathname))
    return { ok: true, value };
  if (url.protocol === 'https:' && url.hostname.includes('.')) return { ok: true, value };
  return { ok: false, message };
}
