// The catalogs (issue 30): in each part (the first pages', the signed-in console's, the server's),
// Kinyarwanda, French and English carry the same messages with the same placeholders; every message the
// code asks for exists in a part its side loads, and every message is asked for somewhere; French follows
// its typography. Cheap (reads files), so it runs in `npm test`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/i18n/locales';

/** Where each part lives: the console loads the first two, the server all three. */
const PARTS = {
  'first pages': 'src/i18n/catalogs/first-pages',
  console: 'src/i18n/catalogs/console',
  server: 'server/i18n/catalogs',
} as const;
type Part = keyof typeof PARTS;
type Catalog = Record<string, string>;

const read = (part: Part, locale: string) =>
  JSON.parse(readFileSync(`${PARTS[part]}/${locale}.json`, 'utf8')) as Catalog;
const parts = Object.fromEntries(
  (Object.keys(PARTS) as Part[]).map((part) => [
    part,
    Object.fromEntries(LOCALES.map((locale) => [locale, read(part, locale)])),
  ]),
) as Record<Part, Record<string, Catalog>>;
/** Every language's messages, all parts together. */
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.assign({}, ...(Object.keys(PARTS) as Part[]).map((part) => parts[part][locale])) as Catalog,
  ]),
);
const english = catalogs.en!;
const consoleIds = new Set([...Object.keys(parts['first pages'].en!), ...Object.keys(parts.console.en!)]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}
const sources = [...sourceFiles('src'), ...sourceFiles('server')].map((path) => ({
  path,
  text: readFileSync(path, 'utf8'),
}));
/** The ids a file asks for: `t('…')`, `tRich('…')`, and the contract's `translated('…')`. */
const askedIn = (text: string) =>
  [...text.matchAll(/\b(?:t|tRich|translated)\(\s*'([^']+)'/g)].map(([, id]) => id!);

/** The argument names a message uses, plurals' and selects' cases included, and its kinds (plural…). */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!Array.isArray(node)) return;
    for (const token of node) {
      if (!Array.isArray(token)) continue;
      const [name, kind, cases] = token as [string, string?, Record<string, unknown>?];
      found.add(kind ? `${name}:${kind}` : name);
      if (cases && typeof cases === 'object') for (const branch of Object.values(cases)) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...found].sort();
}

describe('the catalogs', () => {
  it.each(LOCALES)('%s holds exactly the messages of the English catalog, part by part', (locale) => {
    for (const part of Object.keys(PARTS) as Part[]) {
      const keys = Object.keys(parts[part][locale]!).sort();
      expect({ part, keys }).toEqual({ part, keys: Object.keys(parts[part].en!).sort() });
    }
  });

  it('gives every message one part', () => {
    const seen = new Map<string, Part>();
    const twice: string[] = [];
    for (const part of Object.keys(PARTS) as Part[]) {
      for (const id of Object.keys(parts[part].en!)) {
        if (seen.has(id)) twice.push(`${id}: ${seen.get(id)} and ${part}`);
        seen.set(id, part);
      }
    }
    expect(twice).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s uses the same placeholders as English in every message, and leaves none empty',
    (locale) => {
      const mismatches = Object.entries(english).flatMap(([id, source]) => {
        const translated = catalogs[locale]![id] ?? '';
        if (!translated.trim()) return [`${id}: empty`];
        const want = placeholders(source);
        const got = placeholders(translated);
        return JSON.stringify(want) === JSON.stringify(got)
          ? []
          : [`${id}: ${got.join(',')} ≠ ${want.join(',')}`];
      });
      expect(mismatches).toEqual([]);
    },
  );

  it('French puts a non-breaking space before : ; ? ! and inside « »', () => {
    const wrong = Object.entries(catalogs.fr!).filter(([, message]) =>
      /[^\u00a0\u202f][:;?!](\s|$)|«[^\u00a0\u202f]|[^\u00a0\u202f]»/.test(
        message.replace(/\{[^{}]*\}/g, 'x'),
      ),
    );
    expect(wrong.map(([id]) => id)).toEqual([]);
  });

  it('every message the code asks for is in the catalogs, and the console asks only for its own parts', () => {
    const asked = new Set<string>();
    const consoleMisses: string[] = [];
    for (const { path, text } of sources) {
      for (const id of askedIn(text)) {
        asked.add(id);
        if (path.startsWith('src') && !consoleIds.has(id)) consoleMisses.push(`${path}: ${id}`);
      }
    }
    expect(asked.size).toBeGreaterThan(50);
    expect([...asked].filter((id) => !(id in english))).toEqual([]);
    expect(consoleMisses).toEqual([]);
  });

  it('every message is used somewhere in the console or the server', () => {
    const quoted = new Set<string>();
    for (const { text } of sources)
      for (const [, id] of text.matchAll(/'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) quoted.add(id!);
    expect(Object.keys(english).filter((id) => !quoted.has(id))).toEqual([]);
  });
});
