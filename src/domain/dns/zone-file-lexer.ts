// Reads a BIND zone file (RFC 1035 §5.1) into entries: one per record or directive, with its words.
// Comments (;) are dropped, parentheses join lines, quoted strings keep their spaces and lose escapes.
import { t } from '@/i18n/state';
import { readQuoted } from './txt';

export interface ZoneToken {
  text: string;
  quoted: boolean;
}

export interface ZoneEntry {
  /** The line the entry starts on, from 1. */
  line: number;
  /** The entry's lines as written, trimmed. */
  text: string;
  /** The line starts with a space or tab: the owner is the previous entry's. */
  blankOwner: boolean;
  tokens: ZoneToken[];
  /** Why the entry cannot be read (an unclosed quote or parenthesis), else null. */
  error: string | null;
}

const WORD_END = new Set([' ', '\t', '\n', ';', '(', ')', '"']);

/** Reads an unquoted word from `start`: `\X` stands for X and `\DDD` for the character DDD. */
function readWord(source: string, start: number): { text: string; end: number } {
  let text = '';
  let index = start;
  while (index < source.length && !WORD_END.has(source[index]!)) {
    const char = source[index]!;
    if (char === '\\' && index + 1 < source.length && source[index + 1] !== '\n') {
      const digits = /^\d{3}/.exec(source.slice(index + 1, index + 4))?.[0];
      if (digits !== undefined) {
        text += String.fromCharCode(Number(digits));
        index += 4;
      } else {
        const next = String.fromCodePoint(source.codePointAt(index + 1)!);
        text += next;
        index += 1 + next.length;
      }
      continue;
    }
    text += char;
    index += 1;
  }
  return { text, end: index };
}

export function lexZoneFile(input: string): ZoneEntry[] {
  const source = input.replace(/\r\n?/g, '\n');
  const entries: ZoneEntry[] = [];
  let line = 1;
  let entry: ZoneEntry | null = null;
  let entryStart = 0;
  let depth = 0;

  const finish = (end: number) => {
    if (!entry) return;
    if (depth > 0 && !entry.error) entry.error = t('dns.zoneFile.unclosedParenthesis');
    entry.text = source.slice(entryStart, end).trim();
    if (entry.tokens.length > 0 || entry.error) entries.push(entry);
    entry = null;
    depth = 0;
  };

  let index = 0;
  while (index < source.length) {
    if (!entry) {
      entry = {
        line,
        text: '',
        blankOwner: source[index] === ' ' || source[index] === '\t',
        tokens: [],
        error: null,
      };
      entryStart = index;
    }
    const current: ZoneEntry = entry;
    const char = source[index]!;
    if (char === '\n') {
      if (depth === 0) finish(index);
      line += 1;
      index += 1;
    } else if (char === ' ' || char === '\t') {
      index += 1;
    } else if (char === ';' || current.error) {
      while (index < source.length && source[index] !== '\n') index += 1;
    } else if (char === '(') {
      depth += 1;
      index += 1;
    } else if (char === ')') {
      if (depth === 0) current.error = t('dns.zoneFile.strayParenthesis');
      depth = Math.max(0, depth - 1);
      index += 1;
    } else if (char === '"') {
      const read = readQuoted(source, index);
      if (read.ok) {
        current.tokens.push({ text: read.text, quoted: true });
        index = read.end;
      } else {
        current.error = read.message;
        depth = 0;
      }
    } else {
      const word = readWord(source, index);
      current.tokens.push({ text: word.text, quoted: false });
      index = word.end;
    }
  }
  finish(source.length);
  return entries;
}
