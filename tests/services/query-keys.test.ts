// The cache's keys come from one factory per area (src/services/*.queries.ts): queries, invalidations and the
// socket handler name entries the same way, so a live update can never miss or misread one. A key written as a
// literal array anywhere else is the mistake that let the overview's list be patched as pages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('query keys', () => {
  it('are written as literals only in the key factories', () => {
    const offenders = sourceFiles(SRC)
      .filter((path) => !path.endsWith('.queries.ts'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${relative(SRC, path)}:${index + 1}` }))
          .filter(({ line }) => /(queryKey|mutationKey)\s*:\s*\[/.test(line))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});
