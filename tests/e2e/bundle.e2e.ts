// What ships: the production build carries no development-only inspector and fetches nothing from elsewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGET } from '../../scripts/bench/bundle-size';
import { LOCALES } from '../../src/i18n/locales';

const assets = readdirSync('dist/assets').filter((file) => /\.(js|css)$/.test(file));
const read = (file: string) => readFileSync(join('dist/assets', file), 'utf8');

describe('the production build', () => {
  it('holds none of the Stately inspector nor the machine inspector panel', () => {
    const withInspector = assets.filter((file) =>
      /stately\.ai|createBrowserInspector|@statelyai|Machine inspector|elk\.layered/.test(read(file)),
    );
    expect(withInspector).toEqual([]);
  });

  it('bundles its fonts instead of linking to a font service', () => {
    const css = assets
      .filter((file) => file.endsWith('.css'))
      .map(read)
      .join('\n');
    expect(css).toMatch(/font-family:\s*['"]?Sora/);
    expect(css).toMatch(/font-family:\s*['"]?Geist Mono/);
    expect(css).not.toMatch(/fonts\.googleapis|fonts\.gstatic|https?:\/\//);
  });

  // Everything the landing and sign-in pages load before the network is idle, as `npm run bench` measures it
  // in Chromium, in each language: what index.html loads (the framework, the first pages' chunk, the theme and
  // start scripts), the message runtime (if it is not among them) and the first pages' catalog of the
  // browser's language, which start-console.js preloads beside them. The API client and the passkey code load
  // with their first use.
  const html = readFileSync('dist/index.html', 'utf8');
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/([^"]+\.js)"[^>]*>/g)];
  const fromIndex = tags.filter(([tag]) => !tag.includes('data-locale')).map(([, file]) => file as string);
  const catalogOf = (locale: string) =>
    tags.filter(([tag]) => tag.includes(`data-locale="${locale}"`)).map(([, file]) => file as string);
  const gzipKb = (file: string) => gzipSync(readFileSync(join('dist', file)), { level: 9 }).length / 1024;
  const runtime = assets
    .filter((file) => file.endsWith('.js') && existsSync(join('dist/assets', `${file}.map`)))
    .filter((file) => read(`${file}.map`).includes('node_modules/@lingui/core/'))
    .map((file) => `assets/${file}`);

  it.each(LOCALES)(
    'starts the landing and sign-in pages in %s with at most 150 KB of JavaScript (gzip)',
    (locale) => {
      const catalog = catalogOf(locale);
      expect(catalog).toEqual([expect.stringMatching(new RegExp(`^assets/messages-first-pages-${locale}-`))]);
      expect(runtime).toHaveLength(1);
      const total = [...new Set([...fromIndex, ...runtime, ...catalog])].reduce(
        (sum, file) => sum + gzipKb(file),
        0,
      );
      expect(total).toBeLessThanOrEqual(BUDGET.initialJsKb);
    },
  );
});
