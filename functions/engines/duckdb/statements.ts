// Statement classification by DuckDB's own parser: json_serialize_sql gives the parse tree of queries
// without binding them; anything else is prepared (parsed and bound, never run) for its statement type.
import { StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { assertSqlLength } from '../safety';
import { explainedStatement, splitScript } from '../scriptSplit';
import type { ParsedStatement, StatementKind } from '../types';
import { classifyDuckDb, parseDuckDbMessage } from './errors';
import { assertSandboxed, assertStatementSandboxed, assertTreeSandboxed } from './sandbox';
import { duckDbTablesRead } from './tablesRead';

// Functions that change state even inside a SELECT.
export const WRITING_FUNCTIONS = new Set(['nextval', 'setval', 'checkpoint', 'force_checkpoint']);

// Statement types that only read, or only delimit a transaction.
const KIND_BY_TYPE: Partial<Record<StatementType, [StatementKind, boolean]>> = {
  [StatementType.SELECT]: ['select', false],
  [StatementType.INSERT]: ['insert', true],
  [StatementType.UPDATE]: ['update', true],
  [StatementType.DELETE]: ['delete', true],
  [StatementType.MERGE_INTO]: ['merge', true],
  [StatementType.CREATE]: ['ddl', true],
  [StatementType.CREATE_FUNC]: ['ddl', true],
  [StatementType.DROP]: ['ddl', true],
  [StatementType.ALTER]: ['ddl', true],
  [StatementType.SET]: ['set', true],
  [StatementType.VARIABLE_SET]: ['set', true],
  [StatementType.TRANSACTION]: ['other', false],
};

function callsWritingFunction(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(callsWritingFunction);
  if (node === null || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'function_name' && typeof value === 'string' && WRITING_FUNCTIONS.has(value.toLowerCase())) return true;
    if (typeof value === 'object' && callsWritingFunction(value)) return true;
  }
  return false;
}

/** The query tree of a statement, or null when it is not a query (json_serialize_sql only serialises SELECTs). */
async function queryTree(connection: DuckDBConnection, sql: string): Promise<unknown | null> {
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
  const tree = JSON.parse(String(reader.getRows()[0][0])) as { error?: boolean; error_type?: string; error_message?: string; statements?: unknown[] };
  if (tree.error && tree.error_type === 'parser') throw new Error(`Parser Error: ${tree.error_message}`);
  return tree.error ? null : (tree.statements?.[0] ?? null);
}

/**
 * An EXPLAIN reads only when what it explains does (EXPLAIN ANALYZE runs the statement): that
 * statement is classified by the parser like any other.
 */
async function classifyExplain(connection: DuckDBConnection, sql: string): Promise<ParsedStatement> {
  const inner = explainedStatement(sql);
  let mutates = true;
  if (inner?.trim()) {
    const extracted = await connection.extractStatements(inner);
    if (extracted.count === 1) mutates = (await classifyOne(connection, inner, () => extracted.prepare(0))).mutates;
  }
  return { sql, kind: 'other', mutates, isSelect: false };
}

async function classifyOne(connection: DuckDBConnection, sql: string, prepare: () => Promise<{ statementType: StatementType; destroySync(): void }>): Promise<ParsedStatement> {
  const tree = await queryTree(connection, sql);
  if (tree) {
    assertTreeSandboxed(tree);
    const mutates = callsWritingFunction(tree);
    return { sql, kind: 'select', mutates, isSelect: true, reads: duckDbTablesRead(tree) };
  }
  assertStatementSandboxed(sql);
  let statementType: StatementType | null = null;
  try {
    const prepared = await prepare();
    statementType = prepared.statementType;
    prepared.destroySync();
  } catch (error) {
    // Binding can fail for reasons unrelated to syntax (a table created earlier in the same script);
    // such a statement is not a query, so it is treated as one that may write.
    if (parseDuckDbMessage((error as Error).message ?? '').kind === 'Parser') throw error;
  }
  if (statementType === StatementType.EXPLAIN) return classifyExplain(connection, sql);
  const [kind, mutates] = (statementType !== null && KIND_BY_TYPE[statementType]) || ['other', true];
  return { sql, kind, mutates, isSelect: kind === 'select' };
}

export async function parseDuckDbScript(connection: DuckDBConnection, sql: string): Promise<ParsedStatement[]> {
  assertSqlLength(sql);
  // Preparing binds, and binding some refused functions already acts.
  assertSandboxed(sql);
  const statements: ParsedStatement[] = [];
  try {
    for (const piece of splitScript(sql)) {
      const extracted = await connection.extractStatements(piece.sql);
      for (let index = 0; index < extracted.count; index += 1) {
        statements.push(await classifyOne(connection, piece.sql, () => extracted.prepare(index)));
      }
    }
  } catch (error) {
    throw classifyDuckDb(error);
  }
  return statements;
}
