import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * What a lazy chunk's preload list (Vite's `__vite__mapDeps`, in the chunk that imports it: for the pages,
 * the first pages' chunk, which holds the route tree) need not name, since it is loaded by then anyway:
 * - the chunks the entry loads (its static imports, and theirs), in before any page;
 * - the chunk itself: `import()` fetches it at the same moment (Vite waits only for CSS before importing);
 * - a page's chunks' dependencies that a parent route's chunks load too (`_protected` loads the console's
 *   frame for every signed-in page): the router loads every matched route's chunks together, the parents'
 *   no later than the page's, and their lists name them.
 * Each name left out is bytes the landing and sign-in pages no longer download. Worked out before Vite
 * writes the lists (enforce: 'pre'), for `resolveDependencies` below.
 */
const loadedByEntry = new Set<string>();
const loadedByParents = new Map<string, Set<string>>();
function preloadLists(): Plugin {
  return {
    name: 'ikirere:preload-lists',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      const closure = (start: string[], into = new Set<string>()) => {
        for (const fileName of start) {
          if (into.has(fileName) || !chunks.has(fileName)) continue;
          into.add(fileName);
          closure(chunks.get(fileName)?.imports ?? [], into);
        }
        return into;
      };
      loadedByEntry.clear();
      closure(
        [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        loadedByEntry,
      );
      // A route's chunks by its file's path under src/routes (`_protected/_section/_team/computes/$id`).
      const routeChunks = new Map<string, string[]>();
      const routeOf = (chunk: OutputChunk) => chunk.facadeModuleId?.match(ROUTE_SPLIT)?.[1];
      for (const chunk of chunks.values()) {
        const route = routeOf(chunk);
        if (route) routeChunks.set(route, [...(routeChunks.get(route) ?? []), chunk.fileName]);
      }
      loadedByParents.clear();
      for (const chunk of chunks.values()) {
        const route = routeOf(chunk);
        if (!route) continue;
        const segments = route.split('/');
        const parents = segments.slice(0, -1).map((_, end) => segments.slice(0, end + 1).join('/'));
        loadedByParents.set(
          chunk.fileName,
          closure(parents.flatMap((parent) => routeChunks.get(parent) ?? [])),
        );
      }
    },
  };
}
const ROUTE_SPLIT = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=/;

/**
 * The pages a cold visit most often opens first (the landing page and the sign-in pages), and the message
 * runtime every page needs before it renders: the `first-pages` chunk group below holds them with everything
 * they import, besides the framework, so the entry loads them in one file instead of two dozen (gzip shares
 * nothing across files: the same code measured 5 KB more as 25 files than as one).
 */
const FIRST_PAGES = /src[\\/]routes[\\/](index|auth|auth[\\/]login)\.tsx\?tsr-split=component/;
const MESSAGE_RUNTIME = /[\\/]src[\\/]i18n[\\/]runtime\.ts$/;
const ENTRY = /[\\/]src[\\/]main\.tsx$/;
/** A catalog: src/i18n/catalogs/<part>/<language>.json. */
const CATALOG = /[\\/]src[\\/]i18n[\\/]catalogs[\\/]([a-z-]+)[\\/]([a-z]+)\.json$/;

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
        // Each language's catalog of the first pages' messages, which the console needs before its first page:
        // start-console.js keeps the one of the language it will show (the remembered one, else the browser's),
        // so it downloads beside the scripts instead of after they have run.
        const catalogs = Object.values(bundle ?? {})
          .flatMap((chunk) => {
            const catalog = chunk.type === 'chunk' ? chunk.facadeModuleId?.match(CATALOG) : null;
            return catalog?.[1] === 'first-pages'
              ? [
                  `<link rel="modulepreload" crossorigin href="/${chunk.fileName}" data-locale="${catalog[2]}">`,
                ]
              : [];
          })
          .sort();
        return html
          .replace(tags, '')
          .replace('</title>', `</title>${preloads}`)
          .replace(
            '</body>',
            `  <template id="console-scripts">${[...moved, ...catalogs].map((tag) => `\n      ${tag.trim()}`).join('')}\n    </template>\n    <script src="/start-console.js" defer></script>\n  </body>`,
          );
      },
    },
  };
}

