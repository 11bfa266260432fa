import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The chunks the entry imports statically are loaded before any page: a lazy page need not list them
 * for preloading. Remembers them (before Vite writes the preload lists) for `resolveDependencies` below,
 * which keeps the entry chunk, where those lists live, small enough for the sign-in page's budget.
 */
const loadedByEntry = new Set<string>();
function rememberEntryImports(): Plugin {
  return {
    name: 'ikirere:remember-entry-imports',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      loadedByEntry.clear();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) {
          loadedByEntry.add(chunk.fileName);
          for (const imported of chunk.imports) loadedByEntry.add(imported);
        }
      }
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
        hostType === 'html' ? deps : deps.filter((dep) => !loadedByEntry.has(dep)),
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
          ],
        },
      },
    },
  },
});
