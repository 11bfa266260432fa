// The catalogs (issue 30): Kinyarwanda, French and English carry the same messages with the same
// placeholders; every message the code asks for exists and every message is asked for somewhere; French
// follows its typography. Cheap (reads files), so it runs in `npm test`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/i18n/locales';

const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(`src/i18n/catalogs/${locale}.json`, 'utf8')) as Record<string, string>,
  ]),
);
const english = catalogs.en!;

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
  it.each(LOCALES)('%s holds exactly the messages of the English catalog', (locale) => {
    const keys = Object.keys(catalogs[locale]!).sort();
    expect(keys).toEqual(Object.keys(english).sort());
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

  it('every message the code asks for is in the catalogs', () => {
    const asked = new Set<string>();
    for (const { text } of sources) {
      for (const [, id] of text.matchAll(/\b(?:t|tRich)\(\s*'([^']+)'/g)) asked.add(id!);
    }
    expect(asked.size).toBeGreaterThan(50);
    expect([...asked].filter((id) => !(id in english))).toEqual([]);
  });

  it('every message is used somewhere in the console or the server', () => {
    const quoted = new Set<string>();
    for (const { text } of sources)
      for (const [, id] of text.matchAll(/'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) quoted.add(id!);
    expect(Object.keys(english).filter((id) => !quoted.has(id))).toEqual([]);
  });
});