/**
 * The plain scripts in public/ (theme-init.js, start-console.js) run on every first visit and are written to
 * be read, comments and all: the build writes them minified (half their gzip size), the same code.
 */
function minifiedPublicScripts(): Plugin {
  let publicDir = '';
  let outDir = '';
  return {
    name: 'ikirere:minified-public-scripts',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (!publicDir) return;
      for (const file of readdirSync(publicDir).filter((name) => name.endsWith('.js'))) {
        const target = join(outDir, file);
        const { code, errors } = minifySync(file, readFileSync(target, 'utf8'), {
          compress: true,
          mangle: true,
        });
        if (errors.length > 0)
          throw new Error(`public/${file}: ${errors.map((error) => error.message).join('; ')}`);
        writeFileSync(target, code);
      }
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

/**
 * A chunk's file is named by its hash alone: the first pages' chunk holds the route tree, where every lazy
 * page's file name is written (the names were 1.3 KB of the first pages' JavaScript). The chunk groups keep
 * their names, and the catalogs theirs (`messages-first-pages-rw-…`): the bundle test finds them by it.
 * `npm run bench` names the others by their source maps.
 */
const CHUNK_GROUPS = new Set(['framework', 'first-pages', 'console']);
function chunkFileName(chunk: Rolldown.PreRenderedChunk): string {
  const catalog = chunk.facadeModuleId?.match(CATALOG);
  if (catalog) return `assets/messages-${catalog[1]}-${catalog[2]}-[hash].js`;
  return CHUNK_GROUPS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js';
}

// In development Vite serves the SPA and forwards API and socket calls to the server (scripts/dev.mjs).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const apiPaths = ['/user', '/resource-manager', '/payment', '/api', '/healthz'];

export default defineConfig({
  // The router plugin must come before react() so route files are split before React transforms them.
  plugins: [
    preloadLists(),
    compiledCatalogs(),
    styledSystemWithoutSideEffects(),
    startConsoleAfterFirstPaint(),
    minifiedPublicScripts(),
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
      // A lazy chunk's list names what it needs that nothing else has asked for yet (see `preloadLists`).
      // (index.html keeps its full list: there, they are what makes the entry's imports load in parallel.)
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html'
          ? deps
          : deps.filter(
              (dep) => dep !== file && !loadedByEntry.has(dep) && !loadedByParents.get(file)?.has(dep),
            ),
      // Browsers without <link rel="modulepreload"> (Safari before 17, Firefox before 115) fetch the entry's
      // imports as they find them, one level at a time, instead of running a polyfill every browser downloads.
      polyfill: false,
    },
    rollupOptions: {
      output: {
        chunkFileNames: chunkFileName,
        // Fewer, larger shared chunks compress better than dozens of small ones (gzip cannot share a
        // dictionary across files): the framework every page needs goes in one chunk. React Query stays
        // out of it: only the signed-in console loads it (with its frame, below).
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|xstate|@xstate)[\\/]/,
            },
            {
              // Everything else the first pages run (`FIRST_PAGES` and what they import): one chunk the entry
              // imports, rather than two dozen of a few hundred bytes each (gzip shares nothing across files).
              name: 'first-pages',
              test: (id) => FIRST_PAGES.test(id) || MESSAGE_RUNTIME.test(id) || ENTRY.test(id),
            },
            {
              // The signed-in console's frame (`_protected`: the session, the team, the live connection, the
              // API clients and query factories it primes) with everything it imports, which every signed-in
              // page loads: one file to name in each page's preload list rather than up to 25.
              name: 'console',
              test: /[\\/]src[\\/]routes[\\/]_protected\.tsx\?tsr-split=/,
            },
          ],
        },
      },
    },
  },
});
