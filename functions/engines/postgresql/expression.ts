// Expression check on PostgreSQL's parse tree (libpg-query): the wrapped SELECT must be exactly the
// frame with one expression, the fragment must end where it seems to (expressionShape's end marker),
// no sub-select anywhere (SubLink, RangeSubselect) and no writing function.
import { parse } from 'libpg-query';
import {
  END_MARKER, findInTree, notExpression, PLACEHOLDER_TABLE, runsPastEnd, subquery, wrapExpression, wrapWithEnd, writes,
  type ExpressionKind, type ExpressionVerdict,
} from '../expressionShape';
import { WRITING_FUNCTIONS } from './statements';

type Node = Record<string, unknown>;

const ALLOWED_KEYS: Record<ExpressionKind, string[]> = {
  column: ['targetList', 'fromClause', 'limitOption', 'op'],
  metric: ['targetList', 'fromClause', 'limitOption', 'op'],
  where: ['targetList', 'fromClause', 'whereClause', 'limitOption', 'op'],
  having: ['targetList', 'fromClause', 'havingClause', 'limitOption', 'op'],
};

function frameIsIntact(select: Node, kind: ExpressionKind, items = 1): boolean {
  if (Object.keys(select).some((key) => !ALLOWED_KEYS[kind].includes(key))) return false;
  if (select.op !== 'SETOP_NONE') return false;
  const from = select.fromClause as Node[] | undefined;
  const range = from?.length === 1 ? (from[0].RangeVar as Node | undefined) : undefined;
  if (!range || range.relname !== PLACEHOLDER_TABLE || range.schemaname || range.alias) return false;
  const targets = select.targetList as { ResTarget?: Node }[] | undefined;
  if (targets?.length !== items || targets.some((target) => !target.ResTarget)) return false;
  // "x AS y" is not an expression.
  return kind === 'where' || kind === 'having' || !targets[0].ResTarget?.name;
}

/** `SELECT (fragment), <marker> FROM placeholder` came back as exactly that. */
async function endsWhereItSeems(expression: string): Promise<boolean> {
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = (await parse(wrapWithEnd(expression))) as typeof tree;
  } catch {
    return false;
  }
  const select = tree.stmts?.length === 1 ? (tree.stmts[0].stmt.SelectStmt as Node | undefined) : undefined;
  if (!select || !frameIsIntact(select, 'column', 2)) return false;
  const [first, last] = (select.targetList as { ResTarget: Node }[]).map((target) => target.ResTarget);
  const fields = ((last.val as Node | undefined)?.ColumnRef as { fields?: { String?: { sval?: string } }[] } | undefined)?.fields;
  return !first.name && !last.name && fields?.length === 1 && fields[0].String?.sval === END_MARKER;
}

export async function checkPostgresExpression(expression: string, kind: ExpressionKind): Promise<ExpressionVerdict> {
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = (await parse(wrapExpression(expression, kind))) as typeof tree;
  } catch (error) {
    return { ok: false, reason: 'syntax', message: `The expression could not be parsed: ${(error as Error).message}` };
  }
  const select = tree.stmts?.length === 1 ? (tree.stmts[0].stmt.SelectStmt as Node | undefined) : undefined;
  if (!select || !frameIsIntact(select, kind)) return notExpression();
  if (!(await endsWhereItSeems(expression))) return runsPastEnd();
  // Writing functions first: they are refused even where sub-queries are allowed.
  const writing = findInTree<ExpressionVerdict>(select, (key, value) => {
    if (key !== 'FuncCall') return null;
    const parts = ((value as Node).funcname as { String?: { sval?: string } }[] | undefined) ?? [];
    const name = (parts[parts.length - 1]?.String?.sval ?? '').toLowerCase();
    return WRITING_FUNCTIONS.has(name) ? writes(name) : null;
  });
  const found = writing ?? findInTree<ExpressionVerdict>(select, (key) => (key === 'SubLink' || key === 'RangeSubselect' || key === 'SelectStmt' ? subquery() : null));
  return found ?? { ok: true };
}
