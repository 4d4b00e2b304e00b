// Expression check on DuckDB's own parse tree (json_serialize_sql on a private in-memory instance:
// parsed, never bound or run): the wrapped SELECT must be exactly the frame with one expression, the
// fragment must end where it seems to (expressionShape's end marker), with no sub-query node anywhere
// and only functions the SQL sandbox allows.
import type { SupersetError } from '../../../shared/errors';
import {
  END_MARKER, findInTree, notExpression, PLACEHOLDER_TABLE, runsPastEnd, subquery, wrapExpression, wrapWithEnd, writes,
  type ExpressionKind, type ExpressionVerdict,
} from '../expressionShape';
import { parserConnection, sandboxCatalog } from './catalog';
import { assertTreeAllowed } from './sandbox';
import { WRITING_FUNCTIONS } from './statements';

type Node = Record<string, unknown>;

const sourceIsPlaceholder = (select: Node) => {
  const from = select.from_table as Node;
  return from?.type === 'BASE_TABLE' && from.table_name === PLACEHOLDER_TABLE && !from.schema_name && !from.alias && !from.catalog_name;
};

function bareFrame(select: Node): boolean {
  if (select.type !== 'SELECT_NODE') return false;
  if ((select.modifiers as unknown[]).length > 0 || ((select.cte_map as { map: unknown[] }).map ?? []).length > 0) return false;
  if ((select.group_expressions as unknown[]).length > 0 || (select.group_sets as unknown[]).length > 0) return false;
  return !select.qualify && !select.sample && sourceIsPlaceholder(select);
}

function frameIsIntact(select: Node, kind: ExpressionKind): boolean {
  if (!bareFrame(select)) return false;
  if (select.where_clause && kind !== 'where') return false;
  if (select.having && kind !== 'having') return false;
  const list = select.select_list as Node[];
  if (list.length !== 1) return false;
  return kind === 'where' || kind === 'having' || !list[0].alias;
}

/** `SELECT (fragment), <marker> FROM placeholder` came back as exactly that. */
function endsWhereItSeems(select: Node): boolean {
  if (!bareFrame(select) || select.where_clause || select.having) return false;
  const list = select.select_list as Node[];
  if (list.length !== 2 || list[0].alias || list[1].alias) return false;
  const names = list[1].column_names as unknown[] | undefined;
  return list[1].class === 'COLUMN_REF' && names?.length === 1 && names[0] === END_MARKER;
}

async function parseOne(sql: string): Promise<{ node?: Node; error?: string }> {
  const connection = await parserConnection();
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
  const tree = JSON.parse(String(reader.getRows()[0][0])) as { error?: boolean; error_message?: string; statements?: { node: Node }[] };
  if (tree.error) return { error: tree.error_message ?? 'syntax error' };
  return { node: tree.statements?.length === 1 ? tree.statements[0].node : undefined };
}

export async function checkDuckDbExpression(expression: string, kind: ExpressionKind): Promise<ExpressionVerdict> {
  const framed = await parseOne(wrapExpression(expression, kind));
  if (framed.error) return { ok: false, reason: 'syntax', message: `The expression could not be parsed: ${framed.error}` };
  const select = framed.node;
  if (!select || !frameIsIntact(select, kind)) return notExpression();
  const ended = await parseOne(wrapWithEnd(expression));
  if (!ended.node || !endsWhereItSeems(ended.node)) return runsPastEnd();
  const slots = [select.select_list, select.where_clause, select.having];
  // Writing functions first: they are refused even where sub-queries are allowed.
  const writing = findInTree<ExpressionVerdict>(slots, (key, value) =>
    key === 'function_name' && typeof value === 'string' && WRITING_FUNCTIONS.has(value.toLowerCase()) ? writes(value) : null,
  );
  if (writing) return writing;
  const catalog = await sandboxCatalog();
  try {
    assertTreeAllowed(slots, catalog.functions, catalog.systemViews);
  } catch (error) {
    return { ok: false, reason: 'writes', message: (error as SupersetError).message };
  }
  const found = findInTree<ExpressionVerdict>(slots, (key, value) =>
    (key === 'class' || key === 'type') && (value === 'SUBQUERY' || value === 'SELECT_NODE' || value === 'SET_OPERATION_NODE') ? subquery() : null,
  );
  return found ?? { ok: true };
}
