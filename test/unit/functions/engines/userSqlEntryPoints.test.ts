// Every place that hands SQL to an engine (Engine.run, estimate, parse), found by the TypeScript
// checker over functions/, must be one of the entry points below, each of which passes the SQL
// through checkUserSql first (or is checkUserSql itself). A new caller fails this test until it is
// routed through the checker and listed here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../../..');

/** Caller file -> the file whose checkUserSql call guards the SQL it hands on. */
const ENTRY_POINTS: Record<string, string> = {
  // The checker itself parses.
  'functions/engines/checkUserSql.ts': 'functions/engines/checkUserSql.ts',
  // SQL Lab: execute, async workers and scheduled queries run the plan that planRun checked.
  'functions/sqllab/runner.ts': 'functions/sqllab/plan.ts',
  'functions/sqllab/estimate.ts': 'functions/sqllab/estimate.ts',
  'functions/sqllab/export.ts': 'functions/sqllab/export.ts',
  // Alerts (reports): the alert query, planned again on every run as SQL Lab plans it (plan.ts checks it).
  'functions/reports/runDeps.ts': 'functions/sqllab/plan.ts',
  // Virtual datasets: their SQL on create (columns discovered by running it).
  'functions/datasets/columns.ts': 'functions/datasets/columns.ts',
  // Charts, their custom SQL and annotation layers' source charts: the compiled SELECT.
  'functions/charts/query/runQuery.ts': 'functions/charts/query/runQuery.ts',
  // Logs and times every run; adds no SQL.
  'functions/observability/engineCalls.ts': 'functions/observability/engineCalls.ts',
};

/** Places that check user SQL without running it themselves (saved for later runs). */
// validateTargets plans the alert as SQL Lab does (plan.ts), so plan.ts is its check.
const CHECK_ONLY = ['functions/datasets/mutate.ts', 'functions/assets/datasets.ts', 'functions/sqllab/plan.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function engineCallers(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const program = ts.createProgram(sourceFiles(join(ROOT, 'functions')), { ...config!.options, noEmit: true });
  const checker = program.getTypeChecker();
  const engineTypes = join(ROOT, 'functions/engines/types.ts');
  const callers = new Map<string, string[]>();
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(join(ROOT, 'functions'))) continue;
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) && ['run', 'estimate', 'parse'].includes(node.name.text)) {
        const declarations = checker.getSymbolAtLocation(node.name)?.declarations ?? [];
        const onEngine = declarations.some((d) => d.getSourceFile().fileName === engineTypes && ts.isInterfaceDeclaration(d.parent) && d.parent.name.text === 'Engine');
        if (onEngine) {
          const name = relative(ROOT, file.fileName);
          callers.set(name, [...(callers.get(name) ?? []), node.name.text]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return callers;
}

describe('user SQL reaches engines only through checkUserSql', () => {
  it('lists every caller of Engine.run, estimate and parse, each guarded by the checker', () => {
    const callers = engineCallers();
    expect([...callers.keys()].sort()).toEqual(Object.keys(ENTRY_POINTS).sort());
    for (const guard of new Set([...Object.values(ENTRY_POINTS), ...CHECK_ONLY])) {
      if (guard.endsWith('checkUserSql.ts') || guard.endsWith('engineCalls.ts')) continue;
      expect(readFileSync(join(ROOT, guard), 'utf8'), guard).toMatch(/\bcheckUserSql\(/);
    }
  }, 120_000);
});
