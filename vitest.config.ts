import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Test projects: unit (node), components (happy-dom), server (app.request on PGlite/PostgreSQL), cluster
// (servers sharing one PostgreSQL database), ha (PostgreSQL failing over under Patroni), libvirt (real
// guests under libvirt and QEMU), fleet (two libvirt hosts, one over SSH), guests (standard cloud images
// under libvirt), gateways (Kannel over SMPP to simulated SMS centres), e2e (Chromium), and the journeys
// through real systems in Chromium (libvirt-e2e, gateways-e2e and the others below). `npm test` runs unit,
// components, server (PGlite) and e2e; `npm run test:systems` (scripts/test-systems.mjs) the rest but guests,
// which .ci/run runs when time is left.
/** Component tests that replace modules with vi.mock: they need a module graph of their own. */
const MOCKING_COMPONENT_TESTS = ['tests/services/mutations.test.tsx'];

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
          // Plain functions and machines: the files share their worker's modules (none replaces a module).
          isolate: false,
          include: ['tests/**/*.test.ts'],
          setupFiles: ['tests/setup/console-language.ts', 'tests/setup/english.ts'],
          exclude: [
            'tests/server/**',
            'tests/e2e/**',
            'tests/libvirt/**',
            'tests/fleet/**',
            'tests/cluster/**',
            'tests/ha/**',
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
          exclude: ['tests/e2e/**', ...MOCKING_COMPONENT_TESTS],
          setupFiles: ['tests/setup/components.ts'],
          // The files share their worker's modules (React, Ark UI, Testing Library) instead of importing them
          // afresh for each: 80 s → 30 s here. Testing Library cleans the DOM after each test; the files that
          // replace modules with vi.mock (which needs a fresh module graph) run isolated, below.
          isolate: false,
          // Typing through a 250-country list with user-event takes a few seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component-mocks',
          environment: 'happy-dom',
          include: MOCKING_COMPONENT_TESTS,
          setupFiles: ['tests/setup/components.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          setupFiles: ['tests/setup/english.ts'],
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
          // PostgreSQL behind Patroni (etcd, HAProxy) from Debian's packages, failed over under two servers
          // behind nginx: `npm run test:ha`, a step of `npm run test:systems`.
          name: 'ha',
          environment: 'node',
          include: ['tests/ha/**/*.test.ts'],
          testTimeout: 420_000,
          hookTimeout: 240_000,
          fileParallelism: false,
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
          // Two libvirt hosts (this machine's libvirtd directly and over SSH through an sshd the test
          // starts on a loopback port): placement, a host unreachable and back, draining. Real guests; run
          // in a step of its own in `npm run test:systems`.
          name: 'fleet',
          environment: 'node',
          include: ['tests/fleet/**/*.test.ts'],
          testTimeout: 240_000,
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
          // The journeys through real systems run in `npm run test:systems` (projects libvirt-e2e and
          // gateways-e2e, below).
          exclude: [
            'tests/e2e/libvirt-*.e2e.ts',
            'tests/e2e/kannel.e2e.ts',
            'tests/e2e/images-journey.e2e.ts',
            'tests/e2e/firewalls-journey.e2e.ts',
            'tests/e2e/networks-journey.e2e.ts',
            'tests/e2e/volumes-journey.e2e.ts',
            'tests/e2e/backups-journey.e2e.ts',
            'tests/e2e/languages.e2e.ts',
            'tests/e2e/data-pages-languages.e2e.ts',
            'tests/e2e/account-languages.e2e.ts',
            'tests/e2e/kinyarwanda-journey.e2e.ts',
          ],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A journey takes 10-50 s; on a machine busy with other work, twice that.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: a journey mostly waits (on the simulator, the server, the page), so a
          // second browser fills those waits.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The console on a server of the libvirt driver, booting real guests: starts its own server.
          name: 'libvirt-e2e',
          environment: 'node',
          include: ['tests/e2e/libvirt-*.e2e.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Every page in French and in Kinyarwanda at a phone's width: no English left, axe (issue 30).
          // And one journey in Kinyarwanda by clicking, from the landing page to a top-up.
          name: 'languages-e2e',
          environment: 'node',
          include: [
            'tests/e2e/languages.e2e.ts',
            'tests/e2e/data-pages-languages.e2e.ts',
            'tests/e2e/account-languages.e2e.ts',
            'tests/e2e/kinyarwanda-journey.e2e.ts',
          ],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Team images clicked through in Chromium on the simulator (qemu-img makes the files it uploads).
          name: 'images-e2e',
          environment: 'node',
          include: ['tests/e2e/images-journey.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Firewalls clicked through in Chromium on the simulator, a second browser following live.
          name: 'firewalls-e2e',
          environment: 'node',
          include: ['tests/e2e/firewalls-journey.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Private networks clicked through in Chromium on the simulator, a second browser following live.
          name: 'networks-e2e',
          environment: 'node',
          include: ['tests/e2e/networks-journey.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Volumes clicked through in Chromium on the simulator: create, attach, live changes, delete.
          name: 'volumes-e2e',
          environment: 'node',
          include: ['tests/e2e/volumes-journey.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Backups clicked through in Chromium on the simulator (its backups are real, empty qcow2 files).
          name: 'backups-e2e',
          environment: 'node',
          include: ['tests/e2e/backups-journey.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // A phone code through Debian's Kannel, clicked in Chromium: starts its own server and boxes.
          name: 'gateways-e2e',
          environment: 'node',
          include: ['tests/e2e/kannel.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
