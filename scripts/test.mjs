// `npm test`: everything a change can break, cheapest first, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { requireChromium } from './chromium.mjs';

// Checked first so a machine without Chromium learns the one command it needs before waiting for the rest.
requireChromium();

// The suite runs on the embedded database; with DATABASE_URL set, the server tests run on PostgreSQL too.
const postgresUrl = process.env.DATABASE_URL?.trim();
const embedded = { ...process.env, DATABASE_URL: '' };
// Vitest keeps one core free by default, which on a 2-core machine runs the test files one at a time; the
// files wait on the database as much as they compute, so one worker per core halves the unit and server steps.
const workers = `--maxWorkers=${Math.max(2, availableParallelism())}`;
// Server test files that never open a database (DNS wire format, PDF writing, configuration…) run the same
// on PostgreSQL as on PGlite: the PostgreSQL step leaves them out rather than run them twice.
const databaseFree = readdirSync('tests/server', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter(
    (file) =>
      !/openTestDatabase|test-database|createScratchDatabase|openDatabase|server\/main|DATABASE_URL/.test(
        readFileSync(`tests/server/${file}`, 'utf8'),
      ),
  )
  .map((file) => `--exclude=tests/server/${file}`);

const steps = [
  ['typecheck', ['run', '--silent', 'typecheck'], embedded],
  ['lint', ['run', '--silent', 'lint'], embedded],
  [
    'unit, component, machine and server tests (PGlite)',
    ['run', '--silent', 'test:unit', '--', workers],
    embedded,
  ],
  // `npm exec --`: without the separator npm takes --maxWorkers and --exclude as its own settings, and
  // vitest would run every file with one worker.
  ...(postgresUrl
    ? [
        [
          'server tests on PostgreSQL',
          ['exec', '--', 'vitest', 'run', '--project', 'server', workers, ...databaseFree],
          process.env,
        ],
      ]
    : []),
  // Servers sharing one PostgreSQL database (as processes too, and behind nginx): they need DATABASE_URL,
  // and fail saying so without it rather than passing without having tried.
  ['servers sharing PostgreSQL', ['exec', '--', 'vitest', 'run', '--project', 'cluster'], process.env],
  // Real guests on this machine's libvirtd (started by .ci/run): fails with what to install and start
  // when libvirt is missing, rather than passing without having tried.
  ['libvirt driver tests (real guests under QEMU)', ['run', '--silent', 'test:libvirt'], embedded],
  // Debian's Kannel (bearerbox and smsbox started by the tests on loopback ports) over SMPP to simulated SMS
  // centres (npm's smpp and Perl's Net::SMPP): fails with what to install when Kannel is missing.
  ['SMS gateway tests (Kannel over SMPP)', ['run', '--silent', 'test:gateways'], embedded],
  ['end-to-end tests in Chromium', ['run', '--silent', 'test:e2e'], embedded],
];

if (!postgresUrl) {
  console.log(
    'DATABASE_URL is not set: the server tests run on PGlite only, and the tests of servers sharing PostgreSQL fail (.ci/run sets it).',
  );
}

for (const [name, args, env] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
