// The server's modules load in one order: no runtime import cycle, where a module can run before the one it
// imports has finished (a `const` read in its temporal dead zone, a class still undefined). Only
// `import type` / `export type` are erased at build time; every other import (`import { type X }` too, under
// verbatimModuleSyntax) loads the module.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The modules `file` loads when it runs. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveImport(file, specifier.text);
      if (target) found.push(target);
    }
  }
  return found;
}

/** The runtime import graph from `entry`, and its cycles (strongly connected components of 2 or more). */
function importCycles(entry: string): string[][] {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const targets = runtimeImports(file);
    graph.set(file, targets);
    pending.push(...targets);
  }
  // Tarjan's algorithm.
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)!) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, order.get(target)!));
      }
    }
    if (low.get(file) === order.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(ROOT, member));
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

describe('runtime imports', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    // tests/server/support/import-cycle/a.ts imports b.ts, which imports a.ts.
    expect(importCycles(join(ROOT, 'tests/server/support/import-cycle/a.ts'))).toEqual([
      ['tests/server/support/import-cycle/a.ts', 'tests/server/support/import-cycle/b.ts'],
    ]);
  });

  it('finds none among the modules server/main.ts loads', () => {
    expect(importCycles(join(ROOT, 'server/main.ts'))).toEqual([]);
  });
});
