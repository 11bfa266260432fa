// `npm run test:e2e`: builds the console, then drives it in Chromium against the real server. Arguments go
// to vitest (a file to run alone; `--project libvirt-e2e` for the journey on real guests instead).
import { spawnSync } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { requireChromium } from './chromium.mjs';

const chromium = requireChromium();
buildIfNeeded({ quiet: true });
const args = process.argv.slice(2);
const project = args.includes('--project') ? [] : ['--project', 'e2e'];
const result = spawnSync('npx', ['vitest', 'run', ...project, ...args], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(result.status ?? 1);
