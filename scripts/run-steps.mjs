// Runs test steps one after the other (each an npm command), printing how long each took and stopping at
// the first that fails, with its exit code. Used by `npm test` and `npm run test:systems`.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Vitest keeps one core free by default, which on a 2-core machine runs the test files one at a time; the
// files wait on the database as much as they compute, so one worker per core halves the unit and server steps.
export const workers = `--maxWorkers=${Math.max(2, availableParallelism())}`;

/** @param {Array<[string, string[], NodeJS.ProcessEnv]>} steps name, npm arguments, environment */
export function runSteps(steps) {
  const startedAll = Date.now();
  for (const [name, args, env] of steps) {
    console.log(`\n▶ ${name}`);
    const started = Date.now();
    const result = spawnSync('npm', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`\n✗ ${name} failed.`);
      process.exit(result.status ?? 1);
    }
    console.log(`✓ ${name} (${seconds(started)})`);
  }
  console.log(`\nAll ${steps.length} steps passed in ${seconds(startedAll)}.`);
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
