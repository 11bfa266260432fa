// `npm run test:e2e`: builds the console, then drives it in Chromium against the real server.
import { spawnSync } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { requireChromium } from './chromium.mjs';

const chromium = requireChromium();
buildIfNeeded({ quiet: true });
const result = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(result.status ?? 1);
