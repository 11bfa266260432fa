// Bundle size: gzip size of the JS and CSS a browser loads for the first pages, and of every route chunk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { LOCALES, type Locale } from '../../src/i18n/locales';
import { until } from '../../tests/support/until';

export const BUDGET = { initialJsKb: 150, routeChunkKb: 50, cssKb: 30 } as const;

/** Chunks whose size is a library's, not ours to cut: said beside the figure, still counted against the budget. */
const KNOWN_LARGE = [
  {
    pattern: /\(@xterm\/xterm\)/,
    why: 'xterm.js, the terminal emulator the console page needs: one module, loaded only on /computes/terminal/$id',
  },
];

const kb = (bytes: number) => bytes / 1024;
const gzipKb = (file: string) => kb(gzipSync(readFileSync(file), { level: 9 }).length);

/**
 * A chunk's file name, and for one named by its hash alone (vite.config.ts's `chunkFileName`) what it holds,
 * read from its source map: the package, or our module it was built from (the route, for a page's chunk).
 */
function describeChunk(file: string): string {
  if (!/^[\w-]{8}\.js$/.test(file)) return file;
  try {
    const map = JSON.parse(readFileSync(join('dist/assets', `${file}.map`), 'utf8')) as {
      sources?: string[];
    };
    const last = map.sources?.at(-1);
    if (!last) return file;
    const pkg = last.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    return `${file} (${pkg ?? last.replace(/^(\.\.\/)+(src\/)?/, '').replace(/\?tsr-split=.*$/, '')})`;
  } catch {
    return file;
  }
}

export interface BundleFigures {
  pages: Array<{
    path: string;
    /** The browser's language: each loads its own catalog of the first pages' messages. */
    locale: Locale;
    jsKb: number;
    cssKb: number;
    files: number;
    largest: Array<{ file: string; kb: number }>;
  }>;
  chunks: Array<{ file: string; gzipKb: number }>;
  /** Chunks the landing page loads: the framework and app shell every page shares. */
  initial: string[];
}

/**
 * Loads each page in Chromium, once per language (a first visit from a browser set to it), and sums the gzip
 * size of the same-origin JS and CSS it fetched before the network was idle: the catalog and the message
 * runtime included.
 */
export async function measureBundles(
  baseUrl: string,
  chromePath: string,
  paths: string[],
  locales: readonly Locale[] = LOCALES,
): Promise<BundleFigures> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const pages: BundleFigures['pages'] = [];
  const initial = new Set<string>();
  try {
    for (const path of paths)
      for (const locale of locales) {
        const context = await browser.newContext({ locale });
        const page = await context.newPage();
        const assets = new Set<string>();
        let inFlight = 0;
        let lastActivity = Date.now();
        const activity = (change: number) => () => {
          inFlight += change;
          lastActivity = Date.now();
        };
        page.on('request', activity(1));
        page.on('requestfinished', activity(-1));
        page.on('requestfailed', activity(-1));
        page.on('response', (response) => {
          const url = new URL(response.url());
          if (url.origin === baseUrl && /\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
        });
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        // On a busy machine the network can fall quiet before the console's scripts have even started (they wait
        // for the first paint) or while they run: the figure counts what was loaded once the page is rendered
        // (its #main) and nothing more was asked for in the 500 ms after (Playwright's "network idle").
        await page.locator('#main').waitFor();
        await until(
          'the network idle',
          async () => inFlight === 0 && Date.now() - lastActivity >= 500,
          Boolean,
          30_000,
          100,
        );
        let jsKb = 0;
        let cssKb = 0;
        const sizes: Array<{ file: string; kb: number }> = [];
        for (const asset of assets) {
          const size = gzipKb(join('dist', asset));
          sizes.push({ file: describeChunk(asset.replace('/assets/', '')), kb: size });
          if (asset.endsWith('.js')) jsKb += size;
          else cssKb += size;
        }
        if (path === paths[0]) for (const asset of assets) initial.add(asset.replace('/assets/', ''));
        const largest = sizes.sort((a, b) => b.kb - a.kb).slice(0, Number(process.env.BENCH_LARGEST ?? 5));
        pages.push({ path, locale, jsKb, cssKb, files: assets.size, largest });
        await context.close();
      }
  } finally {
    await browser.close();
  }
  const chunks = readdirSync('dist/assets')
    .filter((file) => file.endsWith('.js') && !initial.has(file))
    .map((file) => ({ file: describeChunk(file), gzipKb: gzipKb(join('dist/assets', file)) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  return { pages, chunks, initial: [...initial] };
}

export function printBundleFigures({ pages, chunks }: BundleFigures): boolean {
  let withinBudget = true;
  const mark = (ok: boolean) => {
    withinBudget &&= ok;
    return ok ? 'ok' : 'OVER BUDGET';
  };
  console.log('\nBundle size (gzip, level 9)');
  for (const page of pages) {
    console.log(
      `  ${page.path.padEnd(12)} ${page.locale}  JS ${page.jsKb.toFixed(1).padStart(6)} KB (≤ ${BUDGET.initialJsKb}: ${mark(page.jsKb <= BUDGET.initialJsKb)})` +
        `   CSS ${page.cssKb.toFixed(1).padStart(5)} KB (≤ ${BUDGET.cssKb}: ${mark(page.cssKb <= BUDGET.cssKb)})   ${page.files} files`,
    );
    console.log(
      `    largest: ${page.largest.map((asset) => `${asset.file} ${asset.kb.toFixed(1)} KB`).join(', ')}`,
    );
  }
  const largest = chunks[0];
  console.log(
    `  route chunks (everything the landing page does not load): ${chunks.length}; largest ${largest?.file ?? '-'} ${largest?.gzipKb.toFixed(1) ?? 0} KB (≤ ${BUDGET.routeChunkKb})`,
  );
  // The ten largest, and every one over the budget.
  chunks.forEach((chunk, rank) => {
    const over = chunk.gzipKb > BUDGET.routeChunkKb;
    if (over) mark(false);
    if (rank >= 10 && !over) return;
    const why = KNOWN_LARGE.find(({ pattern }) => pattern.test(chunk.file))?.why;
    console.log(
      `    ${chunk.file.padEnd(60)} ${chunk.gzipKb.toFixed(2).padStart(6)} KB${over ? '  OVER BUDGET' : ''}${why ? ` (${why})` : ''}`,
    );
  });
  return withinBudget;
}
