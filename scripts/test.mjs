// `npm test`: everything a change can break, cheapest first, stopping at the first failure. It needs
// Chromium (and the DNS servers… that README lists), no database: the server runs on PGlite.
// The tests of real systems that take longer — the server on PostgreSQL, servers sharing it, real guests
// under libvirt, texts through Kannel — are `npm run test:systems` (scripts/test-systems.mjs), which .ci/run
// runs after this.
import { requireChromium } from './chromium.mjs';
import { runSteps, workers } from './run-steps.mjs';

// Checked first so a machine without Chromium learns the one command it needs before waiting for the rest.
requireChromium();

const embedded = { ...process.env, DATABASE_URL: '' };

runSteps([
  ['typecheck', ['run', '--silent', 'typecheck'], embedded],
  ['lint', ['run', '--silent', 'lint'], embedded],
  [
    'unit, component, machine and server tests (PGlite)',
    ['run', '--silent', 'test:unit', '--', workers],
    embedded,
  ],
  ['end-to-end tests in Chromium', ['run', '--silent', 'test:e2e'], embedded],
]);
