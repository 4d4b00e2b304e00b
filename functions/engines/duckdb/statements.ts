// The one DuckDB checker, on DuckDB's own parser: a script is cut into statements by DuckDB
// (extractStatements), a script of queries is checked on its parse trees (json_serialize_sql: parsed,
// never bound), and any other statement on its bound, unoptimised plan (json_serialize_plan: bound,
// never run), whose root says what it is and whose scans and calls say what it touches. Statements
// of other kinds (PRAGMA, SET, CALL, ATTACH, COPY, EXPORT, INSTALL/LOAD, EXPLAIN, CREATE MACRO...)
// are refused.
import type { DuckDBConnection } from '@duckdb/node-api';
import { findInTree } from '../expressionShape';
import { assertSqlLength } from '../safety';
import type { ParsedStatement } from '../types';
import { classifyDuckDb } from './errors';
import { assertTreeAllowed, QUERY_ROOTS, refused, refusedStatement, STATEMENT_ROOTS, type FunctionCatalog } from './sandbox';
import { countStatements, splitByDuckDb } from './split';
import { duckDbTablesRead } from './tablesRead';

// Functions that change state even inside a SELECT.
export const WRITING_FUNCTIONS = new Set(['nextval', 'setval']);

interface Serialized {
  error?: boolean;
  error_type?: string;
  error_message?: string;
  position?: string;
  statements?: { node: unknown }[];
  plans?: { type: string }[];
}

/** What a script was found to be, and how run() must run it. */
export interface CheckedScript {
  statements: ParsedStatement[];
  /** Null when DuckDB may run the script whole (queries only); else the statements to run one at a time. */
  pieces: string[] | null;
}

/** The catalogue knowledge the checks need, read once per process from a fresh DuckDB. */
export interface SandboxCatalog {
  functions: FunctionCatalog;
  systemViews: ReadonlySet<string>;
}

async function serialize(connection: DuckDBConnection, fn: 'json_serialize_sql' | 'json_serialize_plan', sql: string): Promise<Serialized> {
  const call = fn === 'json_serialize_plan' ? 'json_serialize_plan($1::VARCHAR, optimize := false)' : 'json_serialize_sql($1::VARCHAR)';
  const reader = await connection.runAndReadAll(`SELECT ${call}`, [sql]);
  return JSON.parse(String(reader.getRows()[0][0])) as Serialized;
}

const KIND_ERRORS: Record<string, string> = { parser: 'Parser', permission: 'Permission', binder: 'Binder', catalog: 'Catalog' };

/** DuckDB's error as the driver would have thrown it, so classifyDuckDb maps it the same way. */
function serializedError(result: Serialized): Error {
  const kind = KIND_ERRORS[result.error_type ?? ''] ?? 'Invalid Input';
  return new Error(`${kind} Error: ${result.error_message ?? 'unknown error'}`);
}

/** True when the tree calls a writing function (parse trees name calls function_name, bound plans name). */
const writes = (tree: unknown): boolean =>
  findInTree(tree, (key, value) => ((key === 'function_name' || key === 'name') && typeof value === 'string' && WRITING_FUNCTIONS.has(value.toLowerCase()) ? true : null)) === true;

function queryStatement(sql: string, tree: unknown): ParsedStatement {
  return { sql, kind: 'select', mutates: writes(tree), isSelect: true, reads: duckDbTablesRead(tree) };
}

/**
 * One statement that is not a plain query, checked on its bound plan. Binding may fail when the
 * statement uses what an earlier statement of the script creates: such a statement is reported as
 * one that may write (refused where DML is not allowed) and checked again right before it runs.
 */
async function checkBound(connection: DuckDBConnection, sql: string, catalog: SandboxCatalog, mustBind: boolean): Promise<ParsedStatement> {
  const result = await serialize(connection, 'json_serialize_plan', sql);
  if (result.error) {
    if (result.error_type === 'permission' || result.error_type === 'parser') throw classifyDuckDb(serializedError(result));
    if (/does not support serialization|PRAGMA function/.test(result.error_message ?? '')) throw refusedStatement('LOGICAL_' + (result.error_message?.match(/LOGICAL_\w+/)?.[0]?.slice(8) ?? 'PRAGMA'));
    if (mustBind) throw classifyDuckDb(serializedError(result));
    return { sql, kind: 'other', mutates: true, isSelect: false };
  }
  const plans = result.plans ?? [];
  if (plans.length !== 1) throw refused('a statement DuckDB reads as several', { statements: plans.length });
  const root = plans[0].type;
  assertTreeAllowed(plans[0], catalog.functions, catalog.systemViews);
  if (QUERY_ROOTS.has(root)) return { sql, kind: 'select', mutates: writes(plans[0]), isSelect: true };
  const known = STATEMENT_ROOTS[root];
  if (!known) throw refusedStatement(root);
  return { sql, kind: known.kind, mutates: known.mutates || writes(plans[0]), isSelect: false };
}

/**
 * Checks every statement of a script and says what each is. Throws SYNTAX_ERROR when DuckDB cannot
 * parse it and QUERY_SECURITY_ACCESS_ERROR (403) at the first statement, function or table it refuses.
 */
export async function checkDuckDbScript(connection: DuckDBConnection, sql: string, catalog: SandboxCatalog): Promise<CheckedScript> {
  assertSqlLength(sql);
  try {
    const count = await countStatements(connection, sql);
    if (count === 0) return { statements: [], pieces: null };
    const whole = await serialize(connection, 'json_serialize_sql', sql);
    if (whole.error && whole.error_type === 'parser') throw serializedError(whole);
    if (!whole.error) {
      const trees = (whole.statements ?? []).map((statement) => statement.node);
      if (trees.length !== count) throw refused('a script DuckDB reads two ways', { statements: count, trees: trees.length });
      for (const tree of trees) assertTreeAllowed(tree, catalog.functions, catalog.systemViews);
      const texts = count === 1 ? [sql.trim().replace(/;\s*$/, '')] : await splitByDuckDb(connection, sql, count);
      return { statements: texts.map((text, index) => queryStatement(text, trees[index])), pieces: null };
    }
    // Not only queries: each statement is checked, and run, on its own.
    const pieces = await splitByDuckDb(connection, sql, count);
    const statements: ParsedStatement[] = [];
    for (const piece of pieces) statements.push(await checkPiece(connection, piece, catalog, false));
    return { statements, pieces };
  } catch (error) {
    throw classifyDuckDb(error);
  }
}

/** One statement of a script: a query by its parse tree, anything else by its bound plan. */
export async function checkPiece(connection: DuckDBConnection, sql: string, catalog: SandboxCatalog, mustBind: boolean): Promise<ParsedStatement> {
  const tree = await serialize(connection, 'json_serialize_sql', sql);
  if (tree.error && tree.error_type === 'parser') throw serializedError(tree);
  if (!tree.error) {
    const trees = (tree.statements ?? []).map((statement) => statement.node);
    if (trees.length !== 1) throw refused('a statement DuckDB reads as several', { statements: trees.length });
    assertTreeAllowed(trees[0], catalog.functions, catalog.systemViews);
    return queryStatement(sql, trees[0]);
  }
  return checkBound(connection, sql, catalog, mustBind);
}
