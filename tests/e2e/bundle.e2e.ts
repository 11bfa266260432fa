// What ships: the production build carries no development-only inspector and fetches nothing from elsewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGET } from '../../scripts/bench/bundle-size';

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

  it('starts the landing and sign-in pages with at most 150 KB of JavaScript (gzip)', () => {
    // Everything index.html loads or preloads: the entry, its imports and the first pages' chunks (what
    // `npm run bench` measures in Chromium). The API client and the passkey code load with their first use.
    const html = readFileSync('dist/index.html', 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map(([, file]) => file as string);
    const gzipKb = (file: string) => gzipSync(readFileSync(join('dist', file)), { level: 9 }).length / 1024;
    const total = scripts.reduce((sum, file) => sum + gzipKb(file), 0);
    expect(total).toBeLessThanOrEqual(BUDGET.initialJsKb);
  });
});
