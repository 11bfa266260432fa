// TXT text: reading quoted strings as people paste them and as zone files hold them, splitting a long
// text into the 255-octet strings DNS carries, and quoting for zone files.
import { t } from '@/i18n/state';

/** The longest TXT text accepted, in characters (as an input's maxlength counts them). */
export const MAX_TXT_LENGTH = 4000;
/** RFC 1035: one character-string holds at most 255 octets. */
export const MAX_TXT_STRING_OCTETS = 255;

export type Quoted = { ok: true; text: string; end: number } | { ok: false; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the quoted string starting at `text[start]` (a `"`): `\"`, `\\` and any `\X` stand for X, and
 * `\DDD` for the octet DDD (RFC 1035 §5.1), the octets read as UTF-8. `end` is the index after the
 * closing quote. A line break before the closing quote leaves it unclosed.
 */
export function readQuoted(text: string, start: number): Quoted {
  const pieces: string[] = [];
  let octets: number[] = [];
  let plain = start + 1;
  // Escaped octets are decoded together, as a character may take several.
  const takeOctets = () => {
    if (octets.length === 0) return;
    pieces.push(decoder.decode(new Uint8Array(octets)));
    octets = [];
  };
  const takePlain = (until: number) => {
    if (until === plain) return;
    takeOctets();
    pieces.push(text.slice(plain, until));
  };
  try {
    for (let index = start + 1; index < text.length; index += 1) {
      const char = text[index]!;
      if (char === '\n' || char === '\r') break;
      if (char === '"') {
        takePlain(index);
        takeOctets();
        return { ok: true, text: pieces.join(''), end: index + 1 };
      }
      if (char !== '\\') continue;
      takePlain(index);
      const digits = /^\d{3}/.exec(text.slice(index + 1, index + 4))?.[0];
      if (digits !== undefined && Number(digits) <= 255) {
        octets.push(Number(digits));
        index += 3;
      } else {
        const next = text.codePointAt(index + 1);
        if (next === undefined) break;
        takeOctets();
        const escaped = String.fromCodePoint(next);
        pieces.push(escaped);
        index += escaped.length;
      }
      plain = index + 1;
    }
  } catch {
    return { ok: false, message: t('dns.txt.invalidUtf8') };
  }
  return { ok: false, message: t('dns.txt.unclosedQuote') };
}

export type TxtResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * A TXT value as typed: plain text (trimmed, taken literally), or one or more quoted strings separated
 * by spaces (`"v=DKIM1; k=rsa; " "p=MIIB…"`), which are joined without anything between them as DNS
 * does. The text must be 1–4000 printable characters.
 */
export function parseTxtValue(input: string): TxtResult {
  const typed = input.trim();
  let text = typed;
  if (typed.startsWith('"')) {
    const strings: string[] = [];
    let index = 0;
    while (index < typed.length) {
      if (typed[index] !== '"') {
        return { ok: false, message: t('dns.txt.quoteEveryPart') };
      }
      const read = readQuoted(typed, index);
      if (!read.ok) return read;
      strings.push(read.text);
      index = read.end;
      while (index < typed.length && /\s/.test(typed[index]!)) index += 1;
    }
    text = strings.join('');
  }
  return checkTxtText(text);
}

/** The rules on the text itself, once unquoted. */
export function checkTxtText(text: string): TxtResult {
  if (text === '') return { ok: false, message: t('dns.txt.required') };
  if (/[\p{Cc}\p{Cs}]/u.test(text)) return { ok: false, message: t('dns.txt.printable') };
  if (text.length > MAX_TXT_LENGTH) {
    return { ok: false, message: t('dns.txt.tooLong', { max: MAX_TXT_LENGTH, length: text.length }) };
  }
  return { ok: true, text };
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** Splits a text into strings of at most 255 UTF-8 octets, never inside a character. */
export function splitTxt(text: string): string[] {
  const strings: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of text) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > MAX_TXT_STRING_OCTETS) {
      strings.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  strings.push(current);
  return strings;
}

/** One quoted string for a zone file or a form: `"` and `\` escaped with a backslash. */
export function quoteTxt(text: string): string {
  return `"${text.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/**
 * The text to put in a form's value field for a stored text, such that checking it gives the same text
 * back: the text itself when that reads back unchanged, otherwise quoted (texts with outer spaces, or
 * that start with a quote).
 */
export function txtForInput(text: string): string {
  const plain = parseTxtValue(text);
  return plain.ok && plain.text === text ? text : quoteTxt(text);
}
