// Expression check on DuckDB's own parse tree (json_serialize_sql on a private in-memory instance:
// parsed, never bound or run): the wrapped SELECT must be exactly the frame with one expression, with
// no sub-query node anywhere and no writing or sandbox-refused function.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SupersetError } from '../../../shared/errors';
import { findInTree, notExpression, PLACEHOLDER_TABLE, subquery, writes, wrapExpression, type ExpressionKind, type ExpressionVerdict } from '../expressionShape';
import { SANDBOX_OPTIONS } from './connect';
import { assertSandboxed } from './sandbox';
import { WRITING_FUNCTIONS } from './statements';

type Node = Record<string, unknown>;

let parser: Promise<DuckDBConnection> | null = null;
const parserConnection = () => (parser ??= DuckDBInstance.create(':memory:', SANDBOX_OPTIONS).then((instance) => instance.connect()));

function frameIsIntact(select: Node, kind: ExpressionKind): boolean {
  if (select.type !== 'SELECT_NODE') return false;
  if ((select.modifiers as unknown[]).length > 0 || ((select.cte_map as { map: unknown[] }).map ?? []).length > 0) return false;
  if ((select.group_expressions as unknown[]).length > 0 || (select.group_sets as unknown[]).length > 0) return false;
  if (select.qualify || select.sample) return false;
  if (select.where_clause && kind !== 'where') return false;
  if (select.having && kind !== 'having') return false;
  const from = select.from_table as Node;
  if (from?.type !== 'BASE_TABLE' || from.table_name !== PLACEHOLDER_TABLE || from.schema_name || from.alias || from.catalog_name) return false;
  const list = select.select_list as Node[];
  if (list.length !== 1) return false;
  return kind === 'where' || kind === 'having' || !list[0].alias;
}

export async function checkDuckDbExpression(expression: string, kind: ExpressionKind): Promise<ExpressionVerdict> {
  try {
    assertSandboxed(expression);
  } catch (error) {
    return { ok: false, reason: 'writes', message: (error as SupersetError).message };
  }
  const connection = await parserConnection();
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [wrapExpression(expression, kind)]);
  const tree = JSON.parse(String(reader.getRows()[0][0])) as { error?: boolean; error_message?: string; statements?: { node: Node }[] };
  if (tree.error) return { ok: false, reason: 'syntax', message: `The expression could not be parsed: ${tree.error_message ?? 'syntax error'}` };
  const select = tree.statements?.length === 1 ? tree.statements[0].node : undefined;
  if (!select || !frameIsIntact(select, kind)) return notExpression();
  const slots = [select.select_list, select.where_clause, select.having];
  // Writing functions first: they are refused even where sub-queries are allowed.
  const writing = findInTree<ExpressionVerdict>(slots, (key, value) =>
    key === 'function_name' && typeof value === 'string' && WRITING_FUNCTIONS.has(value.toLowerCase()) ? writes(value) : null,
  );
  const found =
    writing ??
    findInTree<ExpressionVerdict>(slots, (key, value) =>
      (key === 'class' || key === 'type') && (value === 'SUBQUERY' || value === 'SELECT_NODE' || value === 'SET_OPERATION_NODE') ? subquery() : null,
    );
  return found ?? { ok: true };
}
