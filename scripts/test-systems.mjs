// `npm run test:systems`: the tests of real systems that do not fit in `npm test`'s 15 minutes, run by
// .ci/run after it: the server tests again on PostgreSQL, servers sharing one PostgreSQL (in this process,
// as processes, behind nginx), PostgreSQL failing over under Patroni (etcd, HAProxy), real guests on this
// machine's libvirtd (the driver's tests and the console's journey in Chromium), and text messages through
// Debian's Kannel (its tests and a journey). Needs DATABASE_URL (a role that may create databases) and a
// running libvirtd (scripts/libvirt/start-libvirt.sh); fails saying so rather than passing without having
// tried.
import { readdirSync, readFileSync } from 'node:fs';
import { requireChromium } from './chromium.mjs';
import { runSteps, workers } from './run-steps.mjs';

requireChromium();
const postgresUrl = process.env.DATABASE_URL?.trim();
if (!postgresUrl) {
  console.error(
    'DATABASE_URL is not set: the server and cluster tests need a PostgreSQL they may create databases in, e.g. DATABASE_URL=postgres://ikirere@127.0.0.1:55432/postgres (.ci/run starts one).',
  );
  process.exit(1);
}
const embedded = { ...process.env, DATABASE_URL: '' };

// Server test files that never open a database (DNS wire format, PDF writing, configuration…) run the same
// on PostgreSQL as on PGlite: this step leaves them out rather than run them twice.
const databaseFree = readdirSync('tests/server', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter(
    (file) =>
      !/openTestDatabase|test-database|createScratchDatabase|openDatabase|server\/main|DATABASE_URL/.test(
        readFileSync(`tests/server/${file}`, 'utf8'),
      ),
  )
  .map((file) => `--exclude=tests/server/${file}`);

runSteps([
  // `npm exec --`: without the separator npm takes --maxWorkers and --exclude as its own settings, and
  // vitest would run every file with one worker.
  [
    'server tests on PostgreSQL',
    ['exec', '--', 'vitest', 'run', '--project', 'server', workers, ...databaseFree],
    process.env,
  ],
  ['servers sharing PostgreSQL', ['exec', '--', 'vitest', 'run', '--project', 'cluster'], process.env],
  // Its own PostgreSQL: two nodes under Patroni (etcd ×3, HAProxy) from Debian's packages, failed over three
  // times under two servers behind nginx.
  ['PostgreSQL failing over under Patroni', ['run', '--silent', 'test:ha'], embedded],
  ['libvirt driver tests (real guests under QEMU)', ['run', '--silent', 'test:libvirt'], embedded],
  // Two libvirt hosts, the second over qemu+ssh:// through an sshd on a loopback port (openssh-server).
  ['a fleet of two libvirt hosts, one over SSH', ['run', '--silent', 'test:fleet'], embedded],
  [
    'the console on real guests, in Chromium',
    ['run', '--silent', 'test:e2e', '--', '--project', 'libvirt-e2e'],
    embedded,
  ],
  // The team's data and networks on the simulator, clicked through in Chromium, in one run (one build check
  // and one vitest start for the five): images (capture, live arrival, upload, rename, delete), firewalls
  // (refusals beside the fields, an edit arriving live in a second browser, delete), private networks (refusals
  // beside the block, two computes added, a removal arriving live in a second browser, delete), volumes
  // (create, attach, changes from elsewhere, delete) and backups (on at the price shown, live arrival, restores).
  [
    'team images, firewalls, networks, volumes and backups, in Chromium',
    [
      'run',
      '--silent',
      'test:e2e',
      '--',
      ...['images-e2e', 'firewalls-e2e', 'networks-e2e', 'volumes-e2e', 'backups-e2e'].flatMap((name) => [
        '--project',
        name,
      ]),
      // One journey at a time, as when they were steps of their own.
      '--maxWorkers=1',
    ],
    embedded,
  ],
  // Debian's Kannel (bearerbox and smsbox started by the tests on loopback ports) over SMPP to simulated SMS
  // centres (npm's smpp and Perl's Net::SMPP), then a phone code through it clicked in Chromium.
  ['SMS gateway tests (Kannel over SMPP)', ['run', '--silent', 'test:gateways'], embedded],
  [
    'a phone code through Kannel, in Chromium',
    ['run', '--silent', 'test:e2e', '--', '--project', 'gateways-e2e'],
    embedded,
  ],
]);
