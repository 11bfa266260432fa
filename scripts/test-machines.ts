// `npm run test:machines`: runs the model-based tests (tests/machines) and prints, per machine, the states
// and transitions their generated paths cover over the machine's total. Fails when a test fails, when a
// machine has no model-based test, or when one covers less than all of its machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allMachines } from '@/machines/all-machines';

interface Figures {
  covered: number;
  total: number;
  missing: string[];
}
interface Report {
  id: string;
  states: Figures;
  transitions: Figures;
}

const folder = mkdtempSync(join(tmpdir(), 'ikirere-machine-coverage-'));
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'components', 'tests/machines'],
  { stdio: 'inherit', env: { ...process.env, MACHINE_COVERAGE_DIR: folder } },
);
const reports = new Map<string, Report>();
for (const file of readdirSync(folder)) {
  const report = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Report;
  reports.set(report.id, report);
}
rmSync(folder, { recursive: true, force: true });

const percent = (f: Figures) => (f.total === 0 ? 100 : Math.floor((f.covered / f.total) * 1000) / 10);
const cell = (f: Figures) => `${`${f.covered}/${f.total}`.padStart(7)} ${`${percent(f)} %`.padStart(7)}`;
const failures: string[] = [];
console.log('\nModel-based test coverage per machine (tests/machines)\n');
console.log(`${'machine'.padEnd(20)} ${'states'.padStart(15)} ${'transitions'.padStart(15)}`);
for (const [folderName, machine] of Object.entries(allMachines).sort(([a], [b]) => a.localeCompare(b))) {
  const report = reports.get(machine.id);
  if (!report) {
    console.log(`${machine.id.padEnd(20)} ${'no model-based test'.padStart(31)}`);
    failures.push(`${machine.id} (src/machines/${folderName}) has no model-based test reporting coverage`);
    continue;
  }
  console.log(`${machine.id.padEnd(20)} ${cell(report.states)} ${cell(report.transitions)}`);
  const missing = [...report.states.missing, ...report.transitions.missing];
  if (missing.length > 0) failures.push(`${machine.id} misses ${missing.join(', ')}`);
}
console.log('');
if (run.status !== 0) failures.unshift('the model-based tests failed');
if (failures.length > 0) {
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exit(1);
}
console.log('✓ every machine is covered in full: all states and transitions.');
