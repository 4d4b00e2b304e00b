// The import graph of TypeScript sources and its cycles: a test helper that stands in for madge. Like
// madge, type-only imports count by default (a type cycle still ties modules together); pass
// `{ types: false }` to follow only what runs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const ext of ['', ...EXTENSIONS]) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

export interface GraphOptions {
  /** Follow `import type` too (default true, as madge does). */
  types?: boolean;
}

/** Relative imports of one file; with `types: false`, only those that exist at run time. */
export function importsOf(file: string, options: GraphOptions = {}): string[] {
  const types = options.types ?? true;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const node of source.statements) {
    let spec: string | null = null;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (!types && clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      if (!types && onlyTypes) continue;
      spec = (node.moduleSpecifier as ts.StringLiteral).text;
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && (types || !node.isTypeOnly)) {
      spec = (node.moduleSpecifier as ts.StringLiteral).text;
    }
    const target = spec ? resolveImport(file, spec) : null;
    if (target) out.push(target);
  }
  return out;
}

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });

/** Every cycle (as root-relative paths) among the runtime imports of the files under `dir`. */
export function importCycles(dir: string, root: string, options: GraphOptions = {}): string[][] {
  const files = sourcesUnder(dir);
  const graph = new Map(files.map((f) => [f, importsOf(f, options)]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((f) => relative(root, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}
