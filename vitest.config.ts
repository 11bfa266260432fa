import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Test projects: unit (node), components (happy-dom), server (app.request on PGlite/PostgreSQL), cluster
// (servers sharing one PostgreSQL database), libvirt (real guests under libvirt and QEMU), guests (standard
// cloud images under libvirt), gateways (Kannel over SMPP to simulated SMS centres), e2e (Chromium).
export default defineConfig({
  plugins: [react()],
  // `@/…` is src/, `styled-system/…` Panda's generated code: the paths in tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: [
            'tests/server/**',
            'tests/e2e/**',
            'tests/libvirt/**',
            'tests/cluster/**',
            'tests/gateways/**',
            'tests/guests/**',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**'],
          setupFiles: ['tests/setup/components.ts'],
          // Typing through a 250-country list with user-event takes a few seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/server-global.ts'],
          testTimeout: 30_000,
          // The files share their worker's modules instead of loading the server afresh for each (about a
          // second a file): each file opens its own database and app, none mocks modules or changes the
          // environment, and the files pass in any order (checked with --sequence.shuffle.files). This
          // takes the server tests from 168 s to 100 s on PGlite and from 118 s to 50 s on PostgreSQL here.
          isolate: false,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Servers (in this process and as processes) sharing the PostgreSQL database DATABASE_URL names,
          // each file on its own scratch database; run in a step of their own after the server tests on
          // PostgreSQL.
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Real virtual machines on this machine's libvirtd: one file, one guest booted, run once (not
          // again on PostgreSQL) in a step of its own.
          name: 'libvirt',
          environment: 'node',
          include: ['tests/libvirt/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Real SMS gateways: Debian's Kannel started by the test on loopback ports, connected over SMPP to
          // SMS centres the test runs (npm's smpp and Perl's Net::SMPP); run in a step of their own.
          name: 'gateways',
          environment: 'node',
          include: ['tests/gateways/**/*.test.ts'],
          globalSetup: ['tests/setup/server-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Standard cloud images (Debian 12 with the real cloud-init) under emulation: minutes a boot, so
          // not in `npm test`; `npm run test:guests`, which .ci/run runs after it.
          name: 'guests',
          environment: 'node',
          include: ['tests/guests/**/*.test.ts'],
          testTimeout: 300_000,
          // Two guests booting under emulation (see BOOT_TIMEOUT_MS in the test).
          hookTimeout: 35 * 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
