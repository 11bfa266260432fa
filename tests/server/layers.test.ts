// The check `npm run lint` runs (dependency-cruiser, .dependency-cruiser.cjs): a value-import cycle
// between server files or folders fails it, a type-only one does not. Shown on two folders made here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type IConfiguration, type IRuleSetType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const rules = config.forbidden ?? [];

async function violations(paths: string[], ruleSet: IRuleSetType, baseDir = process.cwd()) {
  const result = await cruise(paths, {
    ruleSet,
    validate: true,
    baseDir,
    tsPreCompilationDeps: config.options?.tsPreCompilationDeps,
    exclude: { path: 'node_modules' },
  });
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    cycle: violation.cycle?.map((step) => step.name),
  }));
}

const scratch = mkdtempSync(join(process.cwd(), 'tests/server/.layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the layers check', () => {
  it('fails on a value-import cycle between two folders, and lets a type-only one pass', async () => {
    const root = join(scratch, 'server');
    mkdirSync(join(root, 'a'), { recursive: true });
    mkdirSync(join(root, 'b'), { recursive: true });
    writeFileSync(
      join(root, 'a', 'one.ts'),
      "import { two } from '../b/two';\nexport const one = () => two;\n",
    );
    writeFileSync(
      join(root, 'b', 'two.ts'),
      "import type { one } from '../a/one';\nexport const two: typeof one | 2 = 2;\n",
    );
    expect(await violations(['server'], { forbidden: rules }, scratch)).toEqual([]);
    writeFileSync(
      join(root, 'b', 'two.ts'),
      "import { one } from '../a/one';\nexport const two = () => one;\n",
    );
    const flagged = await violations(['server'], { forbidden: rules }, scratch);
    expect(flagged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'no-file-cycle',
          cycle: expect.arrayContaining(['server/a/one.ts', 'server/b/two.ts']),
        }),
        expect.objectContaining({ rule: 'no-folder-cycle', from: 'server/a' }),
        expect.objectContaining({ rule: 'no-folder-cycle', from: 'server/b' }),
      ]),
    );
  });
});
