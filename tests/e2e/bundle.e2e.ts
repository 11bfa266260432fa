// What ships: the production build carries no development-only inspector and fetches nothing from elsewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
});
