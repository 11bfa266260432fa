// The OpenAPI document checked by Redocly's linter (its recommended rules), as issue 16 asks: errors must be
// 0. Redocly is fetched by npx for this run only; it is not a dependency of the console.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LintFigures {
  errors: number;
  warnings: number;
}

export async function lintOpenApi(baseUrl: string): Promise<LintFigures | string> {
  const dir = mkdtempSync(join(tmpdir(), 'ikirere-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, await (await fetch(new URL('/api/openapi.json', baseUrl))).text());
    let output: string;
    try {
      output = execFileSync('npx', ['--yes', '@redocly/cli@2', 'lint', file, '--format=json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 300_000,
      });
    } catch (error) {
      // Redocly exits 1 when there are errors; its report is still on stdout.
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const report = JSON.parse(output.slice(output.indexOf('{'))) as { totals: LintFigures };
    return report.totals;
  } catch (error) {
    return `Redocly could not run: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printLintFigures(figures: LintFigures | string): boolean {
  console.log(
    '\nOpenAPI document, @redocly/cli lint (recommended rules; before: 91 errors, 90 of them security-defined)',
  );
  if (typeof figures === 'string') {
    console.log(`  ${figures}`);
    return false;
  }
  console.log(`  ${figures.errors} errors (target 0), ${figures.warnings} warnings`);
  return figures.errors === 0;
}
