import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the SPA and forwards API and socket calls to the server (scripts/dev.mjs).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const apiPaths = ['/user', '/resource-manager', '/payment', '/api', '/healthz'];

export default defineConfig({
  // The router plugin must come before react() so route files are split before React transforms them.
  plugins: [
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
