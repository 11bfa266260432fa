// `npm run machines:docs`: writes docs/machines from the machines (src/inspector/statechart/machine-docs.ts)
// and removes pages of machines that no longer exist.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineDocs } from '@/inspector/statechart/machine-docs';
import { allMachines } from '@/machines/all-machines';

const folder = join(import.meta.dirname, '..', 'docs', 'machines');
mkdirSync(folder, { recursive: true });
const files = await machineDocs(allMachines);
for (const existing of readdirSync(folder)) {
  if (!files.has(existing)) rmSync(join(folder, existing));
}
for (const [name, text] of files) writeFileSync(join(folder, name), text);
console.log(`Wrote ${files.size} files to docs/machines.`);
