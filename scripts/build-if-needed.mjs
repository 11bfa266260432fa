// Builds the console (`npm run build`) when there is no build yet or a source file is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'panda.config.ts', 'package-lock.json'];
const builtMarker = 'dist/index.html';

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function buildIfNeeded({ quiet = false } = {}) {
  const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestChange));
  if (builtAt > changedAt) {
    if (!quiet) console.log('The console build is up to date.');
    return;
  }
  console.log(
    builtAt ? 'Sources changed since the last build: building the console…' : 'Building the console…',
  );
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The console failed to build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
