// docs/machines is written from the machines: when a machine changes and the docs are not written again
// (npm run machines:docs), this fails and says which file is stale.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineDocs } from '@/inspector/statechart/machine-docs';
import { allMachines } from '@/machines/all-machines';

const folder = join(import.meta.dirname, '..', '..', 'docs', 'machines');

describe('docs/machines', () => {
  it('matches the machines (run `npm run machines:docs` after changing one)', async () => {
    const expected = await machineDocs(allMachines);
    const stale: string[] = [];
    for (const [name, text] of expected) {
      const path = join(folder, name);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(name);
    }
    const extra = existsSync(folder) ? readdirSync(folder).filter((name) => !expected.has(name)) : [];
    expect({ stale, extra }, 'docs/machines is out of date: run `npm run machines:docs`').toEqual({
      stale: [],
      extra: [],
    });
  }, 60_000);

  it('has a diagram and a page for every machine folder', () => {
    const folders = readdirSync(join(import.meta.dirname, '..', '..', 'src', 'machines'), {
      withFileTypes: true,
    })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(allMachines).sort()).toEqual(folders);
  });
});
