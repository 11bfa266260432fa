// CAA values (RFC 8659): `flag tag "value"`, with the three tags SPEC §5 names.

export const CAA_TAGS = ['issue', 'issuewild', 'iodef'] as const;

export type CaaResult = { ok: true; value: string } | { ok: false; message: string };

const FORM = 'Enter a flag, a tag and a quoted value, like 0 issue "letsencrypt.org".';
const FLAG = 'The flag is a whole number from 0 to 255 (0 usually, 128 to mark the record critical).';
const TAG = 'The tag must be issue, issuewild or iodef (other CAA tags are not supported here).';
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
    if (!/^\d+$/.test(flagText) || Number(flagText) > 255) return { ok: false, message: FLAG };
    flag = Number(flagText);
    flagGiven = true;
    rest = rest.slice(flagText.length).trimStart();
  }
  const tagText = /^[a-z0-9]+(?=\s|"|$)/i.exec(rest)?.[0];
  if (tagText === undefined) return { ok: false, message: rest === '' ? FORM : TAG };
  rest = rest.slice(tagText.length);
  const tag = tagText.toLowerCase();
  if (!(CAA_TAGS as readonly string[]).includes(tag)) return { ok: false, message: TAG };
  const raw = rest.trim();
  if (raw === '') return { ok: false, message: FORM };
  let value = raw;
  const quoted = raw.startsWith('"');
  if (quoted) {
    if (raw.length < 2 || !raw.endsWith('"') || raw.slice(1, -1).includes('"')) {
      return { ok: false, message: 'Put the value in one pair of quotes, like "letsencrypt.org".' };
    }
    value = raw.slice(1, -1).trim();
  }
  if (/[^\x20-\x7e]/.test(value) || /["\\]/.test(value)) {
    return {
      ok: false,
      message: 'A CAA value uses plain printable characters, without quotes or backslashes.',
    };
  }
  const checked = tag === 'iodef' ? checkIodef(value) : checkIssuer(value);
  if (!checked.ok) return checked;
  const canonical = `${flag} ${tag} "${checked.value}"`;
  if (!flagGiven || !quoted) {
    const what =
      !flagGiven && !quoted
        ? 'a flag first and the value in quotes'
        : !flagGiven
          ? 'a flag first (0 usually)'
          : 'the value in quotes';
    return { ok: false, message: `A CAA record needs ${what}: ${canonical}` };
  }
  return { ok: true, value: canonical };
}

/** RFC 8659 §4.2: `[issuer-domain] [; name=value ...]`; empty or ";" forbids every CA. */
function checkIssuer(value: string): CaaResult {
  const semicolon = value.indexOf(';');
  const domain = (semicolon < 0 ? value : value.slice(0, semicolon)).trim();
  const parameters = semicolon < 0 ? '' : value.slice(semicolon);
  if (domain !== '' && !CA_DOMAIN.test(domain)) {
    return {
      ok: false,
      message: 'Enter the certificate authority’s domain, like "letsencrypt.org" (or ";" to allow none).',
    };
  }
  const bad = parameters
    .slice(1)
    .split(';')
    .map((part) => part.trim())
    .some((part, index, parts) => (part === '' ? index < parts.length - 1 : !PARAMETER.test(part)));
  if (bad) {
    return {
      ok: false,
      message:
        'After the domain, parameters are written name=value and separated by ";", like "; accounturi=…".',
    };
  }
  return { ok: true, value: `${domain.toLowerCase()}${parameters}` };
}

function checkIodef(value: string): CaaResult {
  const message = 'For iodef, enter a mailto: or https: address, like "mailto:security@example.rw".';
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
