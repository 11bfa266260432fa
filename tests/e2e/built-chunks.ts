// The built file a module went into, found by the build's source maps: chunk files are named by their hash
// alone (vite.config.ts's `chunkFileName`), so a test that holds back or fails one page's code names the
// page's module instead ("src/routes/auth/signup.tsx?tsr-split=component").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ASSETS = 'dist/assets';

/** A URL pattern for the one chunk that holds `source`, for `page.route`. */
export function chunkOf(source: string): RegExp {
  const files = readdirSync(ASSETS)
    .filter((file) => file.endsWith('.js.map'))
    .filter((file) => {
      const text = readFileSync(join(ASSETS, file), 'utf8');
      if (!text.includes(source)) return false;
      const { sources = [] } = JSON.parse(text) as { sources?: string[] };
      return sources.some((path) => path.endsWith(`/${source}`));
    })
    .map((file) => file.slice(0, -'.map'.length));
  if (files.length !== 1) throw new Error(`${source} is in ${files.length} chunks: ${files.join(', ')}`);
  return new RegExp(`/assets/${files[0]?.replace(/[.$?*+^()[\]{}|\\-]/g, '\\$&')}$`);
}
