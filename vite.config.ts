import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The chunks the entry imports statically are loaded before any page: a lazy page need not list them
 * for preloading. Remembers them (before Vite writes the preload lists) for `resolveDependencies` below,
 * which keeps the entry chunk, where those lists live, small enough for the sign-in page's budget.
 */
const loadedByEntry = new Set<string>();
/**
 * The pages a cold visit most often opens first (the landing page and the sign-in pages): index.html
 * preloads their chunks, so they download beside the entry instead of after it has run (one round trip
 * less before the first page shows; see `npm run bench`'s Lighthouse figures).
 */
const FIRST_PAGES = /src\/routes\/(index|auth|auth\/login)\.tsx\?tsr-split=component/;
const firstPageChunks = new Set<string>();
function rememberEntryImports(): Plugin {
  return {
    name: 'ikirere:remember-entry-imports',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      loadedByEntry.clear();
      firstPageChunks.clear();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) {
          loadedByEntry.add(chunk.fileName);
          for (const imported of chunk.imports) loadedByEntry.add(imported);
        }
      }
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || loadedByEntry.has(fileName) || firstPageChunks.has(fileName)) return;
        firstPageChunks.add(fileName);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => FIRST_PAGES.test(id))) add(chunk.fileName);
      }
    },
  };
}

/**
 * The console's scripts start after index.html's first paint (its shell, see there): the build moves the
 * entry and its preloads from <head> into <template id="console-scripts">, which public/start-console.js
 * puts back once a frame is on screen. On a slow connection the shell's text and the stylesheet then
 * arrive first instead of sharing the line with 200 kB of scripts.
 */
function startConsoleAfterFirstPaint(): Plugin {
  const tags = /\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;
  return {
    name: 'ikirere:start-console-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const moved = html.match(tags) ?? [];
        if (!moved.some((tag) => tag.includes('<script'))) throw new Error('index.html has no entry script');
        // The first paint's text faces (body and headings, Latin), fetched beside the stylesheet rather than
        // after it, so the shell is drawn in them instead of swapping a fallback a moment later.
        const fonts = Object.keys(bundle ?? {}).filter((file) =>
          /\/(inter-latin-400|sora-latin-600)-normal-[^/]+\.woff2$/.test(file),
        );
        const preloads = fonts
          .map((file) => `\n    <link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`)
          .join('');
        return html
          .replace(tags, '')
          .replace('</title>', `</title>${preloads}`)
          .replace(
            '</body>',
            `  <template id="console-scripts">${moved.map((tag) => `\n      ${tag.trim()}`).join('')}\n    </template>\n    <script src="/start-console.js" defer></script>\n  </body>`,
          );
      },
    },
  };
}

/**
 * Panda's generated recipes and patterns (styled-system/recipes, styled-system/patterns) are plain
 * functions, but each module builds its function with a top-level call, which a bundler must assume has
 * side effects: importing one recipe through the barrel then kept every recipe and pattern, used or not,
 * in the chunk the first page loads. Declared free of side effects, only those a chunk uses ship in it.
 */
function styledSystemWithoutSideEffects(): Plugin {
  return {
    name: 'ikirere:styled-system-without-side-effects',
    transform: {
      filter: { id: /[\\/]styled-system[\\/](recipes|patterns)[\\/][^/\\]+\.mjs$/ },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  };
}

/**
 * The catalogs (src/i18n/catalogs/<part>/<language>.json, ICU MessageFormat) reach the browser compiled: each
 * message already parsed into the small structure Lingui's runtime formats, so the browser never loads an
 * ICU parser. Still JSON, so Vite's JSON handling makes each catalog a chunk of its own, loaded on demand.
 */
function compiledCatalogs(): Plugin {
  return {
    name: 'ikirere:compiled-catalogs',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]src[\\/]i18n[\\/]catalogs[\\/][a-z-]+[\\/][a-z]+\.json$/.test(id)) return null;
      const source = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
      return JSON.stringify(
        Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)])),
      );
    },
  };
}

// In development Vite serves the SPA and forwards API and socket calls to the server (scripts/dev.mjs).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const apiPaths = ['/user', '/resource-manager', '/payment', '/api', '/healthz'];

export default defineConfig({
  // The router plugin must come before react() so route files are split before React transforms them.
  plugins: [
    rememberEntryImports(),
    compiledCatalogs(),
    styledSystemWithoutSideEffects(),
    startConsoleAfterFirstPaint(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: a loader's imports (API clients, schemas) must not land in the landing page's bundle.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['errorComponent', 'notFoundComponent', 'pendingComponent'],
        ],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
    }),
    react(),
  ],
  // `@/…` is src/, `styled-system/…` Panda's generated code: the paths in tsconfig.json.
  resolve: { tsconfigPaths: true },
  server: {
    proxy: Object.fromEntries(
      apiPaths.map((path) => [path, { target: apiTarget, ws: path === '/resource-manager' }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    assetsInlineLimit: 0,
    modulePreload: {
      // Each lazy page lists the chunks to preload with it; those the entry already loaded need no listing.
      // (index.html keeps its full list: there, they are what makes the entry's imports load in parallel.)
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html'
          ? [...deps, ...[...firstPageChunks].filter((chunk) => !deps.includes(chunk))]
          : deps.filter((dep) => !loadedByEntry.has(dep)),
    },
    rollupOptions: {
      output: {
        // Fewer, larger shared chunks compress better than dozens of small ones (gzip cannot share a
        // dictionary across files): the framework every page needs goes in one chunk. React Query stays
        // out of it: only the signed-in console loads it.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|xstate|@xstate)[\\/]/,
            },
            {
              // The language pieces every page uses (the words in use, the chooser) and the small parts every first
              // page shows: one chunk rather than a dozen of a few hundred bytes (gzip shares nothing across files).
              name: 'first-pages',
              test: /[\\/]src[\\/](i18n[\\/](index|state|account|locales)\.ts|ui[\\/](language-chooser|visually-hidden|spinner|alert|badge|skeleton|icons|style-context)\.tsx|routes[\\/]-components[\\/]logo\.tsx)$/,
            },
            {
              // Panda's runtime (css, cva, the patterns) and the recipes of the first pages' parts, in one
              // chunk the entry loads; the recipes only later pages use stay with those pages.
              name: 'styles',
              test: /[\\/]styled-system[\\/](helpers\.mjs|css[\\/]|patterns[\\/]|recipes[\\/](create-recipe|button|badge|spinner|skeleton|text|field|alert|toast)\.mjs)/,
            },
          ],
        },
      },
    },
  },
});
